// The SQL side of the figures defined in packages/shared/src/figures.ts (docs/product.md#figures):
// which donations count (completed), with which amount (quetzales; another currency by its quetzal
// equivalent fixed when it was made) and by which date (`created_at`, in America/Guatemala).
import { sql, type SQL } from 'drizzle-orm';
import { instantRange, type DayRange } from '@donaciones/shared/figures';
import type { Db } from '../../db/client';
import { donationDaily } from '../../db/schema';

/** A donation's amount in quetzal cents, as every figure adds it up. */
export const QUETZAL_CENTS = sql.raw(`CASE WHEN currency = 'GTQ' THEN amount_cents ELSE coalesce(gtq_cents, 0) END`);

/**
 * The donations a figure counts: completed ones with a quetzal value (a donation in another
 * currency recorded without its quetzal equivalent cannot be added to a quetzal total).
 */
export const COUNTED = sql.raw(`status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)`);

/** `created_at` within the Guatemala calendar days of `range`. */
export function createdWithin(range: DayRange): SQL {
  const { start, end } = instantRange(range);
  return sql`created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz`;
}

/**
 * The completed donations made within `range`: how many, and how many quetzal cents, from the daily
 * rollup (donation_daily, kept by a trigger in each change's transaction): a few rows per day of the
 * range, whatever the number of gifts.
 */
export async function donatedWithin(db: Db, range: DayRange): Promise<{ count: number; cents: number }> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${donationDaily.countedCount}), 0)::bigint`, cents: sql<string>`coalesce(sum(${donationDaily.countedCents}), 0)::bigint` })
    .from(donationDaily)
    .where(sql`${donationDaily.day} >= ${range.start}::date AND ${donationDaily.day} < ${range.end}::date`);
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}
