// The one formatter per kind of value shown or exported anywhere (screens, PDFs, emails, CSV/xlsx):
// money in any currency, percent, counts, dates in America/Guatemala and receipt numbers.
// The conventions are in docs/product.md#money-currencies-and-formats.
import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

/**
 * Symbols written right before the number, with no space: `Q1,234.56`, `US$1,234.56`. A currency
 * without a symbol here shows its ISO code and a space (`EUR 1,234.56`), as a code is a word.
 * The symbols are fixed here rather than taken from ICU, whose es-GT data varies between Node and
 * browsers ("Q 1,234.56", "USD 1,234.56").
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { GTQ: 'Q', USD: 'US$' };

const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

function currencyPrefix(currency: string): string {
  const code = currency.toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? `${code} `;
}

/** Rounds to whole cents first, so that -0.001 shows as `Q0.00`, never `-Q0.00`. */
function toNumber(amount: number | string): number {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Money in any currency: `Q185.00`, `Q50,000.00`, `US$1,234.56`, `-Q15.00`. */
export function formatMoney(amount: number | string, currency: string = CURRENCY): string {
  const value = toNumber(amount);
  const sign = value < 0 ? '-' : '';
  return `${sign}${currencyPrefix(currency)}${twoDecimals.format(Math.abs(value))}`;
}

/** Integer cents in any currency: 123456 -> `Q1,234.56`. */
export function formatCents(cents: number | bigint, currency: string = CURRENCY): string {
  return formatMoney(Number(cents) / 100, currency);
}

/**
 * Money on a chart axis, short and with the same symbol: `Q850`, `Q1.5 mil`, `Q12 mil`, `Q2.3 M`
 * (Spanish "mil" and "M" for millones; never the English "K").
 */
export function formatMoneyCompact(amount: number, currency: string = CURRENCY): string {
  const value = toNumber(amount);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const prefix = `${sign}${currencyPrefix(currency)}`;
  if (abs >= 1_000_000) return `${prefix}${numberFormat(1).format(abs / 1_000_000)} M`;
  if (abs >= 1000) return `${prefix}${numberFormat(1).format(abs / 1000)} mil`;
  return `${prefix}${numberFormat(0).format(abs)}`;
}

/** A count or a plain figure with thousands separators: `1,234`, `12.5` (at most `decimals` decimals). */
export function formatNumber(value: number, decimals = 3): string {
  return numberFormat(decimals).format(value);
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/** Exactly `decimals` decimals, so that figures side by side line up (`20.0`, never `20` next to `12.5`). */
function fixedFormat(decimals: number): Intl.NumberFormat {
  let format = fixedFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixedFormats.set(decimals, format);
  }
  return format;
}

/**
 * The whole minutes a client refused with 429 is told to wait, from the answer's Retry-After in
 * seconds: rounded up, at least one (59 s and 60 s are 1 minute, 61 s is 2).
 */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * A percentage given in percent units (68.8 means 68.8 %), always one decimal, no space before the
 * sign: `68.8%`, `20.0%`, `100.0%`, as the spreadsheets' `0.0%` shows them; `signed` shows the
 * direction of a change: `+2,068.5%`, `-12.5%`, `0.0%`. A whole number used to lose its decimal
 * ("20%" in a column of "12.5%"). Every percentage on a screen, a PDF, an email or an export is
 * written by this function.
 */
export function formatPercent(value: number, options: { signed?: boolean; decimals?: number } = {}): string {
  const decimals = options.decimals ?? 1;
  const f = 10 ** decimals;
  const rounded = Math.round(value * f) / f;
  const text = fixedFormat(decimals).format(Math.abs(rounded));
  const sign = rounded < 0 ? '-' : options.signed && rounded > 0 ? '+' : '';
  return `${sign}${text}%`;
}

/**
 * A number for a machine-readable file (CSV): no grouping, fixed decimals, the given decimal
 * separator (a comma for spreadsheets set to a decimal comma).
 */
export function formatDecimal(value: number, decimals = 2, decimalSeparator: '.' | ',' = '.'): string {
  const f = 10 ** decimals;
  const rounded = Math.round(value * f) / f;
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const whole = Math.trunc(abs);
  const fraction = decimals ? decimalSeparator + String(Math.round((abs - whole) * f)).padStart(decimals, '0') : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The spreadsheet number format of money in the currency, matching formatMoney: `"Q"#,##0.00`. */
export function spreadsheetMoneyFormat(currency: string = CURRENCY): string {
  return `"${currencyPrefix(currency)}"#,##0.00`;
}

/** The spreadsheet number formats of a percentage and of a signed change, matching formatPercent. */
export const SPREADSHEET_PERCENT_FORMAT = '0.0%';
export const SPREADSHEET_SIGNED_PERCENT_FORMAT = '+0.0%;-0.0%;0.0%';

/**
 * The permanent receipt number as printed on the receipt: 275 -> `000275`, with its series when known
 * ('A', 275 -> `A-000275`), which is how the PDF and its file name name it.
 */
export function formatReceiptNumber(n: number, series?: string | null): string {
  const digits = String(n).padStart(6, '0');
  return series ? `${series}-${digits}` : digits;
}

// ---------------------------------------------------------------- dates (America/Guatemala)

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
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** An instant as the Guatemala calendar day: `28/02/2025`. */
export function formatDate(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

/** An instant as the Guatemala calendar day in words: `28 de febrero de 2025`. */
export function formatLongDate(value: Date | string | number): string {
  return longDateFormat.format(toDate(value));
}

/** An instant in Guatemala wall-clock time: `28/02/2025, 09:00 p. m.`. */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(toDate(value));
}

/**
 * When a gift was given: its Guatemala wall-clock time, or only its day for a gift known by its day
 * alone (entered by the office or imported: the API's `dated_by_day`), whose stored hour was not given.
 */
export function formatGiftDate(createdAt: string, datedByDay: boolean): string {
  return datedByDay ? formatDate(createdAt) : formatDateTime(createdAt);
}

/** The Guatemala calendar day of an instant as 'YYYY-MM-DD' (for grouping and comparing days). */
export function guatemalaDay(value: Date | string | number): string {
  return dayKeyFormat.format(toDate(value));
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

/**
 * A calendar day 'YYYY-MM-DD' in words, as Guatemala names it: '1 de enero de 2026'. Read as noon in
 * Guatemala, so that no time-zone shift moves it to the day before.
 */
export function formatLongDay(ymd: string): string {
  return formatLongDate(`${ymd}T12:00:00-06:00`);
}

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** What happened less than a minute ago: Intl would say 'este minuto', which no one says. */
const JUST_NOW = 'hace un momento';

/**
 * 'hace 3 días', 'ayer', 'hace 5 minutos', 'hace un momento' (under a minute either way: a browser
 * clock a few seconds behind the server's must not say 'dentro de'); a date 30 days away or more is
 * shown as a date.
 */
export function formatRelative(value: Date | string | number, now = Date.now()): string {
  const diff = toDate(value).getTime() - now;
  if (Math.abs(diff) >= 30 * 86_400_000) return formatDate(value);
  if (Math.abs(diff) < 60_000) return JUST_NOW;
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute') return relativeFormat.format(Math.round(diff / ms), unit);
  }
  return formatDate(value);
}

const monthOnlyFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'long' });

/** A calendar month number as its name: 1 -> 'enero'. */
export function formatMonthName(month: number): string {
  return monthOnlyFormat.format(new Date(Date.UTC(2000, month - 1, 1)));
}

const tileDayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric' });
const tileMonthFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, month: 'short' });

/** The Guatemala day number and short month of an instant, for a calendar tile: { day: '5', month: 'nov' }. */
export function formatCalendarTile(value: Date | string | number): { day: string; month: string } {
  const date = toDate(value);
  return { day: tileDayFormat.format(date), month: tileMonthFormat.format(date).replace('.', '') };
}

// ---------------------------------------------------------------- cents

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

/** Rounds to the given decimals: roundTo(66.666, 1) is 66.7. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
