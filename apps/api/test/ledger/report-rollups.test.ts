// The reports' rollups (migration 0038, decision 0057) equal the ledger after every kind of change, and
// the reports read from them give, for every period, what the scan of the period's gifts gave before:
// the daily rollup's summary columns (every gift's quetzal value; the counted gifts' own-currency
// amount, covered fees, provider fees and VAT in quetzal cents) and the rollup per donor and month,
// quarter (migration 0039) and year (count, quetzal cents, the newest gift's instant, id and name),
// through gifts in quetzales and dollars, approvals, refunds, voids, amount corrections, a reopened
// deposit, a moved date, a changed address and name, and deletions, a gift on a quarter's last evening
// in Guatemala and a refund in the next quarter; and the register's daily rollup of gifts and refunds
// (migration 0038).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fromCents, roundTo } from '@donaciones/shared/format';
import { rowsOf } from '../../src/db/rows';
import { COUNTED, QUETZAL_CENTS } from '../../src/domain/ledger/figures';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { computeAnalytics, periodBounds } from '../../src/domain/reporting/analytics';
import { periodPieces } from '../../src/domain/reporting/period-donors';
import { type Caller, type TestContext, createTestApp, inject } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown) => inject(ctx.app, { method: 'POST', url: `/api/v1${url}`, payload: payload as never, token: finance.token });
const sorted = (rows: Record<string, unknown>[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const query = async (q: ReturnType<typeof sql>) => sorted(rowsOf(await ctx.db.execute(q)));

/** A money column in quetzal cents as the report worked it out per gift before the rollup. */
const inQuetzal = (column: string) => sql.raw(`CASE WHEN currency = 'GTQ' THEN coalesce(${column}, 0) ELSE round(coalesce(${column}, 0)::numeric * coalesce(gtq_cents, 0) / amount_cents) END`);

const dailyRollup = () =>
  query(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, status, donation_type, currency, program_id, sum(quetzal_cents)::bigint AS quetzal,
           sum(counted_amount_cents)::bigint AS amount, sum(counted_covered_cents)::bigint AS covered, sum(counted_fee_cents)::bigint AS fee,
           sum(counted_vat_cents)::bigint AS vat
    FROM donation_daily GROUP BY 1, 2, 3, 4, 5
    HAVING sum(count) <> 0 OR sum(quetzal_cents) <> 0 OR sum(counted_amount_cents) <> 0 OR sum(counted_covered_cents) <> 0
        OR sum(counted_fee_cents) <> 0 OR sum(counted_vat_cents) <> 0`);
const dailyLedger = () =>
  query(sql`
    SELECT to_char((created_at AT TIME ZONE 'America/Guatemala')::date, 'YYYY-MM-DD') AS day, status, donation_type, currency,
           coalesce(program_id, 0) AS program_id, sum(${QUETZAL_CENTS})::bigint AS quetzal,
           coalesce(sum(amount_cents) FILTER (WHERE ${COUNTED}), 0)::bigint AS amount,
           coalesce(sum(${inQuetzal('covered_fee_cents')}) FILTER (WHERE ${COUNTED}), 0)::bigint AS covered,
           coalesce(sum(${inQuetzal('fee_cents')}) FILTER (WHERE ${COUNTED}), 0)::bigint AS fee,
           coalesce(sum(${inQuetzal('vat_withheld_cents')}) FILTER (WHERE ${COUNTED}), 0)::bigint AS vat
    FROM donations GROUP BY 1, 2, 3, 4, 5`);
const donorRollup = () =>
  query(sql`SELECT span, to_char(period_start, 'YYYY-MM-DD') AS start, email, count, cents, last_id, name,
                   last_at = (SELECT created_at FROM donations WHERE id = last_id) AS at_ok
            FROM donation_donor_periods`);
const donorLedger = () =>
  query(sql`
    SELECT s.span, to_char(date_trunc(s.span, created_at AT TIME ZONE 'America/Guatemala'), 'YYYY-MM-DD') AS start, lower(donor_email) AS email,
           count(*)::bigint AS count, sum(${QUETZAL_CENTS})::bigint AS cents,
           (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id, (array_agg(donor_name ORDER BY created_at DESC, id DESC))[1] AS name, true AS at_ok
    FROM donations CROSS JOIN (VALUES ('month'), ('quarter'), ('year')) AS s (span) WHERE ${COUNTED} GROUP BY 1, 2, 3`);

const registerRollup = () =>
  query(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, method, currency, program_id, sum(count)::bigint AS n, sum(gross_cents)::bigint AS gross,
           sum(fee_cents)::bigint AS fee, sum(vat_cents)::bigint AS vat, sum(rated_count)::bigint AS rated, sum(rated_gross_cents)::bigint AS rated_gross,
           sum(rated_fee_cents)::bigint AS rated_fee, sum(rated_vat_cents)::bigint AS rated_vat
    FROM register_daily GROUP BY 1, 2, 3, 4, 5 HAVING sum(count) <> 0 OR sum(gross_cents) <> 0 OR sum(rated_gross_cents) <> 0`);
/** The register's gifts and refunds as accounting/register.ts dates and signs them, summed by day. */
const registerLedger = () =>
  query(sql`
    SELECT to_char((at AT TIME ZONE 'America/Guatemala')::date, 'YYYY-MM-DD') AS day, kind, method, currency, program_id, count(*)::bigint AS n,
           sum(gross)::bigint AS gross, sum(fee)::bigint AS fee, sum(vat)::bigint AS vat, count(*) FILTER (WHERE rate IS NOT NULL)::bigint AS rated,
           coalesce(sum(round(gross * rate)), 0)::bigint AS rated_gross, coalesce(sum(round(fee * rate)), 0)::bigint AS rated_fee,
           coalesce(sum(round(vat * rate)), 0)::bigint AS rated_vat
    FROM (SELECT created_at AS at, 'gift' AS kind, register_method(payment_method, donation_type) AS method, currency, coalesce(program_id, 0) AS program_id,
                 amount_cents AS gross, coalesce(fee_cents, 0) AS fee, coalesce(vat_withheld_cents, 0) AS vat, ${RATE} AS rate
          FROM donations WHERE completed_at IS NOT NULL OR status = 'refunded'
          UNION ALL
          SELECT refunded_at, 'refund', register_method(payment_method, donation_type), currency, coalesce(program_id, 0), -amount_cents, 0, 0, ${RATE}
          FROM donations WHERE status = 'refunded' AND refunded_at IS NOT NULL) m
    GROUP BY 1, 2, 3, 4, 5`);
const RATE = sql.raw(`CASE WHEN currency = 'GTQ' THEN 1.0 WHEN gtq_cents IS NULL THEN NULL ELSE gtq_cents::numeric / amount_cents END`);

async function expectInStep() {
  expect(await dailyRollup()).toEqual(await dailyLedger());
  expect(await donorRollup()).toEqual(await donorLedger());
  expect(await registerRollup()).toEqual(await registerLedger());
}

/** Guatemala wall-clock time (UTC-6) as an instant. */
const gt = (local: string) => new Date(`${local}-06:00`);

describe('the report rollups of the ledger', () => {
  it('stay equal to the ledger through gifts, approvals, refunds, voids, corrections, moves and deletions', async () => {
    const ana = { donorName: 'Ana Pérez', donorEmail: 'ana@correo.gt' };
    const first = await make.donation(ctx.db, { ...ana, amountCents: 10_000, createdAt: gt('2026-03-03T09:00:00'), feeCents: 450, vatWithheldCents: 54, coveredFeeCents: 450 });
    // The same address in capitals is the same donor; a later gift's name is the one the report shows.
    await make.donation(ctx.db, { donorName: 'Ana P. López', donorEmail: 'ANA@correo.gt', amountCents: 2_500, createdAt: gt('2026-03-20T23:30:00') });
    const usd = await make.donation(ctx.db, { ...ana, amountCents: 4_000, currency: 'USD', gtqCents: 31_200, feeCents: 150, vatWithheldCents: 18, createdAt: gt('2026-03-04T10:00:00') });
    await make.donation(ctx.db, { donorEmail: 'sin-valor@correo.gt', amountCents: 4_000, currency: 'USD', createdAt: gt('2026-03-04T11:00:00') });
    await make.donation(ctx.db, { donorEmail: 'bienes@correo.gt', amountCents: 3_500, donationType: 'goods', description: 'Útiles', createdAt: gt('2026-02-27T10:00:00') });
    const pending = await make.donation(ctx.db, { donorEmail: 'bruno@correo.gt', amountCents: 7_500, status: 'pending', createdAt: gt('2026-03-05T10:00:00') });
    const deposit = await make.donation(ctx.db, { donorEmail: 'carla@correo.gt', amountCents: 50_000, status: 'pending', paymentMethod: 'bank_deposit', createdAt: gt('2026-03-06T10:00:00') });
    const rejected = await make.donation(ctx.db, { donorEmail: 'dora@correo.gt', amountCents: 30_000, status: 'pending', paymentMethod: 'bank_deposit', createdAt: gt('2026-03-06T11:00:00') });
    const cash = await make.donation(ctx.db, { donorEmail: 'eva@correo.gt', amountCents: 8_000, paymentMethod: 'cash', createdAt: gt('2026-03-07T10:00:00') });
    const card = await make.donation(ctx.db, { donorEmail: 'fer@correo.gt', amountCents: 30_000, paymentMethod: 'card', createdAt: gt('2026-03-08T10:00:00') });
    const gone = await make.donation(ctx.db, { donorEmail: 'gabi@correo.gt', amountCents: 6_000, createdAt: gt('2026-03-31T23:00:00') });
    await expectInStep();

    await transitionDonation(ctx.db, { id: pending.id, action: 'approve', actor: { id: finance.id, email: finance.email } });
    await expectInStep();
    await ctx.db.execute(sql`UPDATE donations SET status = 'refunded', refunded_at = now(), refund_reason = 'Duplicada' WHERE id = ${card.id}`);
    await expectInStep();
    expect((await post(`/admin/donations/${cash.id}/void`, { reason: 'Se registró dos veces' })).statusCode).toBe(200);
    await expectInStep();
    expect((await post(`/admin/donations/${deposit.id}/adjust-amount`, { amount: 450.5, reason: 'El banco acreditó Q450.50' })).statusCode).toBe(200);
    await transitionDonation(ctx.db, { id: deposit.id, action: 'approve', actor: { id: finance.id, email: finance.email } });
    await expectInStep();
    expect((await post(`/admin/donations/${rejected.id}/reject`, { reason: 'No encontramos el depósito' })).statusCode).toBe(200);
    expect((await post(`/admin/donations/${rejected.id}/reopen`, { reason: 'Trajo el comprobante' })).statusCode).toBe(200);
    await expectInStep();
    // Fees recorded later, the newest gift's name corrected, a quetzal value recorded, a gift moved to another month and another address.
    await ctx.db.execute(sql`UPDATE donations SET fee_cents = 300, vat_withheld_cents = 36 WHERE id = ${usd.id}`);
    await ctx.db.execute(sql`UPDATE donations SET donor_name = 'Ana Pérez López' WHERE lower(donor_email) = 'ana@correo.gt' AND amount_cents = 2500`);
    await ctx.db.execute(sql`UPDATE donations SET gtq_cents = 30000 WHERE currency = 'USD' AND gtq_cents IS NULL`);
    await ctx.db.execute(sql`UPDATE donations SET created_at = created_at + interval '2 hours' WHERE id = ${gone.id}`);
    await expectInStep();
    await ctx.db.execute(sql`UPDATE donations SET donor_email = 'ana.nueva@correo.gt', created_at = ${gt('2026-04-02T10:00:00')} WHERE id = ${first.id}`);
    await expectInStep();
    for (const id of [gone.id, usd.id]) {
      await ctx.db.execute(sql`DELETE FROM donation_corrections WHERE donation_id = ${id}`);
      await ctx.db.execute(sql`DELETE FROM receipts WHERE donation_id = ${id}`);
      await ctx.db.execute(sql`DELETE FROM donations WHERE id = ${id}`);
    }
    await expectInStep();
    expect((await donorRollup()).length).toBeGreaterThan(5);
  });

  it('rebuild to what the triggers kept', async () => {
    const [daily, donors, register] = [await dailyRollup(), await donorRollup(), await registerRollup()];
    await ctx.db.execute(sql`SELECT donation_daily_rebuild()`);
    await ctx.db.execute(sql`SELECT donation_donor_periods_rebuild()`);
    await ctx.db.execute(sql`SELECT register_daily_rebuild()`);
    expect(await dailyRollup()).toEqual(daily);
    expect(await donorRollup()).toEqual(donors);
    expect(await registerRollup()).toEqual(register);
  });

  it('split a period into the rollup’s whole years, quarters and months and the days of months it covers in part', () => {
    const days = (start: string, end: string) => ({ start, end });
    const none = { years: [], quarters: [], months: [] };
    // The year to date, and the same when nothing is dated after today this month, this quarter or this year.
    expect(periodPieces(days('2026-01-01', '2026-11-28'))).toEqual({ ...none, quarters: ['2026-01-01', '2026-04-01', '2026-07-01'], months: ['2026-10-01'], days: [days('2026-11-01', '2026-11-28')] });
    expect(periodPieces(days('2026-01-01', '2026-11-28'), '2026-12-01')).toEqual({ ...none, quarters: ['2026-01-01', '2026-04-01', '2026-07-01'], months: ['2026-10-01', '2026-11-01'], days: [] });
    expect(periodPieces(days('2026-01-01', '2026-11-28'), '2027-01-01')).toEqual({ ...none, years: ['2026-01-01'], days: [] });
    // The quarter to date: one quarter's rows when nothing is dated after today this quarter, else its months.
    expect(periodPieces(days('2026-10-01', '2026-11-28'), '2027-01-01')).toEqual({ ...none, quarters: ['2026-10-01'], days: [] });
    expect(periodPieces(days('2026-07-01', '2026-08-15'), '2026-10-01')).toEqual({ ...none, quarters: ['2026-07-01'], days: [] });
    expect(periodPieces(days('2026-07-01', '2026-08-15'), '2026-09-01')).toEqual({ ...none, months: ['2026-07-01', '2026-08-01'], days: [] });
    expect(periodPieces(days('2026-07-01', '2026-08-15'))).toEqual({ ...none, months: ['2026-07-01'], days: [days('2026-08-01', '2026-08-15')] });
    expect(periodPieces(days('2026-10-01', '2026-10-02'), '2027-01-01')).toEqual({ ...none, quarters: ['2026-10-01'], days: [] });
    // The month to date reads its month even when the year's rows could count (it is not a quarter's or a year's start).
    expect(periodPieces(days('2026-11-01', '2026-11-28'), '2027-01-01')).toEqual({ ...none, months: ['2026-11-01'], days: [] });
    // Weeks: within a month, across two.
    expect(periodPieces(days('2026-11-23', '2026-11-28'), '2027-01-01')).toEqual({ ...none, days: [days('2026-11-23', '2026-11-28')] });
    expect(periodPieces(days('2026-10-26', '2026-11-02'))).toEqual({ ...none, days: [days('2026-10-26', '2026-11-02')] });
    expect(periodPieces(days('2026-10-26', '2026-11-02'), '2026-12-01')).toEqual({ ...none, months: ['2026-11-01'], days: [days('2026-10-26', '2026-11-01')] });
    expect(periodPieces(days('2026-10-01', '2026-11-01'))).toEqual({ ...none, months: ['2026-10-01'], days: [] });
    expect(periodPieces(days('2025-12-15', '2027-02-03'))).toEqual({ ...none, years: ['2026-01-01'], months: ['2027-01-01'], days: [days('2025-12-15', '2026-01-01'), days('2027-02-01', '2027-02-03')] });
    expect(periodPieces(days('2025-11-15', '2026-08-03'))).toEqual({
      years: [],
      quarters: ['2026-01-01', '2026-04-01'],
      months: ['2025-12-01', '2026-07-01'],
      days: [days('2025-11-15', '2025-12-01'), days('2026-08-01', '2026-08-03')],
    });
  });
});

/** The summary and top donors as the report scanned the period's gifts before the rollups (reporting/analytics.ts until 0038). */
async function scanned(period: 'week' | 'month' | 'quarter' | 'year', now: Date) {
  const b = periodBounds(period, now);
  const inPeriod = sql`created_at >= ${b.startAt}::timestamptz AND created_at < ${b.endAt}::timestamptz`;
  const inPrevious = sql`created_at >= ${b.previousStartAt}::timestamptz AND created_at < ${b.previousEndAt}::timestamptz`;
  const [s] = rowsOf<Record<string, string | number>>(
    await ctx.db.execute(sql`
      SELECT count(*) FILTER (WHERE ${COUNTED} AND ${inPeriod})::int AS completed,
        count(*) FILTER (WHERE status = 'completed' AND ${inPeriod})::int AS completed_all,
        coalesce(sum(${QUETZAL_CENTS}) FILTER (WHERE ${COUNTED} AND ${inPeriod}), 0)::bigint AS cents,
        count(*) FILTER (WHERE status = 'pending' AND ${inPeriod})::int AS pending,
        coalesce(sum(${QUETZAL_CENTS}) FILTER (WHERE status = 'pending' AND ${inPeriod}), 0)::bigint AS pending_cents,
        count(*) FILTER (WHERE status = 'failed' AND ${inPeriod})::int AS declined,
        count(*) FILTER (WHERE status <> 'pending' AND ${inPeriod})::int AS resolved,
        count(DISTINCT lower(donor_email)) FILTER (WHERE ${COUNTED} AND ${inPeriod})::int AS donors,
        coalesce(sum(${QUETZAL_CENTS}) FILTER (WHERE ${COUNTED} AND ${inPrevious}), 0)::bigint AS previous,
        count(*) FILTER (WHERE ${COUNTED} AND ${inPeriod} AND currency = 'USD')::int AS usd_count,
        coalesce(sum(amount_cents) FILTER (WHERE ${COUNTED} AND ${inPeriod} AND currency = 'USD'), 0)::bigint AS usd_cents,
        coalesce(sum(gtq_cents) FILTER (WHERE ${COUNTED} AND ${inPeriod} AND currency = 'USD'), 0)::bigint AS usd_gtq,
        coalesce(sum(${inQuetzal('covered_fee_cents')}) FILTER (WHERE ${COUNTED} AND ${inPeriod}), 0)::bigint AS covered,
        coalesce(sum(${inQuetzal('fee_cents')}) FILTER (WHERE ${COUNTED} AND ${inPeriod}), 0)::bigint AS fee,
        coalesce(sum(${inQuetzal('vat_withheld_cents')}) FILTER (WHERE ${COUNTED} AND ${inPeriod}), 0)::bigint AS vat
      FROM donations`),
  );
  const top = rowsOf<{ email: string; name: string; cents: string | number; n: number }>(
    await ctx.db.execute(sql`
      SELECT lower(donor_email) AS email, (array_agg(donor_name ORDER BY created_at DESC, id DESC))[1] AS name, sum(${QUETZAL_CENTS})::bigint AS cents, count(*)::int AS n
      FROM donations WHERE ${COUNTED} AND ${inPeriod} GROUP BY lower(donor_email)
      ORDER BY sum(${QUETZAL_CENTS}) DESC, count(*) DESC, lower(donor_email) LIMIT 10`),
  );
  const n = (k: string) => Number(s[k]);
  return {
    summary: {
      total_amount: fromCents(n('cents')),
      total_donations: n('completed'),
      pending_donations: n('pending'),
      pending_amount: fromCents(n('pending_cents')),
      declined_donations: n('declined'),
      unique_donors: n('donors'),
      previous_total_amount: fromCents(n('previous')),
      usd_donations: n('usd_count'),
      usd_amount: fromCents(n('usd_cents')),
      usd_amount_gtq: fromCents(n('usd_gtq')),
      covered_fees: fromCents(n('covered')),
      provider_fees: fromCents(n('fee')),
      vat_withheld: fromCents(n('vat')),
      net_amount: fromCents(n('cents') - n('fee') - n('vat')),
      success_rate: n('resolved') ? roundTo((n('completed_all') / n('resolved')) * 100, 1) : 0,
    },
    top: top.map((r) => ({ name: r.name, email: r.email, total_donated: fromCents(Number(r.cents)), donations_count: Number(r.n) })),
  };
}

describe('the reports read from the rollups', () => {
  it('give, for every period and day, the figures of the scan of the period’s gifts', async () => {
    // Twelve donors over fourteen months, three gifts of some in one month, a few in dollars with fees and VAT.
    for (let i = 0; i < 60; i++) {
      const month = i % 14;
      const day = 1 + ((i * 7) % 28);
      const at = gt(`${month < 2 ? 2025 : 2026}-${String(month < 2 ? 11 + month : month - 1).padStart(2, '0')}-${String(day).padStart(2, '0')}T${i % 2 ? '23:30' : '08:00'}:00`);
      const usd = i % 9 === 0;
      await make.donation(ctx.db, {
        donorName: `Donante ${i % 12} (${i})`,
        donorEmail: `${i % 5 === 0 ? 'D' : 'd'}onante${i % 12}@correo.gt`,
        amountCents: 1_000 * (1 + (i % 7)),
        currency: usd ? 'USD' : 'GTQ',
        gtqCents: usd ? 7_800 * (1 + (i % 7)) : null,
        feeCents: i % 3 ? 45 * (1 + (i % 7)) : null,
        vatWithheldCents: i % 3 ? 5 * (1 + (i % 7)) : null,
        coveredFeeCents: i % 4 === 0 ? 45 : 0,
        status: i % 11 === 3 ? 'pending' : i % 13 === 4 ? 'failed' : 'completed',
        createdAt: at,
      });
    }
    await expectInStep();
    // "Today" on the 1st of a month, mid-month, on a month's last day, on a Monday, in January, on a
    // quarter's first and last evening, with nothing dated after it in its month (20 November) or its
    // year (25 and 31 December).
    const todays = ['2026-03-01T10:00:00', '2026-03-18T10:00:00', '2026-03-31T22:00:00', '2026-02-02T09:00:00', '2026-01-14T12:00:00', '2026-04-01T00:30:00', '2026-09-30T23:30:00', '2026-11-20T10:00:00', '2026-12-25T10:00:00', '2026-12-31T23:00:00'];
    for (const today of todays) {
      for (const period of ['week', 'month', 'quarter', 'year'] as const) {
        const now = gt(today);
        const report = await computeAnalytics(ctx.db, { period, now });
        const scan = await scanned(period, now);
        expect({ summary: report.summary, top: report.top_donors }, `${period} at ${today}`).toMatchObject({ summary: scan.summary, top: scan.top });
      }
    }
  });
});

describe('the quarter in the rollup per donor', () => {
  const quarterRows = (email: string) =>
    query(sql`SELECT to_char(period_start, 'YYYY-MM-DD') AS start, count, cents FROM donation_donor_periods WHERE span = 'quarter' AND email = ${email}`);
  const quarterReport = async (today: string) => {
    const now = gt(today);
    const report = await computeAnalytics(ctx.db, { period: 'quarter', now });
    const scan = await scanned('quarter', now);
    expect({ summary: report.summary, top: report.top_donors }, `quarter at ${today}`).toMatchObject({ summary: scan.summary, top: scan.top });
    return report;
  };

  it('dates a gift by Guatemala’s calendar: the last evening of March is the first quarter, though April in UTC', async () => {
    // 31 March 23:30 in Guatemala is 1 April 05:30 UTC.
    const late = await make.donation(ctx.db, { donorName: 'Irma Tzul', donorEmail: 'irma@correo.gt', amountCents: 900_000, createdAt: gt('2027-03-31T23:30:00') });
    expect(late.createdAt.toISOString()).toBe('2027-04-01T05:30:00.000Z');
    await make.donation(ctx.db, { donorName: 'Irma Tzul', donorEmail: 'irma@correo.gt', amountCents: 100_000, createdAt: gt('2027-04-01T00:30:00') });
    await make.donation(ctx.db, { donorName: 'Irma Tzul', donorEmail: 'IRMA@correo.gt', amountCents: 50_000, createdAt: gt('2027-01-01T00:10:00') });
    await expectInStep();
    expect(await quarterRows('irma@correo.gt')).toEqual([
      { start: '2027-01-01', count: 2, cents: 950_000 },
      { start: '2027-04-01', count: 1, cents: 100_000 },
    ]);
    // The first quarter's report on its last evening counts the gift; the second's, the next morning, does not.
    const first = await quarterReport('2027-03-31T23:45:00');
    expect(first.top_donors[0]).toMatchObject({ email: 'irma@correo.gt', total_donated: 9_500, donations_count: 2 });
    const second = await quarterReport('2027-04-01T09:00:00');
    expect(second.top_donors[0]).toMatchObject({ email: 'irma@correo.gt', total_donated: 1_000, donations_count: 1 });
    expect(second.summary.unique_donors).toBe(1);
  });

  it('takes a gift refunded in the next quarter out of its own quarter, and the refund into the next one’s register', async () => {
    const gift = await make.donation(ctx.db, { donorName: 'Julio Pop', donorEmail: 'julio@correo.gt', amountCents: 700_000, paymentMethod: 'card', createdAt: gt('2027-06-29T10:00:00') });
    await make.donation(ctx.db, { donorName: 'Julio Pop', donorEmail: 'julio@correo.gt', amountCents: 20_000, createdAt: gt('2027-05-02T10:00:00') });
    await expectInStep();
    expect(await quarterRows('julio@correo.gt')).toEqual([{ start: '2027-04-01', count: 2, cents: 720_000 }]);
    expect((await quarterReport('2027-06-30T12:00:00')).top_donors[0]).toMatchObject({ email: 'julio@correo.gt', total_donated: 7_200 });

    await ctx.db.execute(sql`UPDATE donations SET status = 'refunded', refunded_at = ${gt('2027-07-02T09:00:00')}, refund_reason = 'Cargo no reconocido' WHERE id = ${gift.id}`);
    await expectInStep();
    expect(await quarterRows('julio@correo.gt')).toEqual([{ start: '2027-04-01', count: 1, cents: 20_000 }]);
    const refunds = await query(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(gross_cents)::bigint AS gross FROM register_daily WHERE kind = 'refund' AND day >= '2027-07-01' GROUP BY 1`);
    expect(refunds).toEqual([{ day: '2027-07-02', gross: -700_000 }]);
    const quarter = await quarterReport('2027-06-30T12:00:00');
    expect(quarter.top_donors.find((d) => d.email === 'julio@correo.gt')).toMatchObject({ total_donated: 200, donations_count: 1 });
    await quarterReport('2027-07-03T12:00:00');
  });

  it('reads the quarter in course whole only when no gift is dated later in it, else its months and days', async () => {
    await make.donation(ctx.db, { donorName: 'Karla Ixcoy', donorEmail: 'karla@correo.gt', amountCents: 15_000, createdAt: gt('2027-07-15T10:00:00') });
    await make.donation(ctx.db, { donorName: 'Karla Ixcoy', donorEmail: 'karla@correo.gt', amountCents: 30_000, createdAt: gt('2027-10-05T10:00:00') });
    await make.donation(ctx.db, { donorName: 'Karla Ixcoy', donorEmail: 'karla@correo.gt', amountCents: 40_000, createdAt: gt('2027-11-20T10:00:00') });
    await make.donation(ctx.db, { donorName: 'Karla Ixcoy', donorEmail: 'karla@correo.gt', amountCents: 80_000, createdAt: gt('2027-12-28T10:00:00') });
    await expectInStep();
    // 10 August: the next gift is in the next quarter (the quarter's row); 5 October: one in November
    // (October's row); 10 November: one later that month (October's row and November's days); 20
    // November: one in December (October's and November's rows); 21 December: one on the 28th
    // (October's and November's rows and December's days); 30 December: none after (the quarter's row).
    const expected = { '2027-08-10T12:00:00': 150, '2027-10-05T12:00:00': 300, '2027-11-10T12:00:00': 300, '2027-11-20T12:00:00': 700, '2027-12-21T12:00:00': 700, '2027-12-30T12:00:00': 1_500 };
    for (const [today, amount] of Object.entries(expected)) {
      const report = await quarterReport(today);
      expect(report.summary.unique_donors, today).toBe(1);
      expect(report.top_donors[0], today).toMatchObject({ email: 'karla@correo.gt', total_donated: amount });
    }
  });
});
