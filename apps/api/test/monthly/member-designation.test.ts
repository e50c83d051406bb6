// The donor sees where their gifts go (docs/product.md#designation, decision 0044): each monthly gift
// of "Mis donaciones mensuales", the no-login page of a gift and the answer to cancelling one name its
// programme, or none (null, "Donde más se necesite"); so do the one-time gifts of the list and the history.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedMonthlyGift, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import type { DonationHistory, MyDonationList } from '@donaciones/shared/schemas/member';
import { programs, recurringGifts } from '../../src/db/schema';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { type TestContext, createTestApp, inject } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let programId: number;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  const [row] = await ctx.db
    .insert(programs)
    .values({ slug: `agua-${randomBytes(3).toString('hex')}`, name: 'Agua segura', goalCents: 1_000_000 })
    .returning({ id: programs.id });
  programId = row.id;
});
afterAll(async () => {
  await ctx?.close();
});

async function monthlyGift(donor: { id: number; email: string }, values: { amountCents: number; programId: number | null }) {
  const [gift] = await ctx.db
    .insert(recurringGifts)
    .values({
      provider: 'simulated',
      donorName: 'Ana Ángel',
      donorEmail: donor.email,
      userId: donor.id,
      status: 'active',
      startedAt: new Date(),
      nextChargeAt: new Date(Date.now() + 86_400_000 * 20),
      ...values,
    })
    .returning();
  return gift;
}

describe('the programme of a donor’s own gifts', () => {
  it('names it on each monthly gift of the list, null for "Donde más se necesite"', async () => {
    const donor = await make.signIn(ctx.app, ctx.db);
    const designated = await monthlyGift(donor, { amountCents: 15_000, programId });
    const general = await monthlyGift(donor, { amountCents: 9_000, programId: null });

    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/monthly-gifts', token: donor.token });
    expect(res.statusCode, res.body).toBe(200);
    const gifts = res.json<MonthlyGift[]>();
    expect(gifts.map((g) => [g.id, g.programName])).toEqual([
      [general.id, null],
      [designated.id, 'Agua segura'],
    ]);
  });

  it('names it on the gift the signed link opens and in the answer to cancelling', async () => {
    const donor = await make.signIn(ctx.app, ctx.db);
    const gift = await monthlyGift(donor, { amountCents: 12_000, programId });
    const token = await monthlyContext(ctx.app).links.sign({ subject: gift.id, purpose: 'monthly-gift' });

    const managed = await inject(ctx.app, { method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(token)}` });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json<ManagedMonthlyGift>()).toMatchObject({ id: gift.id, programName: 'Agua segura' });

    const cancelled = await inject(ctx.app, { method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/cancel`, token: donor.token, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<MonthlyGift>()).toMatchObject({ id: gift.id, status: 'cancelled', programName: 'Agua segura' });
  });

  it('names it on the one-time gifts of the list and the history', async () => {
    const donor = await make.signIn(ctx.app, ctx.db);
    const designated = await make.donation(ctx.db, { userId: donor.id, programId, createdAt: new Date(Date.now() - 60_000) });
    const general = await make.donation(ctx.db, { userId: donor.id });

    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/users/me/donations', token: donor.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<MyDonationList>().donations.map((d) => [d.id, d.program_name])).toEqual([
      [general.id, null],
      [designated.id, 'Agua segura'],
    ]);

    const history = await inject(ctx.app, { method: 'GET', url: '/api/v1/users/me/history', token: donor.token });
    expect(history.statusCode, history.body).toBe(200);
    const rows = history.json<DonationHistory>().years.flatMap((y) => y.months.flatMap((m) => m.donations));
    expect(rows.map((d) => [d.id, d.program_name])).toEqual([
      [general.id, null],
      [designated.id, 'Agua segura'],
    ]);
  });
});
