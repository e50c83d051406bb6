// Display helpers of the donor screens (es-GT, America/Guatemala).
import { CURRENCY, LOCALE, TIME_ZONE } from '@donaciones/shared/constants';
import { formatDate, formatMoney, formatNumber } from '@donaciones/shared/format';

/** `Q185.00`, or the currency's own format for donations in another currency. */
export function formatAmount(amount: number, currency: string = CURRENCY): string {
  if (currency === CURRENCY) return formatMoney(amount);
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatPercent(value: number): string {
  return `${formatNumber(Math.round(value * 10) / 10)} %`;
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** 'hace 3 días', 'ayer', 'hace 5 minutos'; an older date is shown as a date. */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  if (Math.abs(diff) >= 30 * 86_400_000) return formatDate(iso);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute') return relative.format(Math.round(diff / ms), unit);
  }
  return formatDate(iso);
}

const monthName = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'long' });
/** 1 -> 'enero' */
export function formatMonthName(month: number): string {
  return monthName.format(new Date(Date.UTC(2000, month - 1, 1)));
}

const dayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric' });
const shortMonthFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, month: 'short' });
/** The day number and the short month of a date in Guatemala, for a calendar tile. */
export function calendarTile(iso: string): { day: string; month: string } {
  const d = new Date(iso);
  return { day: dayFormat.format(d), month: shortMonthFormat.format(d).replace('.', '') };
}
