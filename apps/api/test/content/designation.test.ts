// Designation of gifts at the public checkout and in monthly gifts (docs/product.md#designation): the
// setting offers the programmes, unknown, inactive and "Próximamente" programmes are refused, every
// charge of a monthly gift inherits its programme, the programme totals and the report by programme
// equal the designated ledger rows (voids included), and a "Próximamente" programme shows no money
// to the public even when gifts were designated to it.
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { designationMessages as m } from '@donaciones/shared/messages/designation';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { rowsOf } from '../../src/db/rows';
import { donations, programs, recurringGifts } from '../../src/db/schema';
import { answerSimulatedCards, SIMULATED_ANSWER_AFTER_MS } from '../../src/domain/giving/simulated-payments';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { activePrograms } from '../../src/domain/reporting/personal-dashboard';
import { signedLinks } from '../../src/platform/signed-links';
import type { Caller } from '../support/helpers';
import { type TestContext, createTestApp, inject } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let finance: Caller;
const program = { open: 0, closed: 0, soon: 0 };

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  const rows = await ctx.db
    .insert(programs)
    .values([
      { slug: `comedor-${randomBytes(3).toString('hex')}`, name: 'Comedor escolar', goalCents: 1_000_000 },
      { slug: `cerrado-${randomBytes(3).toString('hex')}`, name: 'Programa cerrado', isActive: false },
      { slug: `becas-${randomBytes(3).toString('hex')}`, name: 'Becas', comingSoon: true, goalCents: 500_000 },
    ])
    .returning({ id: programs.id });
  [program.open, program.closed, program.soon] = rows.map((r) => r.id);
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => {
  await ctx?.close();
});

const email = () => `destino.${randomBytes(4).toString('hex')}@prueba.gt`;
const donate = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { donorName: 'Lucía Destino', email: email(), amount: 100, acceptTerms: true, cardLast4: '4242', cardBrand: 'visa', ...payload },
  });
const site = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/public/site' })).json<PublicSite>();
const donationRow = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0];

async function offerPrograms(on: boolean) {
  const current = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/settings', token: admin.token })).json();
  const res = await inject(ctx.app, { method: 'PUT', url: '/api/v1/admin/settings', token: admin.token, payload: { ...current, checkout_programs: on } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().checkout_programs).toBe(on);
}

/** The designated ledger: quetzales of completed donations per programme. */
async function ledgerCents(programId: number): Promise<number> {
  const [row] = rowsOf<{ c: string | number }>(
    await ctx.db.execute(
      sql`SELECT coalesce(sum(CASE WHEN currency = 'GTQ' THEN amount_cents ELSE coalesce(gtq_cents, 0) END), 0)::bigint AS c FROM donations WHERE program_id = ${programId} AND status = 'completed'`,
    ),
  );
  return Number(row.c);
}

describe('the checkout without the setting', () => {
  it('does not offer the programmes and refuses a designation with a Spanish reason; no designation is where most needed', async () => {
    expect((await site()).system.checkout_programs).toBe(false);
    const refused = await donate({ programId: program.open });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.programId).toBe(m.notOffered);
    const plain = await donate({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await donationRow(plain.json<PublicDonationResponse>().id)).programId).toBeNull();
  });
});

describe('the checkout with the setting', () => {
  beforeAll(async () => {
    await offerPrograms(true);
  });

  it('records the chosen programme, and refuses unknown, inactive, "Próximamente" and malformed choices next to the field', async () => {
    expect((await site()).system.checkout_programs).toBe(true);
    const chosen = await donate({ programId: program.open });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((await donationRow(chosen.json<PublicDonationResponse>().id)).programId).toBe(program.open);
    const none = await donate({ programId: null });
    expect(none.statusCode, none.body).toBe(201);
    expect((await donationRow(none.json<PublicDonationResponse>().id)).programId).toBeNull();
    // Staff read the designation on the donation's detail.
    const detail = async (id: number) => (await inject(ctx.app, { method: 'GET', url: `/api/v1/donations/${id}`, token: admin.token })).json();
    expect((await detail(chosen.json<PublicDonationResponse>().id)).designation).toBe('Comedor escolar');
    expect((await detail(none.json<PublicDonationResponse>().id)).designation).toBeNull();

    const cases: [unknown, string][] = [
      [2_000_000_000, m.programUnknown],
      [program.closed, m.programInactive],
      [program.soon, m.programComingSoon],
      ['1', donateMessages.programInvalid],
      [1.5, donateMessages.programInvalid],
      [-3, donateMessages.programInvalid],
    ];
    for (const [programId, message] of cases) {
      const res = await donate({ programId });
      expect(res.statusCode, `${String(programId)}: ${res.body}`).toBe(400);
      expect(res.json().errors.programId).toBe(message);
    }
  });

  it('a monthly gift carries its programme to the first payment and every renewal', async () => {
    const res = await donate({ programId: program.open, frequency: 'monthly', amount: 75 });
    expect(res.statusCode, res.body).toBe(201);
    const giftId = res.json<PublicDonationResponse>().recurring_gift_id as number;
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(gift.programId).toBe(program.open);

    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);
    const [charged] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date((charged.nextChargeAt as Date).getTime() + 1000));
    const rows = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, giftId)).orderBy(asc(donations.id));
    expect(rows.map((d) => [d.status, d.programId])).toEqual([
      ['completed', program.open],
      ['completed', program.open],
    ]);
  });

  it('a monthly gift to a "Próximamente" programme is refused and records nothing', async () => {
    const address = email();
    const res = await donate({ programId: program.soon, frequency: 'monthly', email: address });
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, address))).toEqual([]);
  });
});

describe('programme totals and reports', () => {
  it('equal the designated ledger rows: completed gifts count, a void leaves the total, the report adds up', async () => {
    const links = { links: signedLinks(ctx.config.jwtSecret), publicUrl: ctx.config.publicUrl };
    await offerPrograms(true);
    const paid = await donate({ programId: program.open, amount: 250 });
    expect(paid.statusCode, paid.body).toBe(201);
    await answerSimulatedCards(ctx.db, links, { now: new Date(Date.now() + SIMULATED_ANSWER_AFTER_MS + 1000) });
    expect((await donationRow(paid.json<PublicDonationResponse>().id)).status).toBe('completed');
    const cash = await make.donation(ctx.db, { status: 'completed', paymentMethod: 'cash', amount: 400, programId: program.open });

    const shown = async () => (await site()).programs.find((p) => p.id === program.open);
    const before = await ledgerCents(program.open);
    expect(before).toBeGreaterThanOrEqual(25_000 + 40_000);
    expect((await shown())?.current_amount).toBe(before / 100);

    const voided = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${cash.id}/void`, payload: { reason: 'Se registró dos veces' }, token: finance.token });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await ledgerCents(program.open)).toBe(before - 40_000);
    expect((await shown())?.current_amount).toBe((before - 40_000) / 100);

    const report = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=year', token: admin.token })).json<Analytics>();
    const sum = report.by_program.reduce((total, p) => total + Math.round(p.amount * 100), 0);
    expect(sum).toBe(Math.round(report.summary.total_amount * 100));
    expect(report.by_program.reduce((n, p) => n + p.donations, 0)).toBe(report.summary.total_donations);
    const [inYear] = rowsOf<{ c: string | number; n: number }>(
      await ctx.db.execute(sql`SELECT coalesce(sum(amount_cents), 0)::bigint AS c, count(*)::int AS n FROM donations
        WHERE program_id = ${program.open} AND status = 'completed' AND created_at >= date_trunc('year', now() AT TIME ZONE 'America/Guatemala') AT TIME ZONE 'America/Guatemala'`),
    );
    expect(report.by_program.find((p) => p.program_id === program.open)).toEqual({ program_id: program.open, name: 'Comedor escolar', donations: inYear.n, amount: Number(inYear.c) / 100 });
    expect(report.by_program.find((p) => p.program_id === null)?.name).toBe(m.whereMostNeeded);

    // The register (Contabilidad): the void is a movement of its own, so the programme's movements add up to its completed gifts.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const register = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/register?from=${day(-2)}&to=${day(62)}`, token: admin.token });
    expect(register.statusCode, register.body).toBe(200);
    const byProgram = register.json().totals.by_program.find((t: { label: string }) => t.label === 'Comedor escolar');
    expect(byProgram.gross_cents).toBe(await ledgerCents(program.open));

    const csv = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/reports/export?period=year&format=csv', token: admin.token });
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    expect(csv.body).toContain(m.byProgram);
    expect(csv.body).toContain(`Comedor escolar,${inYear.n},${(Number(inYear.c) / 100).toFixed(2)}`);
  });

  it('a "Próximamente" programme shows no money to the public or the donor dashboard, while staff reports still count its gifts', async () => {
    await make.donation(ctx.db, { status: 'completed', paymentMethod: 'cash', amount: 300, programId: program.soon });
    expect(await ledgerCents(program.soon)).toBe(30_000);
    const becas = (await site()).programs.find((p) => p.id === program.soon);
    expect(becas).toMatchObject({ coming_soon: true, current_amount: 0, progress_percentage: 0 });
    expect((await activePrograms(ctx.db)).find((p) => p.id === program.soon)).toMatchObject({ current_amount: 0, progress_percentage: 0 });
    const report = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=year', token: admin.token })).json<Analytics>();
    expect(report.by_program.find((p) => p.program_id === program.soon)?.amount).toBe(300);

    // Opened: the money designated to it shows.
    await ctx.db.update(programs).set({ comingSoon: false }).where(eq(programs.id, program.soon));
    expect((await site()).programs.find((p) => p.id === program.soon)?.current_amount).toBe(300);
    await ctx.db.update(programs).set({ comingSoon: true }).where(eq(programs.id, program.soon));
  });
});
