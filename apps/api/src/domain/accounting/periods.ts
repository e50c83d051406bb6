// Closed months (docs/product.md#the-register-and-the-close): once staff close a month nothing dated
// up to its end may change; a correction is recorded with a date in the open month instead.
import { desc } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { guatemalaMidnight } from '@donaciones/shared/figures';
import { accountingMessages } from '@donaciones/shared/messages/accounting';
import type { Db } from '../../db/client';
import { accountingCloses } from '../../db/schema';
import { ConflictError } from '../../errors';

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The Guatemala calendar month ('YYYY-MM') of an instant or a 'YYYY-MM-DD' day. */
export function monthOf(date: Date | string): string {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : guatemalaDay(date);
  return day.slice(0, 7);
}

/** The instants [start, end) of a Guatemala calendar month. */
export function monthInstants(month: string): { start: Date; end: Date } {
  return { start: guatemalaMidnight(`${month}-01`), end: guatemalaMidnight(`${nextMonth(month)}-01`) };
}

/** The latest closed month, or null when none is closed. */
export async function latestClosedMonth(db: Db): Promise<string | null> {
  const [row] = await db.select({ month: accountingCloses.month }).from(accountingCloses).orderBy(desc(accountingCloses.month)).limit(1);
  return row?.month ?? null;
}

/** Whether `date` (an instant, or a Guatemala day 'YYYY-MM-DD') falls in or before `closed`, the latest closed month. */
export function inClosedMonth(date: Date | string, closed: string | null): boolean {
  return closed !== null && monthOf(date) <= closed;
}

/**
 * Throws the house's ConflictError (409, Spanish detail) when `date` (an instant, or a Guatemala day
 * 'YYYY-MM-DD') falls in a closed month or before the latest closed one. Every staff edit of a gift,
 * a deposit, a receipt or a statement calls it with the date of what it changes, and a correction
 * with the date it lands on (today, in the open month).
 */
export async function assertOpenPeriod(db: Db, date: Date | string): Promise<void> {
  const closed = await latestClosedMonth(db);
  if (closed !== null && inClosedMonth(date, closed)) throw new ConflictError(accountingMessages.periodClosed(closed));
}

/** Whether `date` may still be edited (the same rule as assertOpenPeriod, without throwing). */
export async function isOpenPeriod(db: Db, date: Date | string): Promise<boolean> {
  return !inClosedMonth(date, await latestClosedMonth(db));
}
