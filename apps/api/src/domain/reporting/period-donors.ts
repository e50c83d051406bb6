// A period's donors for the reports (docs/product.md#reports-and-exports): how many distinct addresses
// gave counted gifts, and the ten who gave most, with the name of their newest gift. Whole months come
// from the rollup per donor and month (donation_donor_monthly, migration 0038, decision 0057); the days
// of a month the period covers in part come from the ledger, so a year costs its donor-months plus at
// most two partial months of gifts, not every gift of the year.
import { type SQL, sql } from 'drizzle-orm';
import { type DayRange, instantRange } from '@donaciones/shared/figures';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { COUNTED, QUETZAL_CENTS } from '../ledger/figures';

export interface PeriodDonors {
  uniqueDonors: number;
  top: { email: string; name: string; cents: number; count: number }[];
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The period as whole months [from, to) of the rollup and day ranges read from the ledger. */
export function periodPieces(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const first = range.start.endsWith('-01') ? range.start : nextMonth(monthStart(range.start));
  const last = monthStart(range.end);
  if (first >= last) return { months: null, days: [range] };
  const days = [range.start < first ? { start: range.start, end: first } : null, last < range.end ? { start: last, end: range.end } : null];
  return { months: { start: first, end: last }, days: days.filter((d): d is DayRange => d !== null) };
}

/**
 * The period's month in course (to today) is read whole from the rollup when no counted gift is dated
 * after the period's end in that month (none normally is: the period ends today), else its days from the ledger.
 */
async function withWholeLastMonth(db: Db, range: DayRange, pieces: ReturnType<typeof periodPieces>): Promise<ReturnType<typeof periodPieces>> {
  const tail = pieces.days.find((d) => d.end === range.end && d.start === monthStart(range.end));
  if (!tail || !pieces.months) return pieces;
  const after = instantRange({ start: range.end, end: nextMonth(tail.start) });
  const [later] = rowsOf<{ any: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM donations WHERE ${COUNTED}
      AND created_at >= ${after.start.toISOString()}::timestamptz AND created_at < ${after.end.toISOString()}::timestamptz) AS any`),
  );
  if (later.any) return pieces;
  return { months: { start: pieces.months.start, end: nextMonth(tail.start) }, days: pieces.days.filter((d) => d !== tail) };
}

export async function periodDonors(db: Db, range: DayRange, limit = 10): Promise<PeriodDonors> {
  const pieces = await withWholeLastMonth(db, range, periodPieces(range));
  const parts: SQL[] = [];
  if (pieces.months) {
    parts.push(sql`SELECT email, count AS n, cents, last_at, last_id, name FROM donation_donor_monthly
      WHERE month >= ${pieces.months.start}::date AND month < ${pieces.months.end}::date`);
  }
  for (const days of pieces.days) {
    const { start, end } = instantRange(days);
    parts.push(sql`SELECT lower(donor_email), 1, ${QUETZAL_CENTS}, created_at, id, donor_name FROM donations
      WHERE ${COUNTED} AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz`);
  }
  const rows = rowsOf<{ email: string | null; name: string | null; cents: string | number | null; n: string | number | null; donors: string | number }>(
    await db.execute(sql`
      WITH pieces (email, n, cents, last_at, last_id, name) AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
      per AS (SELECT email, sum(n) AS n, sum(cents) AS cents FROM pieces GROUP BY email),
      top AS (SELECT email, n, cents FROM per ORDER BY cents DESC, n DESC, email LIMIT ${limit}),
      named AS (SELECT DISTINCT ON (p.email) p.email, p.name FROM pieces p JOIN top USING (email) ORDER BY p.email, p.last_at DESC, p.last_id DESC)
      SELECT top.email, named.name, top.cents, top.n, (SELECT count(*) FROM per) AS donors
      FROM (SELECT 1) one LEFT JOIN top ON true LEFT JOIN named USING (email)
      ORDER BY top.cents DESC, top.n DESC, top.email`),
  );
  return {
    uniqueDonors: Number(rows[0]?.donors ?? 0),
    top: rows
      .filter((r) => r.email !== null)
      .map((r) => ({ email: r.email as string, name: r.name as string, cents: Number(r.cents), count: Number(r.n) })),
  };
}
