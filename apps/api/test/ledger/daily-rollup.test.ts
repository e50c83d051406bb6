// The daily rollup (donation_daily, migration 0030) equals the ledger after every kind of change:
// gifts in quetzales and dollars, with and without a programme, approvals, rejections, refunds, voids,
// a deposit's amount corrected, a rejected deposit reopened, a programme deleted, a date moved and a
// row deleted; and the figures read from it ("Donado este mes") equal the scan they replace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { figurePeriod } from '@donaciones/shared/figures';
import { rowsOf } from '../../src/db/rows';
import { programs } from '../../src/db/schema';
import { COUNTED, QUETZAL_CENTS, createdWithin, donatedWithin } from '../../src/domain/ledger/figures';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { PERIOD_GRANULARITY, computeAnalytics, periodBounds } from '../../src/domain/reporting/analytics';
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

type Group = { day: string; status: string; donation_type: string; currency: string; program_id: number; count: number; amount: number; counted: number; counted_cents: number };
const normalise = (rows: Record<string, unknown>[]): Group[] =>
  rows
    .map((r) => ({
      day: String(r.day).slice(0, 10),
      status: String(r.status),
      donation_type: String(r.donation_type),
      currency: String(r.currency),
      program_id: Number(r.program_id),
      count: Number(r.count),
      amount: Number(r.amount),
      counted: Number(r.counted),
      counted_cents: Number(r.counted_cents),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

async function rollup(): Promise<Group[]> {
  return normalise(
    rowsOf(
      await ctx.db.execute(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, status, donation_type, currency, program_id, sum(count) AS count, sum(amount_cents) AS amount,
               sum(counted_count) AS counted, sum(counted_cents) AS counted_cents
        FROM donation_daily GROUP BY 1, 2, 3, 4, 5
        HAVING sum(count) <> 0 OR sum(amount_cents) <> 0 OR sum(counted_count) <> 0 OR sum(counted_cents) <> 0`),
    ),
  );
}

async function ledger(): Promise<Group[]> {
  return normalise(
    rowsOf(
      await ctx.db.execute(sql`
        SELECT to_char((created_at AT TIME ZONE 'America/Guatemala')::date, 'YYYY-MM-DD') AS day, status, donation_type, currency,
               coalesce(program_id, 0) AS program_id, count(*) AS count, sum(amount_cents) AS amount,
               count(*) FILTER (WHERE ${COUNTED}) AS counted, coalesce(sum(${QUETZAL_CENTS}) FILTER (WHERE ${COUNTED}), 0) AS counted_cents
        FROM donations GROUP BY 1, 2, 3, 4, 5`),
    ),
  );
}

const expectInStep = async () => expect(await rollup()).toEqual(await ledger());

describe('the daily rollup of the ledger', () => {
  it('stays equal to the ledger through gifts, approvals, refunds, voids and corrections', async () => {
    const [school] = await ctx.db.insert(programs).values({ slug: 'rollup-escuela', name: 'Escuela de prueba' }).returning();
    const [meals] = await ctx.db.insert(programs).values({ slug: 'rollup-comida', name: 'Comida de prueba' }).returning();
    const day = (d: number, h = 18) => new Date(Date.UTC(2026, 2, d, h));
    // Late evening in Guatemala is already the next day in UTC: the rollup dates it by Guatemala's calendar.
    await make.donation(ctx.db, { amount: 100, createdAt: new Date(Date.UTC(2026, 2, 3, 5, 30)), programId: school.id });
    await make.donation(ctx.db, { amount: 250, createdAt: day(3), paymentMethod: 'cash' });
    const cash = await make.donation(ctx.db, { amount: 80, createdAt: day(3), paymentMethod: 'cash', programId: meals.id });
    await make.donation(ctx.db, { amount: 40, currency: 'USD', gtqCents: 31_200, createdAt: day(4) });
    await make.donation(ctx.db, { amount: 40, currency: 'USD', createdAt: day(4) });
    await make.donation(ctx.db, { amount: 35, donationType: 'goods', description: 'Útiles', createdAt: day(4) });
    const card = await make.donation(ctx.db, { amount: 300, createdAt: day(5), paymentMethod: 'card', programId: school.id });
    const pending = await make.donation(ctx.db, { amount: 75, status: 'pending', createdAt: day(5) });
    const deposit = await make.donation(ctx.db, { amount: 500, status: 'pending', paymentMethod: 'bank_deposit', createdAt: day(6) });
    const rejected = await make.donation(ctx.db, { amount: 300, status: 'pending', paymentMethod: 'bank_deposit', createdAt: day(6) });
    const gone = await make.donation(ctx.db, { amount: 60, createdAt: day(7) });
    await expectInStep();

    await transitionDonation(ctx.db, { id: pending.id, action: 'approve', actor: { id: finance.id, email: finance.email } });
    await expectInStep();
    // A refund moves the gift out of the completed figures (the provider's refund itself is tested in payments/).
    await ctx.db.execute(sql`UPDATE donations SET status = 'refunded', refunded_at = now(), refund_reason = 'Duplicada' WHERE id = ${card.id}`);
    await expectInStep();
    expect((await post(`/admin/donations/${cash.id}/void`, { reason: 'Se registró dos veces' })).statusCode).toBe(200);
    await expectInStep();
    expect((await post(`/admin/donations/${deposit.id}/adjust-amount`, { amount: 450.5, reason: 'El banco acreditó Q450.50' })).statusCode).toBe(200);
    await expectInStep();
    expect((await post(`/admin/donations/${rejected.id}/reject`, { reason: 'No encontramos el depósito' })).statusCode).toBe(200);
    await expectInStep();
    expect((await post(`/admin/donations/${rejected.id}/reopen`, { reason: 'Trajo el comprobante' })).statusCode).toBe(200);
    await expectInStep();
    await transitionDonation(ctx.db, { id: deposit.id, action: 'approve', actor: { id: finance.id, email: finance.email } });
    await expectInStep();
    // A dollar gift's quetzal value recorded later, a date moved, a programme deleted, a row deleted.
    await ctx.db.execute(sql`UPDATE donations SET gtq_cents = 30000 WHERE currency = 'USD' AND gtq_cents IS NULL`);
    await ctx.db.execute(sql`UPDATE donations SET created_at = created_at + interval '9 days' WHERE id = ${gone.id}`);
    await expectInStep();
    await ctx.db.execute(sql`DELETE FROM programs WHERE id = ${meals.id}`);
    await expectInStep();
    await ctx.db.execute(sql`DELETE FROM donation_corrections WHERE donation_id = ${gone.id}`);
    await ctx.db.execute(sql`DELETE FROM receipts WHERE donation_id = ${gone.id}`);
    await ctx.db.execute(sql`DELETE FROM donations WHERE id = ${gone.id}`);
    await expectInStep();
    expect((await rollup()).length).toBeGreaterThan(8);
  });

  it('gives the figures of a period what a scan of the ledger gives', async () => {
    await make.donation(ctx.db, { amount: 123.45 });
    await make.donation(ctx.db, { amount: 20, currency: 'USD', gtqCents: 15_600 });
    for (const range of [figurePeriod('month', new Date()).current, { start: '2026-03-01', end: '2026-04-01' }, { start: '2026-03-04', end: '2026-03-06' }]) {
      const [scan] = rowsOf<{ n: number; cents: string | number }>(
        await ctx.db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(${QUETZAL_CENTS}), 0) AS cents FROM donations WHERE ${COUNTED} AND ${createdWithin(range)}`),
      );
      expect(await donatedWithin(ctx.db, range)).toEqual({ count: Number(scan.n), cents: Number(scan.cents) });
    }
    const site = await inject(ctx.app, { method: 'GET', url: '/api/v1/public/site' });
    expect(site.statusCode).toBe(200);
  });

  it('gives the reports’ month and trend series what a scan of the ledger gives', async () => {
    // Gifts late in the evening (already the next day in UTC) at the edges of months of this year.
    const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Guatemala', year: 'numeric' }).format(new Date()));
    for (const month of [0, 1, 2]) {
      await make.donation(ctx.db, { amount: 50 + month, createdAt: new Date(Date.UTC(year, month + 1, 1, 5, 30)) });
      await make.donation(ctx.db, { amount: 7, currency: 'USD', gtqCents: 5_460, createdAt: new Date(Date.UTC(year, month, 15, 18)) });
    }
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const report = await computeAnalytics(ctx.db, { period });
      const b = periodBounds(period, new Date());
      const gran = sql.raw(`'${PERIOD_GRANULARITY[period]}'`);
      const scan = rowsOf<{ t: string; n: number; cents: string | number }>(
        await ctx.db.execute(sql`
          SELECT to_char(greatest(date_trunc(${gran}, created_at AT TIME ZONE 'America/Guatemala'), ${b.startLocal}::timestamp), 'YYYY-MM-DD') AS t,
                 count(*)::int AS n, sum(${QUETZAL_CENTS}) AS cents
          FROM donations WHERE ${COUNTED} AND created_at >= ${b.startAt}::timestamptz AND created_at < ${b.endAt}::timestamptz GROUP BY 1`),
      );
      const nonEmpty = report.trends.filter((t) => t.donations > 0).map((t) => ({ t: t.date, n: t.donations, amount: t.amount }));
      expect(nonEmpty).toEqual(scan.map((r) => ({ t: r.t, n: Number(r.n), amount: Number(r.cents) / 100 })).sort((x, y) => x.t.localeCompare(y.t)));
      const monthsTotal = report.monthly_stats.reduce((sum, m) => sum + m.donations, 0);
      expect(monthsTotal).toBe(report.summary.total_donations);
      expect(report.monthly_stats.reduce((sum, m) => sum + Math.round(m.amount * 100), 0)).toBe(Math.round(report.summary.total_amount * 100));
    }
  });
});
