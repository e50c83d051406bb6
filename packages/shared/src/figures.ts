// The figures the product shows (home, dashboards, reports, exports), each defined once: which
// donations it counts, by which date, over which period. docs/product.md#figures.
//
// - Status: only completed donations are money received; pending, failed, cancelled and expired
//   ones are never added to an amount.
// - Currency: amounts are sums in quetzales (GTQ); a donation in another currency counts with the
//   quetzal equivalent fixed when it was made, and is left out when it has none.
// - Date basis: every period counts a donation by its donation date, `created_at` (the date on its
//   receipt and in every list), in America/Guatemala; never by the date it was approved.
// - Periods are calendar periods in America/Guatemala, to date (today included): the week (Monday
//   first), the month, the quarter, the year in course. A change is always measured against the
//   same stretch of the previous period (the 1st to the same day of the previous month, etc.), never
//   a partial period against a whole one.
import { CURRENCY, TIME_ZONE, type DonationStatus, type ReportPeriod } from './constants';
import { guatemalaDay } from './format';

export const FIGURE_DATE_BASIS = 'created_at' as const;
export const FIGURE_STATUSES = ['completed'] as const satisfies readonly DonationStatus[];
export const FIGURE_CURRENCY = CURRENCY;

/** A stretch of Guatemala calendar days, 'YYYY-MM-DD', `end` excluded. */
export interface DayRange {
  start: string;
  end: string;
}

export interface FigurePeriod {
  period: ReportPeriod;
  /** From the first day of the period to today, included (`end` is tomorrow). */
  current: DayRange;
  /** The previous period, from its first day for as many days as `current` has (never past its end). */
  previous: DayRange;
}

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + n);
  return dayOf(date);
}

/** The first day of the calendar period containing `day`, and of the one before it. */
function periodStarts(period: ReportPeriod, day: string): { start: string; previousStart: string } {
  const date = parseDay(day);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (period) {
    case 'week': {
      const start = addDays(day, -((date.getUTCDay() + 6) % 7));
      return { start, previousStart: addDays(start, -7) };
    }
    case 'month':
      return { start: dayOf(new Date(Date.UTC(y, m, 1))), previousStart: dayOf(new Date(Date.UTC(y, m - 1, 1))) };
    case 'quarter': {
      const q = m - (m % 3);
      return { start: dayOf(new Date(Date.UTC(y, q, 1))), previousStart: dayOf(new Date(Date.UTC(y, q - 3, 1))) };
    }
    case 'year':
      return { start: `${String(y).padStart(4, '0')}-01-01`, previousStart: `${String(y - 1).padStart(4, '0')}-01-01` };
  }
}

const PERIOD_MONTHS: Record<Exclude<ReportPeriod, 'week'>, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The day `end` falls on one period earlier, by the calendar: 16 May -> 16 April (month), 16 February
 * (quarter), 16 May of the year before. A day the earlier month lacks (31 April) runs over into the
 * next month, which the caller clamps to the period's start.
 */
function shiftBack(period: ReportPeriod, end: string): string {
  if (period === 'week') return addDays(end, -7);
  const date = parseDay(end);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - PERIOD_MONTHS[period], date.getUTCDate())));
}

/** The calendar period in course at `now` (Guatemala), and the same stretch of the previous one. */
export function figurePeriod(period: ReportPeriod, now: Date = new Date()): FigurePeriod {
  const today = guatemalaDay(now);
  const { start, previousStart } = periodStarts(period, today);
  const end = addDays(today, 1);
  const shifted = shiftBack(period, end);
  return { period, current: { start, end }, previous: { start: previousStart, end: shifted < start ? shifted : start } };
}

/** The instant at which a Guatemala calendar day begins. */
export function guatemalaMidnight(day: string): Date {
  const guess = parseDay(day).getTime();
  // The zone's offset at that moment: its wall clock read as UTC, minus the instant.
  const parts = Object.fromEntries(wallClockFormat.formatToParts(new Date(guess)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return new Date(guess - (wall - guess));
}

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** A day range as instants, [start, end), to compare with `created_at`. */
export function instantRange(range: DayRange): { start: Date; end: Date } {
  return { start: guatemalaMidnight(range.start), end: guatemalaMidnight(range.end) };
}

/** Change of `current` over `previous` in percent, 1 decimal; from nothing to something counts as 100. */
export function growthPercentage(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A programme's progress towards its goal in percent: 1 decimal, at most 100, 0 without a goal. */
export function progressPercentage(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0) return 0;
  return Math.min(100, Math.round((raisedCents / goalCents) * 1000) / 10);
}
