// A period's donors for the reports (docs/product.md#reports-and-exports): how many distinct addresses
// gave counted gifts, and the ten who gave most, with the name of their newest gift. They come from the
// rollup per donor and calendar month, quarter and year (donation_donor_periods, migrations 0038 and
// 0039, decisions 0057 and 0059): the year, the quarter or the month in course is one span's rows, one
// per donor, its top ten read by an index; another period adds up its whole spans' rows and reads the
// days of a month it covers in part from the ledger.
import { type SQL, sql } from 'drizzle-orm';
import { type DayRange, instantRange } from '@donaciones/shared/figures';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { COUNTED, QUETZAL_CENTS } from '../ledger/figures';

export interface PeriodDonors {
  uniqueDonors: number;
  /** `anonymous`: one of the donor's counted gifts of the period was given anonymously. */
  top: { email: string; name: string; cents: number; count: number; anonymous: boolean }[];
}

/** The period as whole calendar years, quarters and months of the rollup, and day ranges read from the ledger. */
export interface PeriodPieces {
  years: string[];
  quarters: string[];
  months: string[];
  days: DayRange[];
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;
function quarterStart(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
}

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

/**
 * Whole years, quarters and months of [from, to) (each the first of a month), from `from` until they
 * reach `until`: at each step the largest span that starts there and ends by `to`.
 */
function wholeSpans(from: string, to: string, until: string): Omit<PeriodPieces, 'days'> {
  const spans: Omit<PeriodPieces, 'days'> = { years: [], quarters: [], months: [] };
  for (let m = from; m < to && m < until; ) {
    const [key, length] = m.endsWith('-01-01') && addMonths(m, 12) <= to ? (['years', 12] as const)
      : quarterStart(m) === m && addMonths(m, 3) <= to ? (['quarters', 3] as const)
      : (['months', 1] as const);
    spans[key].push(m);
    m = addMonths(m, length);
  }
  return spans;
}

/**
 * The pieces of `range`; `reach` is how far past its end the rollup may count (the first of a later
 * month or year): no counted gift is dated between the period's end and it.
 */
export function periodPieces(range: DayRange, reach = range.end): PeriodPieces {
  const first = range.start.endsWith('-01') ? range.start : addMonths(monthStart(range.start), 1);
  const last = reach > range.end ? reach : monthStart(range.end);
  if (first > range.end || first >= last) return { years: [], quarters: [], months: [], days: [range] };
  const days = [range.start < first ? { start: range.start, end: first } : null, last < range.end ? { start: last, end: range.end } : null];
  return { ...wholeSpans(first, last, range.end), days: days.filter((d): d is DayRange => d !== null) };
}

/**
 * The end of the year (else of the quarter, else of the month) of the period's last day when no
 * counted gift is dated after the period's end before it (none normally is: the period ends today);
 * else the period's end.
 */
async function rollupReach(db: Db, range: DayRange): Promise<string> {
  if (range.end.endsWith('-01')) return range.end;
  const [nextMonth, nextQuarter, nextYear] = [addMonths(monthStart(range.end), 1), addMonths(quarterStart(range.end), 3), addMonths(yearStart(range.end), 12)];
  const after = instantRange({ start: range.end, end: nextYear });
  const [row] = rowsOf<{ first: string | null }>(
    await db.execute(sql`SELECT to_char(min(created_at) AT TIME ZONE 'America/Guatemala', 'YYYY-MM-DD') AS first FROM donations
      WHERE ${COUNTED} AND created_at >= ${after.start.toISOString()}::timestamptz AND created_at < ${after.end.toISOString()}::timestamptz`),
  );
  if (!row?.first) return nextYear;
  if (row.first >= nextQuarter) return nextQuarter;
  return row.first >= nextMonth ? nextMonth : range.end;
}

const TOP = (limit: number) => sql`ORDER BY cents DESC, n DESC, email LIMIT ${limit}`;

export async function periodDonors(db: Db, range: DayRange, limit = 10): Promise<PeriodDonors> {
  const pieces = periodPieces(range, await rollupReach(db, range));
  const spans = [
    ...pieces.years.map((start) => ['year', start]),
    ...pieces.quarters.map((start) => ['quarter', start]),
    ...pieces.months.map((start) => ['month', start]),
  ];
  let rows: { email: string | null; name: string | null; cents: string | number | null; n: string | number | null; donors: string | number }[];
  if (spans.length === 1 && pieces.days.length === 0) {
    // One year, quarter or month: its rows are one per donor already, the top ten read by the index.
    const [span, start] = spans[0];
    const where = sql`span = ${span} AND period_start = ${start}::date`;
    rows = rowsOf(
      await db.execute(sql`
        SELECT top.email, top.name, top.cents, top.n, (SELECT count(*) FROM donation_donor_periods WHERE ${where}) AS donors
        FROM (SELECT 1) one LEFT JOIN LATERAL (
          SELECT email, name, cents, count AS n FROM donation_donor_periods WHERE ${where} ${TOP(limit)}) top ON true
        ORDER BY top.cents DESC, top.n DESC, top.email`),
    );
  } else {
    const parts: SQL[] = spans.map(([span, start]) => sql`SELECT email, count AS n, cents, last_at, last_id, name FROM donation_donor_periods WHERE span = ${span} AND period_start = ${start}::date`);
    for (const days of pieces.days) {
      const { start, end } = instantRange(days);
      parts.push(sql`SELECT lower(donor_email), 1, ${QUETZAL_CENTS}, created_at, id, donor_name FROM donations
        WHERE ${COUNTED} AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz`);
    }
    rows = rowsOf(
      await db.execute(sql`
        WITH pieces (email, n, cents, last_at, last_id, name) AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
        per AS (SELECT email, sum(n) AS n, sum(cents) AS cents FROM pieces GROUP BY email),
        top AS (SELECT email, n, cents FROM per ${TOP(limit)}),
        named AS (SELECT DISTINCT ON (p.email) p.email, p.name FROM pieces p JOIN top USING (email) ORDER BY p.email, p.last_at DESC, p.last_id DESC)
        SELECT top.email, named.name, top.cents, top.n, (SELECT count(*) FROM per) AS donors
        FROM (SELECT 1) one LEFT JOIN top ON true LEFT JOIN named USING (email)
        ORDER BY top.cents DESC, top.n DESC, top.email`),
    );
  }
  const top = rows.filter((r) => r.email !== null).map((r) => ({ email: r.email as string, name: r.name as string, cents: Number(r.cents), count: Number(r.n) }));
  const anonymous = await anonymousAmong(db, range, top.map((d) => d.email));
  return { uniqueDonors: Number(rows[0]?.donors ?? 0), top: top.map((d) => ({ ...d, anonymous: anonymous.has(d.email) })) };
}

/**
 * Which of these donors (lower-case emails) gave a counted gift of the period anonymously
 * (docs/product.md#donor-privacy): the rollup does not keep it, so the ledger is asked for these few
 * addresses only, each a range of the `lower(donor_email), created_at` index.
 */
async function anonymousAmong(db: Db, range: DayRange, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { start, end } = instantRange(range);
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`SELECT DISTINCT lower(donor_email) AS email FROM donations
      WHERE lower(donor_email) IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)}) AND donor_anonymous AND ${COUNTED}
        AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz`),
  );
  return new Set(rows.map((r) => r.email));
}
