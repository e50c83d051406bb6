// A monthly gift is charged on the day of the month it started in Guatemala (docs/product.md#monthly-giving),
// also when the donor gave in the evening, when UTC is already on the next day: a gift started at
// 10:30 p.m. on 28 November is charged on the 28th, and a pause over February resumes on 28 February,
// not on the 27th; a gift started at 7 p.m. on 30 April is charged on 30 June, not on the 29th.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { emailOutbox, recurringGifts } from '../../src/db/schema';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { type TestContext, createTestApp } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
});
afterAll(async () => {
  await ctx?.close();
});

const giftRow = async (id: number) => (await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0];

/** A signed-in donor's simulated gift, its first payment charged by the job. */
async function startedGift() {
  const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
  const auth = { authorization: `Bearer ${donor.token}` };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...auth },
    payload: { donorName: 'Ana Ángel', email: donor.email, amount: 150, acceptTerms: true, frequency: 'monthly', cardLast4: '4242', cardBrand: 'visa' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<PublicDonationResponse>().recurring_gift_id as number;
  await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
  expect((await giftRow(id)).status).toBe('active');
  return { donor, id, auth };
}

describe("a monthly gift's day of the month is Guatemala's", () => {
  it('a gift started on the evening of the 28th, paused over February, resumes on 28 February, as the email says', async () => {
    const { donor, id, auth } = await startedGift();
    // 28 November 2026, 10:30 p.m. in Guatemala (UTC-6): already the 29th in UTC.
    await ctx.db
      .update(recurringGifts)
      .set({ startedAt: new Date('2026-11-29T04:30:00Z'), nextChargeAt: new Date('2026-12-29T04:30:00Z') })
      .where(eq(recurringGifts.id, id));

    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${id}/pause`, headers: auth, payload: { months: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    // 28 February 2027, 10:30 p.m. in Guatemala.
    const [view] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ status: 'paused', pausedUntil: '2027-03-01T04:30:00.000Z' });
    const [email] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, donor.email), eq(emailOutbox.template, 'monthly-gift-paused')));
    expect(email.textBody).toContain('Se reanuda sola el 28 de febrero de 2027');
  });

  it('a gift started on the evening of 30 April is charged on 30 June, not on the 29th', async () => {
    const { id } = await startedGift();
    // 30 April 2027, 7 p.m. in Guatemala: 1 May in UTC. Its next charge, 30 May at the same hour.
    await ctx.db
      .update(recurringGifts)
      .set({ startedAt: new Date('2027-05-01T01:00:00Z'), nextChargeAt: new Date('2027-05-31T01:00:00Z') })
      .where(eq(recurringGifts.id, id));

    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app), new Date('2027-05-31T01:01:00Z'), 1000);
    // 30 June 2027, 7 p.m. in Guatemala.
    expect((await giftRow(id)).nextChargeAt?.toISOString()).toBe('2027-07-01T01:00:00.000Z');
  });
});
