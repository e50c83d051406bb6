// Reports of the admin console (docs/product.md#reports-and-exports): every figure is an SQL
// aggregation of the ledger, bucketed by calendar day, week or month in America/Guatemala.
//
// What is counted is defined once in packages/shared/src/figures.ts (docs/product.md#figures):
// `donations` and `amount` are completed (APPROVED) donations, in quetzales (another currency by its
// quetzal equivalent), dated by when the donation was made (`created_at`). `users` are accounts created
// in the bucket. The period is the calendar period in course, to date (Guatemala time): the week
// (Monday first; trends by day), the month (by day), the quarter (by week) and the year (by month);
// the previous amount is the same stretch of the previous period.
import { sql } from 'drizzle-orm';
import { TIME_ZONE, type ReportPeriod } from '@donaciones/shared/constants';
import { figurePeriod, growthPercentage, instantRange } from '@donaciones/shared/figures';
import { fromCents, roundTo } from '@donaciones/shared/format';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { COUNTED, QUETZAL_CENTS } from '../ledger/figures';
import { monthlyGivingReport } from '../monthly/gift-console';
import { programTotals } from './program-totals';

export { growthPercentage };

/**
 * A money column of the donation in quetzal cents: as is for quetzales, otherwise in the proportion of
 * the donation's quetzal equivalent to its amount (the staff rate fixed when it was made).
 */
function inQuetzalCents(column: string) {
  return sql.raw(`CASE WHEN currency = 'GTQ' THEN coalesce(${column}, 0) ELSE round(coalesce(${column}, 0)::numeric * coalesce(gtq_cents, 0) / amount_cents) END`);
}

export const PERIOD_GRANULARITY: Record<ReportPeriod, 'day' | 'week' | 'month'> = {
  week: 'day',
  month: 'day',
  quarter: 'week',
  year: 'month',
};

export interface PeriodBounds {
  /** Local (Guatemala) wall-clock timestamps, 'YYYY-MM-DD HH24:MI:SS'. */
  startLocal: string;
  endLocal: string;
  /** The same instants in UTC ISO form, to compare with timestamptz columns. */
  startAt: string;
  endAt: string;
  /** The same stretch of the previous period, [previousStartAt, previousEndAt). */
  previousStartAt: string;
  previousEndAt: string;
  startDate: string;
  /** The last day included (today). */
  endDate: string;
}

export function periodBounds(period: ReportPeriod, now: Date): PeriodBounds {
  const f = figurePeriod(period, now);
  const current = instantRange(f.current);
  const previous = instantRange(f.previous);
  const lastDay = new Date(Date.parse(`${f.current.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    startLocal: `${f.current.start} 00:00:00`,
    endLocal: `${f.current.end} 00:00:00`,
    startAt: current.start.toISOString(),
    endAt: current.end.toISOString(),
    previousStartAt: previous.start.toISOString(),
    previousEndAt: previous.end.toISOString(),
    startDate: f.current.start,
    endDate: lastDay,
  };
}

// eslint-disable-next-line max-lines-per-function -- one report: its figures are read and assembled in the order of the answer's schema
export async function computeAnalytics(db: Db, input: { period: ReportPeriod; now?: Date }): Promise<Analytics> {
  const now = input.now ?? new Date();
  const tz = TIME_ZONE;
  const b = periodBounds(input.period, now);
  const granularity = PERIOD_GRANULARITY[input.period];
  const gran = sql.raw(`'${granularity}'`);
  const inPeriod = sql`created_at >= ${b.startAt}::timestamptz AND created_at < ${b.endAt}::timestamptz`;
  const inPrevious = sql`created_at >= ${b.previousStartAt}::timestamptz AND created_at < ${b.previousEndAt}::timestamptz`;
  const counted = COUNTED;
  const cents = QUETZAL_CENTS;
  // The month and trend series add up the daily rollup (donation_daily): the period's days, not its gifts.
  const periodDays = sql`day >= ${b.startDate}::date AND day <= ${b.endDate}::date`;

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
    usd_count: number;
    usd_cents: number | string;
    usd_gtq_cents: number | string;
    covered_cents: number | string;
    fee_cents: number | string;
    vat_cents: number | string;
  }>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE ${counted} AND ${inPeriod})::int AS completed,
        count(*) FILTER (WHERE status = 'completed' AND ${inPeriod})::int AS completed_all,
        coalesce(sum(${cents}) FILTER (WHERE ${counted} AND ${inPeriod}), 0)::bigint AS completed_cents,
        count(*) FILTER (WHERE status = 'pending' AND ${inPeriod})::int AS pending,
        coalesce(sum(${cents}) FILTER (WHERE status = 'pending' AND ${inPeriod}), 0)::bigint AS pending_cents,
        count(*) FILTER (WHERE status = 'failed' AND ${inPeriod})::int AS declined,
        count(*) FILTER (WHERE status <> 'pending' AND ${inPeriod})::int AS resolved,
        count(DISTINCT lower(donor_email)) FILTER (WHERE ${counted} AND ${inPeriod})::int AS unique_donors,
        coalesce(sum(${cents}) FILTER (WHERE ${counted} AND ${inPrevious}), 0)::bigint AS previous_cents,
        count(*) FILTER (WHERE ${counted} AND ${inPeriod} AND currency = 'USD')::int AS usd_count,
        coalesce(sum(amount_cents) FILTER (WHERE ${counted} AND ${inPeriod} AND currency = 'USD'), 0)::bigint AS usd_cents,
        coalesce(sum(gtq_cents) FILTER (WHERE ${counted} AND ${inPeriod} AND currency = 'USD'), 0)::bigint AS usd_gtq_cents,
        coalesce(sum(${inQuetzalCents('covered_fee_cents')}) FILTER (WHERE ${counted} AND ${inPeriod}), 0)::bigint AS covered_cents,
        coalesce(sum(${inQuetzalCents('fee_cents')}) FILTER (WHERE ${counted} AND ${inPeriod}), 0)::bigint AS fee_cents,
        coalesce(sum(${inQuetzalCents('vat_withheld_cents')}) FILTER (WHERE ${counted} AND ${inPeriod}), 0)::bigint AS vat_cents
      FROM donations
      WHERE (${inPeriod}) OR (${inPrevious})`),
  );

  const [{ n: newUsers }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE ${inPeriod}`));

  const monthly = rowsOf<{ month: string; donations: number; cents: number | string; users: number }>(
    await db.execute(sql`
      WITH months AS (
        SELECT generate_series(date_trunc('month', ${b.startLocal}::timestamp), ${b.endLocal}::timestamp - interval '1 second', interval '1 month') AS m
      ),
      d AS (
        SELECT date_trunc('month', day::timestamp) AS m, sum(counted_count)::int AS n, sum(counted_cents)::bigint AS c
        FROM donation_daily WHERE ${periodDays} GROUP BY 1
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
        SELECT date_trunc(${gran}, day::timestamp) AS t, sum(counted_count)::int AS n, sum(counted_cents)::bigint AS c
        FROM donation_daily WHERE ${periodDays} GROUP BY 1
      )
      SELECT to_char(greatest(buckets.t, ${b.startLocal}::timestamp), 'YYYY-MM-DD') AS date, coalesce(d.n, 0)::int AS donations, coalesce(d.c, 0)::bigint AS cents
      FROM buckets LEFT JOIN d ON d.t = buckets.t
      ORDER BY buckets.t`),
  );

  const topDonors = rowsOf<{ email: string; name: string; cents: number | string; n: number }>(
    await db.execute(sql`
      SELECT lower(donor_email) AS email,
             (array_agg(donor_name ORDER BY created_at DESC, id DESC))[1] AS name,
             sum(${cents})::bigint AS cents,
             count(*)::int AS n
      FROM donations WHERE ${counted} AND ${inPeriod}
      GROUP BY lower(donor_email)
      ORDER BY sum(${cents}) DESC, count(*) DESC, lower(donor_email)
      LIMIT 10`),
  );

  const monthlyGiving = await monthlyGivingReport(db, new Date(b.startAt), now);
  const byProgram = await programTotals(db, b);

  const completedCents = Number(summaryRow.completed_cents);
  const previousCents = Number(summaryRow.previous_cents);
  const feeCents = Number(summaryRow.fee_cents);
  const vatCents = Number(summaryRow.vat_cents);
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
      usd_donations: summaryRow.usd_count,
      usd_amount: fromCents(Number(summaryRow.usd_cents)),
      usd_amount_gtq: fromCents(Number(summaryRow.usd_gtq_cents)),
      gross_amount: fromCents(completedCents),
      covered_fees: fromCents(Number(summaryRow.covered_cents)),
      provider_fees: fromCents(feeCents),
      vat_withheld: fromCents(vatCents),
      net_amount: fromCents(completedCents - feeCents - vatCents),
    },
    monthly_stats: monthly.map((r) => ({ month: r.month, donations: r.donations, amount: fromCents(Number(r.cents)), users: r.users })),
    top_donors: topDonors.map((r) => ({ name: r.name, email: r.email, total_donated: fromCents(Number(r.cents)), donations_count: r.n })),
    trends: trends.map((r) => ({ date: r.date, donations: r.donations, amount: fromCents(Number(r.cents)) })),
    monthly_giving: monthlyGiving,
    by_program: byProgram,
    generated_at: now.toISOString(),
  };
}
