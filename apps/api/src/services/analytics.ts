// Reports of the admin console (docs/product.md#reports-and-exports): every figure is an SQL
// aggregation of the ledger, bucketed by calendar day, week or month in America/Guatemala.
//
// What is counted: `donations` and `amount` are completed (APPROVED) donations in quetzales (GTQ;
// other currencies are not summed into quetzales), dated by when the donation was made. `users` are
// accounts created in the bucket. The period is a rolling window ending today (Guatemala time):
// week = the last 7 days, month = the last 30 days (trends by day), quarter = this month and the two
// before (trends by week, Monday first), year = this month and the eleven before (trends by month).
import { sql } from 'drizzle-orm';
import { TIME_ZONE, type ReportPeriod } from '@donaciones/shared/constants';
import { fromCents, roundTo } from '@donaciones/shared/format';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { Db } from '../db/client';

/** `db.execute` answers `{rows}` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Growth of `current` over `previous` in percent, 1 decimal; from nothing to something counts as 100. */
export function growthPercentage(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return roundTo(((current - previous) / previous) * 100, 1);
}

export const PERIOD_GRANULARITY: Record<ReportPeriod, 'day' | 'week' | 'month'> = {
  week: 'day',
  month: 'day',
  quarter: 'week',
  year: 'month',
};

/** The SQL (over the local time `n`) of the first local midnight of each period. */
const PERIOD_START: Record<ReportPeriod, string> = {
  week: `date_trunc('day', n) - interval '6 days'`,
  month: `date_trunc('day', n) - interval '29 days'`,
  quarter: `date_trunc('month', n) - interval '2 months'`,
  year: `date_trunc('month', n) - interval '11 months'`,
};

export interface PeriodBounds {
  /** Local (Guatemala) wall-clock timestamps, 'YYYY-MM-DD HH24:MI:SS'. */
  startLocal: string;
  endLocal: string;
  /** The same instants in UTC ISO form, to compare with timestamptz columns. */
  startAt: string;
  endAt: string;
  previousStartAt: string;
  startDate: string;
  endDate: string;
}

export async function periodBounds(db: Db, period: ReportPeriod, now: Date): Promise<PeriodBounds> {
  const tz = TIME_ZONE;
  const utc = (expr: string) => `to_char((${expr}) AT TIME ZONE '${tz}' AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const [row] = rowsOf<{ start_local: string; end_local: string; start_at: string; end_at: string; previous_start_at: string; start_date: string; end_date: string }>(
    await db.execute(sql`
      SELECT to_char(s, 'YYYY-MM-DD HH24:MI:SS') AS start_local,
             to_char(e, 'YYYY-MM-DD HH24:MI:SS') AS end_local,
             ${sql.raw(utc('s'))} AS start_at,
             ${sql.raw(utc('e'))} AS end_at,
             ${sql.raw(utc('s - (e - s)'))} AS previous_start_at,
             to_char(s, 'YYYY-MM-DD') AS start_date,
             to_char(e - interval '1 day', 'YYYY-MM-DD') AS end_date
      FROM (
        SELECT ${sql.raw(PERIOD_START[period])} AS s, date_trunc('day', n) + interval '1 day' AS e
        FROM (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE ${tz} AS n) AS local_now
      ) AS bounds`),
  );
  return {
    startLocal: row.start_local,
    endLocal: row.end_local,
    startAt: row.start_at,
    endAt: row.end_at,
    previousStartAt: row.previous_start_at,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

export async function computeAnalytics(db: Db, input: { period: ReportPeriod; now?: Date }): Promise<Analytics> {
  const now = input.now ?? new Date();
  const tz = TIME_ZONE;
  const b = await periodBounds(db, input.period, now);
  const granularity = PERIOD_GRANULARITY[input.period];
  const gran = sql.raw(`'${granularity}'`);
  const inPeriod = sql`created_at >= ${b.startAt}::timestamptz AND created_at < ${b.endAt}::timestamptz`;
  const completedGtq = sql`status = 'completed' AND currency = 'GTQ'`;

  const [summaryRow] = rowsOf<{
    completed: number;
    completed_all: number;
    completed_cents: number | string;
    pending: number;
    pending_cents: number | string;
    declined: number;
    resolved: number;
    unique_donors: number;
    previous_cents: number | string;
  }>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE ${completedGtq} AND ${inPeriod})::int AS completed,
        count(*) FILTER (WHERE status = 'completed' AND ${inPeriod})::int AS completed_all,
        coalesce(sum(amount_cents) FILTER (WHERE ${completedGtq} AND ${inPeriod}), 0)::bigint AS completed_cents,
        count(*) FILTER (WHERE status = 'pending' AND ${inPeriod})::int AS pending,
        coalesce(sum(amount_cents) FILTER (WHERE status = 'pending' AND currency = 'GTQ' AND ${inPeriod}), 0)::bigint AS pending_cents,
        count(*) FILTER (WHERE status = 'failed' AND ${inPeriod})::int AS declined,
        count(*) FILTER (WHERE status <> 'pending' AND ${inPeriod})::int AS resolved,
        count(DISTINCT lower(donor_email)) FILTER (WHERE ${completedGtq} AND ${inPeriod})::int AS unique_donors,
        coalesce(sum(amount_cents) FILTER (WHERE ${completedGtq} AND created_at < ${b.startAt}::timestamptz), 0)::bigint AS previous_cents
      FROM donations
      WHERE created_at >= ${b.previousStartAt}::timestamptz AND created_at < ${b.endAt}::timestamptz`),
  );

  const [{ n: newUsers }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE ${inPeriod}`));

  const monthly = rowsOf<{ month: string; donations: number; cents: number | string; users: number }>(
    await db.execute(sql`
      WITH months AS (
        SELECT generate_series(date_trunc('month', ${b.startLocal}::timestamp), ${b.endLocal}::timestamp - interval '1 second', interval '1 month') AS m
      ),
      d AS (
        SELECT date_trunc('month', created_at AT TIME ZONE ${tz}) AS m, count(*)::int AS n, sum(amount_cents)::bigint AS c
        FROM donations WHERE ${completedGtq} AND ${inPeriod} GROUP BY 1
      ),
      u AS (
        SELECT date_trunc('month', created_at AT TIME ZONE ${tz}) AS m, count(*)::int AS n
        FROM users WHERE ${inPeriod} GROUP BY 1
      )
      SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(d.n, 0)::int AS donations, coalesce(d.c, 0)::bigint AS cents, coalesce(u.n, 0)::int AS users
      FROM months LEFT JOIN d ON d.m = months.m LEFT JOIN u ON u.m = months.m
      ORDER BY months.m`),
  );

  const trends = rowsOf<{ date: string; donations: number; cents: number | string }>(
    await db.execute(sql`
      WITH buckets AS (
        SELECT generate_series(date_trunc(${gran}, ${b.startLocal}::timestamp), ${b.endLocal}::timestamp - interval '1 second', ('1 ' || ${gran})::interval) AS t
      ),
      d AS (
        SELECT date_trunc(${gran}, created_at AT TIME ZONE ${tz}) AS t, count(*)::int AS n, sum(amount_cents)::bigint AS c
        FROM donations WHERE ${completedGtq} AND ${inPeriod} GROUP BY 1
      )
      SELECT to_char(greatest(buckets.t, ${b.startLocal}::timestamp), 'YYYY-MM-DD') AS date, coalesce(d.n, 0)::int AS donations, coalesce(d.c, 0)::bigint AS cents
      FROM buckets LEFT JOIN d ON d.t = buckets.t
      ORDER BY buckets.t`),
  );

  const topDonors = rowsOf<{ email: string; name: string; cents: number | string; n: number }>(
    await db.execute(sql`
      SELECT lower(donor_email) AS email,
             (array_agg(donor_name ORDER BY created_at DESC, id DESC))[1] AS name,
             sum(amount_cents)::bigint AS cents,
             count(*)::int AS n
      FROM donations WHERE ${completedGtq} AND ${inPeriod}
      GROUP BY lower(donor_email)
      ORDER BY sum(amount_cents) DESC, count(*) DESC, lower(donor_email)
      LIMIT 10`),
  );

  const completedCents = Number(summaryRow.completed_cents);
  const previousCents = Number(summaryRow.previous_cents);
  return {
    period: input.period,
    start_date: b.startDate,
    end_date: b.endDate,
    granularity,
    summary: {
      total_amount: fromCents(completedCents),
      total_donations: summaryRow.completed,
      average_donation: summaryRow.completed ? roundTo(completedCents / summaryRow.completed / 100, 2) : 0,
      pending_donations: summaryRow.pending,
      pending_amount: fromCents(Number(summaryRow.pending_cents)),
      declined_donations: summaryRow.declined,
      success_rate: summaryRow.resolved ? roundTo((summaryRow.completed_all / summaryRow.resolved) * 100, 1) : 0,
      new_users: newUsers,
      unique_donors: summaryRow.unique_donors,
      previous_total_amount: fromCents(previousCents),
      amount_growth_percentage: growthPercentage(completedCents, previousCents),
    },
    monthly_stats: monthly.map((r) => ({ month: r.month, donations: r.donations, amount: fromCents(Number(r.cents)), users: r.users })),
    top_donors: topDonors.map((r) => ({ name: r.name, email: r.email, total_donated: fromCents(Number(r.cents)), donations_count: r.n })),
    trends: trends.map((r) => ({ date: r.date, donations: r.donations, amount: fromCents(Number(r.cents)) })),
    generated_at: now.toISOString(),
  };
}
