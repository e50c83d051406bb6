// The offline demo's card behaves like a gateway: a few seconds after a card gift is recorded its
// answer (paid, or declined for the test cards) goes through the same dispatcher as a gateway's
// webhook; the gift completes with its receipt and email without anyone pressing Procesar.
// docs/product.md#payments
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { donations, emailOutbox, paymentEvents } from '../../src/db/schema';
import { SIMULATED_ANSWER_AFTER_MS, answerSimulatedCards } from '../../src/domain/giving/simulated-payments';
import { runSimulatedPayments } from '../../src/jobs/simulated-payments';
import { signedLinks } from '../../src/platform/signed-links';
import { type TestContext, createTestApp } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let links: { links: ReturnType<typeof signedLinks>; publicUrl: string };
const later = () => new Date(Date.now() + SIMULATED_ANSWER_AFTER_MS + 1_000);

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  links = { links: signedLinks(ctx.config.jwtSecret), publicUrl: ctx.config.publicUrl };
});

afterAll(async () => {
  await ctx?.close();
});

async function donateByCard(last4 = '4242') {
  const email = `demo.${randomBytes(4).toString('hex')}@prueba.gt`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { donorName: 'Diana Demo', email, amount: 120, acceptTerms: true, cardLast4: last4, cardBrand: 'visa' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { answer: res.json<PublicDonationResponse>(), email };
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(donations).where(eq(donations.id, id));
  return row;
}

const eventsOf = (id: number) => ctx.db.select().from(paymentEvents).where(eq(paymentEvents.donationId, id));
const emailsTo = (address: string, template: string) =>
  ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));

describe("the demo's card answers by itself", () => {
  it('a card gift completes seconds later with its receipt and email, through a stored simulated event, once', async () => {
    const { answer, email } = await donateByCard();
    expect(answer.status).toBe('pending');
    // Not before a gateway would answer.
    await answerSimulatedCards(ctx.db, links);
    expect((await rowOf(answer.id)).status).toBe('pending');

    await answerSimulatedCards(ctx.db, links, { now: later() });
    const row = await rowOf(answer.id);
    expect(row).toMatchObject({ status: 'completed', paymentReference: `SIM-${answer.reference_code.slice(3)}`, cardLast4: '4242' });
    expect(row.receiptNumber).not.toBeNull();
    expect(await emailsTo(email, 'donation-completed')).toHaveLength(1);
    expect(await eventsOf(answer.id)).toEqual([expect.objectContaining({ provider: 'simulated', eventType: 'simulated.payment_succeeded', error: null, problem: null, amountCents: 12_000 })]);

    await answerSimulatedCards(ctx.db, links, { now: later() });
    expect(await eventsOf(answer.id)).toHaveLength(1);
    expect(await emailsTo(email, 'donation-completed')).toHaveLength(1);
  });

  it('a pending gift with a declining test card fails with its reason and the failed-payment email', async () => {
    const row = await make.donation(ctx.db, { status: 'pending', paymentProvider: 'simulated', paymentMethod: 'card', cardLast4: '9995', cardBrand: 'visa', source: 'public' });
    await answerSimulatedCards(ctx.db, links, { now: later() });
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', failureReason: 'Fondos insuficientes' });
    expect(await emailsTo(row.donorEmail, 'donation-payment-failed')).toHaveLength(1);
  });

  it("staff's Procesar first: the card's answer later changes nothing and flags nothing", async () => {
    const { answer, email } = await donateByCard();
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${answer.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const processed = await rowOf(answer.id);
    await answerSimulatedCards(ctx.db, links, { now: later() });
    expect(await rowOf(answer.id)).toEqual(processed);
    expect(await emailsTo(email, 'donation-completed')).toHaveLength(1);
  });

  it('the job answers in the demo and leaves monthly gifts, deposits and goods to their own paths', async () => {
    const goods = await make.donation(ctx.db, { status: 'pending', paymentProvider: 'simulated', donationType: 'goods', source: 'public' });
    const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', source: 'public' });
    const old = await make.donation(ctx.db, { status: 'pending', paymentProvider: 'simulated', paymentMethod: 'card', cardLast4: '4242', cardBrand: 'visa', source: 'public', createdAt: new Date(Date.now() - 60_000) });
    await runSimulatedPayments(ctx.app);
    expect((await rowOf(old.id)).status).toBe('completed');
    expect((await rowOf(goods.id)).status).toBe('pending');
    expect((await rowOf(deposit.id)).status).toBe('pending');
  });
});
