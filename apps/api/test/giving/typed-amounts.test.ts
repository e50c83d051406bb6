// One reader for amounts people type (decision 0074): the office's gift entry (POST /admin/gifts) and a
// deposit's correction (adjust-amount) take the amount as typed and read it as /donate's "Otro monto"
// does, with the same Spanish words: "1,250.50" is Q1,250.50, "600,50" is refused in both, never
// guessed; in dollars "US$100" is US$100.
import { donateMessages } from '@donaciones/shared/messages/donate';
import { guatemalaDay } from '@donaciones/shared/format';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../src/db/schema';
import { type Caller, type TestContext, createTestApp, inject, json } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown) => inject(ctx.app, { method: 'POST', url, payload: payload as never, token: finance.token });
const enter = (amount: unknown, currency = 'GTQ') =>
  post('/api/v1/admin/gifts', { donorName: 'Rosa Monto', method: 'cash', amount, currency, receivedOn: guatemalaDay(new Date()) });
const adjust = async (amount: unknown) => {
  const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 5000 });
  return { id: deposit.id, res: await post(`/api/v1/admin/donations/${deposit.id}/adjust-amount`, { amount, reason: 'Lo que acreditó el banco' }) };
};
const cents = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0];

describe('an amount typed at the office', () => {
  it.each([
    ['600,50', donateMessages.amountInput.ambiguous],
    ['1.500,00', donateMessages.amountInput.ambiguous],
    ['cien', donateMessages.amountInput.malformed],
    ['9.999', donateMessages.amountInput.ambiguous],
    ['1500.555', donateMessages.amountInput.decimals],
    ['-5', donateMessages.amountInput.negative],
    ['US$100', donateMessages.amountInput.otherCurrency],
  ])('refuses %s in gift entry and in a correction with the same words the browser shows', async (typed, message) => {
    const entered = await enter(typed);
    expect(entered.statusCode).toBe(400);
    expect(entered.json().errors).toEqual({ amount: message });
    const { res } = await adjust(typed);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ amount: message });
  });

  it('reads 1,250.50 as Q1,250.50 in both', async () => {
    const entered = await enter('1,250.50');
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await cents(entered.json().id)).amountCents).toBe(125_050);
    const { id, res } = await adjust('Q1,250.50');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ amount: 1250.5 });
    expect((await cents(id)).amountCents).toBe(125_050);
  });

  it('reads US$100 in a gift entered in dollars, and refuses Q100 there', async () => {
    const usd = await enter('US$100', 'USD');
    expect(usd.statusCode, usd.body).toBe(201);
    expect(await cents(usd.json().id)).toMatchObject({ currency: 'USD', amountCents: 10_000 });
    expect((await enter('Q100', 'USD')).json().errors).toEqual({ amount: donateMessages.amountInput.otherCurrency });
  });
});
