// A change of a monthly gift's amount keeps to the settings' minimum and maximum, in quetzales, as a new
// gift does: a dollar gift's new amount is compared by its quetzal value at the staff's rate.
// docs/product.md#monthly-giving
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, recurringGifts } from '../../src/db/schema';
import { putSettings } from '../../src/platform/settings';
import { type TestContext, createTestApp } from '../support/helpers';
import { aMonthlyGift } from '../support/monthly';
import * as make from '../support/factory';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  await putSettings(ctx.db, 'payments', { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' });
});

afterAll(async () => {
  await ctx?.close();
});

async function changeAmount(currency: 'GTQ' | 'USD', amount: unknown) {
  const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
  const gift = await aMonthlyGift(ctx.db, { donorEmail: donor.email, userId: donor.id, currency, amountCents: 2_000 });
  await make.donation(ctx.db, { recurringGiftId: gift.id, userId: donor.id, donorEmail: donor.email, amountCents: 2_000, currency, status: 'completed', paymentProvider: 'simulated' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`,
    headers: { authorization: `Bearer ${donor.token}` },
    payload: amount === undefined ? {} : { amount },
  });
  const replacements = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.replacesGiftId, gift.id));
  return { res, replacements };
}

describe('changing a monthly gift keeps to the bounds', () => {
  it.each([
    // A dollar gift's bounds are worded in dollars, as the dialog words them.
    ['USD', 0.01, 'El monto mínimo de donación es US$'],
    ['USD', 100_000_000, 'El monto máximo de donación es US$'],
    ['GTQ', 0.5, 'El monto mínimo de donación es Q'],
  ] as const)('%s %s is refused with the Spanish error and opens nothing', async (currency, amount, message) => {
    const before = (await ctx.db.select().from(donations)).length;
    const { res, replacements } = await changeAmount(currency, amount);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.amount).toContain(message);
    expect(replacements).toHaveLength(0);
    expect((await ctx.db.select().from(donations)).length).toBe(before + 1);
  });

  it('a dollar amount within the bounds by its quetzal value is accepted, from the next charge date', async () => {
    const { res, replacements } = await changeAmount('USD', 50);
    expect(res.statusCode, res.body).toBe(200);
    const { giftId } = res.json<{ giftId: number }>();
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(gift).toMatchObject({ amountCents: 2_000, pendingAmountCents: 5_000 });
    expect(replacements).toHaveLength(0);
  });
});

// A request without the amount asks for it as the dialog's empty field does, never "mayor a cero", which
// stays the answer to zero; on the donor area's route and on the emails' link alike.
describe('a change of amount without the amount, or past any maximum', () => {
  it.each([
    ['missing', undefined, 'Escribe el nuevo monto mensual'],
    ['null', null, 'Escribe el nuevo monto mensual'],
    ['empty text', '', 'Escribe el nuevo monto mensual'],
    ['zero', 0, 'Ingresa un monto mayor a cero'],
    // Past any maximum the settings allow: too large, never "mayor a cero".
    ['far too large', 999_999_999, 'El monto es demasiado grande.'],
  ] as const)('%s is refused with the words for it and opens nothing', async (_name, amount, message) => {
    const { res, replacements } = await changeAmount('GTQ', amount);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.amount).toBe(message);
    expect(replacements).toHaveLength(0);
  });

  it('is refused the same way on the page of the emails\' link', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/change-amount', payload: { token: 'un-enlace' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.amount).toBe('Escribe el nuevo monto mensual');
  });
});
