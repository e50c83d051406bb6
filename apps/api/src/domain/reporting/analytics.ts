// Reports of the admin console (docs/product.md#reports-and-exports): every figure is an SQL
// aggregation of the ledger, bucketed by calendar day, week or month in America/Guatemala, added up
// from the ledger's rollups (donation_daily, donation_donor_monthly; decision 0057) so a period costs
// its days and its donors, not its gifts.
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
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { can } from '@donaciones/shared/permissions';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { monthlyGivingReport } from '../monthly/gift-console';
import { periodDonors } from './period-donors';
import { programTotals } from './program-totals';

export { growthPercentage };

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
  /** The previous stretch as Guatemala days, [previousStartDate, previousEndDate). */
  previousStartDate: string;
  previousEndDate: string;
  startDate: string;
  /** The day after the last one (tomorrow), the period's end as a day range's `end`. */
  endDayExclusive: string;
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
    previousStartDate: f.previous.start,
    previousEndDate: f.previous.end,
    startDate: f.current.start,
    endDayExclusive: f.current.end,
    endDate: lastDay,
  };
}

/** The summary's sums over the daily rollup. */
interface SummaryRow {
  completed: number;
  completed_all: number;
  completed_cents: number | string;
  pending: number;
  pending_cents: number | string;
  declined: number;
  resolved: number;
  previous_cents: number | string;
  usd_count: number;
  usd_cents: number | string;
  usd_gtq_cents: number | string;
  covered_cents: number | string;
  fee_cents: number | string;
  vat_cents: number | string;
}

// eslint-disable-next-line max-lines-per-function -- one report: its figures are read and assembled in the order of the answer's schema
export async function computeAnalytics(db: Db, input: { period: ReportPeriod; now?: Date }): Promise<Analytics> {
  const now = input.now ?? new Date();
  const tz = TIME_ZONE;
  const b = periodBounds(input.period, now);
  const granularity = PERIOD_GRANULARITY[input.period];
  const gran = sql.raw(`'${granularity}'`);
  const inPeriod = sql`created_at >= ${b.startAt}::timestamptz AND created_at < ${b.endAt}::timestamptz`;
  // The month and trend series add up the daily rollup (donation_daily): the period's days, not its gifts.
  const periodDays = sql`day >= ${b.startDate}::date AND day <= ${b.endDate}::date`;

  // The summary adds up the daily rollup (the period's and the previous stretch's days, not their gifts);
  // distinct and top donors come from the rollup per donor and month and year (period-donors.ts).
  const previousDays = sql`day >= ${b.previousStartDate}::date AND day < ${b.previousEndDate}::date`;
  // The reads are independent: they go out together (on PostgreSQL, over several connections of the pool).
  const summaryQuery = db.execute(sql`
      SELECT
        coalesce(sum(counted_count) FILTER (WHERE ${periodDays}), 0)::int AS completed,
        coalesce(sum(count) FILTER (WHERE status = 'completed' AND ${periodDays}), 0)::int AS completed_all,
        coalesce(sum(counted_cents) FILTER (WHERE ${periodDays}), 0)::bigint AS completed_cents,
        coalesce(sum(count) FILTER (WHERE status = 'pending' AND ${periodDays}), 0)::int AS pending,
        coalesce(sum(quetzal_cents) FILTER (WHERE status = 'pending' AND ${periodDays}), 0)::bigint AS pending_cents,
        coalesce(sum(count) FILTER (WHERE status = 'failed' AND ${periodDays}), 0)::int AS declined,
        coalesce(sum(count) FILTER (WHERE status <> 'pending' AND ${periodDays}), 0)::int AS resolved,
        coalesce(sum(counted_cents) FILTER (WHERE ${previousDays}), 0)::bigint AS previous_cents,
        coalesce(sum(counted_count) FILTER (WHERE currency = 'USD' AND ${periodDays}), 0)::int AS usd_count,
        coalesce(sum(counted_amount_cents) FILTER (WHERE currency = 'USD' AND ${periodDays}), 0)::bigint AS usd_cents,
        coalesce(sum(counted_cents) FILTER (WHERE currency = 'USD' AND ${periodDays}), 0)::bigint AS usd_gtq_cents,
        coalesce(sum(counted_covered_cents) FILTER (WHERE ${periodDays}), 0)::bigint AS covered_cents,
        coalesce(sum(counted_fee_cents) FILTER (WHERE ${periodDays}), 0)::bigint AS fee_cents,
        coalesce(sum(counted_vat_cents) FILTER (WHERE ${periodDays}), 0)::bigint AS vat_cents
      FROM donation_daily
      WHERE (${periodDays}) OR (${previousDays})`);
  const usersQuery = db.execute(sql`SELECT count(*)::int AS n FROM users WHERE ${inPeriod}`);

  const monthlyQuery = db.execute(sql`
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
      ORDER BY months.m`);

  const trendsQuery = db.execute(sql`
      WITH buckets AS (
        SELECT generate_series(date_trunc(${gran}, ${b.startLocal}::timestamp), ${b.endLocal}::timestamp - interval '1 second', ('1 ' || ${gran})::interval) AS t
      ),
      d AS (
        SELECT date_trunc(${gran}, day::timestamp) AS t, sum(counted_count)::int AS n, sum(counted_cents)::bigint AS c
        FROM donation_daily WHERE ${periodDays} GROUP BY 1
      )
      SELECT to_char(greatest(buckets.t, ${b.startLocal}::timestamp), 'YYYY-MM-DD') AS date, coalesce(d.n, 0)::int AS donations, coalesce(d.c, 0)::bigint AS cents
      FROM buckets LEFT JOIN d ON d.t = buckets.t
      ORDER BY buckets.t`);

  const days = { start: b.startDate, end: b.endDayExclusive };
  const [summaryResult, donors, usersResult, monthlyResult, trendsResult, monthlyGiving, byProgram] = await Promise.all([
    summaryQuery,
    periodDonors(db, days),
    usersQuery,
    monthlyQuery,
    trendsQuery,
    monthlyGivingReport(db, new Date(b.startAt), now),
    programTotals(db, days),
  ]);
  const [summaryRow] = rowsOf<SummaryRow>(summaryResult);
  const [{ n: newUsers }] = rowsOf<{ n: number }>(usersResult);
  const monthly = rowsOf<{ month: string; donations: number; cents: number | string; users: number }>(monthlyResult);
  const trends = rowsOf<{ date: string; donations: number; cents: number | string }>(trendsResult);

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
      unique_donors: donors.uniqueDonors,
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
    top_donors: donors.top.map((r) => ({ name: r.name, email: r.email, anonymous: r.anonymous, total_donated: fromCents(r.cents), donations_count: r.count })),
    trends: trends.map((r) => ({ date: r.date, donations: r.donations, amount: fromCents(Number(r.cents)) })),
    monthly_giving: monthlyGiving,
    by_program: byProgram,
    generated_at: now.toISOString(),
  };
}

/**
 * The figures as these roles may see them (docs/product.md#reports-and-exports): the top donors' emails
 * only for staff who may read donors' contact details (donors.read); the others get each name alone,
 * and "Anónimo" for a donor who gave anonymously, in the answer and in every export made from it.
 */
export function analyticsFor(analytics: Analytics, roles: readonly string[] | null | undefined): Analytics {
  if (can(roles, 'donors.read')) return analytics;
  return {
    ...analytics,
    top_donors: analytics.top_donors.map(({ email: _email, ...donor }) => (donor.anonymous ? { ...donor, name: donateMessages.anonymousDonor } : donor)),
  };
}

/** A top donor's name in the exports: marked when they gave anonymously and the name is shown (staff with donors.read; the others read "Anónimo"). */
export function topDonorName(donor: Analytics['top_donors'][number]): string {
  return donor.anonymous && donor.name !== donateMessages.anonymousDonor ? adminMessages.common.anonymousName(donor.name) : donor.name;
}
