// Money and date formatting for Guatemala (DECISIONS.md D14).
import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

const currencyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const numberFormat = new Intl.NumberFormat(LOCALE);
const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * `Q185.00` (DECISIONS.md D14). Some ICU versions put a (no-break) space between the symbol and the
 * number for es-GT; the product shows them together, so literal spaces next to the symbol are dropped.
 */
export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return currencyFormat
    .formatToParts(value)
    .filter((part) => !(part.type === 'literal' && /^\s+$/.test(part.value)))
    .map((part) => part.value)
    .join('');
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

export function formatLongDate(value: Date | string | number): string {
  return longDateFormat.format(toDate(value));
}

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(toDate(value));
}

const monthNameFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'long', year: 'numeric' });
const shortMonthFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'short', year: 'numeric' });

/** A calendar month 'YYYY-MM' as 'enero de 2025' (no time-zone shift: it is a calendar value). */
export function formatMonth(ym: string, style: 'long' | 'short' = 'long'): string {
  const [y, m] = ym.split('-').map(Number);
  return (style === 'long' ? monthNameFormat : shortMonthFormat).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** A calendar day 'YYYY-MM-DD' as 'dd/mm/aaaa' (no time-zone shift: it is a calendar value). */
export function formatDay(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${d}/${m}/${y}`;
}

/** Exact conversions between quetzales and integer cents (money is never a float in storage). */
export function toCents(amount: number | string): number {
  // String(2e-7) is '2e-7': such numbers are written out in plain decimals first, so the result
  // is always a whole number of cents (a fraction would reach an integer column and fail there).
  const text = typeof amount === 'number' && /e/i.test(String(amount)) ? amount.toFixed(2) : String(amount).trim();
  const [whole, frac = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  const cents = Math.abs(Number(whole)) * 100 + Number((frac + '00').slice(0, 2));
  return sign * cents;
}

export function fromCents(cents: number | bigint): number {
  return Number(cents) / 100;
}

/** 1 decimal percentage, e.g. 66.7 */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
