// Whom a monthly gift's emails greet (docs/product.md#monthly-giving): a gift of an account greets by
// the account's name as it is when the email goes (a name corrected in the profile after the checkout
// is the one used); a gift without an account keeps the name typed at checkout.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { emailOutbox, users } from '../../src/db/schema';
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

async function donateMonthly(donorName: string, email: string, token?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { donorName, email, amount: 150, acceptTerms: true, frequency: 'monthly', cardLast4: '4242', cardBrand: 'visa' },
  });
  expect(res.statusCode, res.body).toBe(201);
  await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
  return res.json<PublicDonationResponse>().recurring_gift_id as number;
}

const greetingOf = async (to: string, template: string) => {
  const sent = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template))).orderBy(asc(emailOutbox.id));
  expect(sent, template).toHaveLength(1);
  return sent[0].textBody.split('\n')[0];
};

describe("a monthly gift's emails", () => {
  it("greet an account's gift by the account's current name, not the one typed at checkout", async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'], firstName: 'Ana', lastName: 'Ángel' });
    const giftId = await donateMonthly('ana angel', donor.email, donor.token);
    expect(await greetingOf(donor.email, 'monthly-gift-started')).toBe('Hola Ana Ángel:');

    // The donor corrects their name in the profile: the next emails use it.
    await ctx.db.update(users).set({ firstName: 'Ana María' }).where(eq(users.id, donor.id));
    const post = (action: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${giftId}/${action}`, headers: { authorization: `Bearer ${donor.token}` }, payload });
    expect((await post('change-amount', { amount: 200 })).statusCode).toBe(200);
    expect(await greetingOf(donor.email, 'monthly-gift-change-scheduled')).toBe('Hola Ana María Ángel:');
    expect((await post('pause', { months: 2 })).statusCode).toBe(200);
    expect(await greetingOf(donor.email, 'monthly-gift-paused')).toBe('Hola Ana María Ángel:');
    expect((await post('resume', {})).statusCode).toBe(200);
    expect(await greetingOf(donor.email, 'monthly-gift-resumed')).toBe('Hola Ana María Ángel:');
    expect((await post('cancel', {})).statusCode).toBe(200);
    expect(await greetingOf(donor.email, 'monthly-gift-cancelled')).toBe('Hola Ana María Ángel:');
  });

  it('greet a gift without an account by the name typed at checkout', async () => {
    const email = `invitada.${randomUUID().slice(0, 8)}@prueba.gt`;
    await donateMonthly('Berta Invitada', email);
    expect(await greetingOf(email, 'monthly-gift-started')).toBe('Hola Berta Invitada:');
  });
});
