// Money a donor would not dispute, against the local Recurrente stand-in: a payment completes a charge
// only for its exact amount and currency (one-time gifts and monthly charges alike), an event naming a
// checkout never opened here completes nothing, "Intentar de nuevo" expires the earlier checkout, and a
// second payment of a settled donation is shown to staff as a duplicate they refund with one click.
// docs/product.md#payments
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { AdminDonationPayment, PaymentEventView, PaymentProblemView } from '@donaciones/shared/schemas/payments';
import type { Database } from '../../src/db/client';
import { donations, emailOutbox, paymentEvents, recurringGifts } from '../../src/db/schema';
import { type TestContext, createTestApp, createUser, openSession } from '../support/helpers';
import { DECLINED_CARD, type OutgoingEvent, PAYING_CARD, RecurrenteStandIn, newWebhookSecret } from '../support/recurrente-stand-in';

const PUBLIC_KEY = 'pk_test_standin';
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = newWebhookSecret();

let standIn: RecurrenteStandIn;
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
let adminToken: string;

beforeAll(async () => {
  standIn = new RecurrenteStandIn({ publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: null });
  await standIn.start();
  ctx = await createTestApp({
    config: {
      publicUrl: 'http://donaciones.prueba',
      rateLimitEnabled: false,
      payments: { provider: 'recurrente', publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.apiUrl },
    },
  });
  ({ app, db } = ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/v1/payments/recurrente/webhook`;
  const admin = await createUser(db, { roles: ['ADMIN'] });
  adminToken = (await openSession(app, db, admin.id)).token;
});

afterAll(async () => {
  await ctx?.close();
  await standIn?.stop();
});

const delivery = (mode: 'immediate' | 'manual') => ((standIn as unknown as { options: { delivery?: string } }).options.delivery = mode);
beforeEach(() => {
  standIn.outbox.length = 0;
});
afterEach(() => delivery('immediate'));

async function donate(overrides: Record<string, unknown> = {}) {
  const email = `donante.${randomBytes(4).toString('hex')}@prueba.gt`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { donorName: 'Ana Donante', email, amount: 1000, acceptTerms: true, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<PublicDonationResponse>();
  const row = await rowOf(answer.id);
  return { answer, row, checkoutId: row.checkoutId as string, email };
}

async function rowOf(id: number) {
  const [row] = await db.select().from(donations).where(eq(donations.id, id));
  return row;
}

/** The signed body the stand-in made for a payment, sent again as a new delivery with some fields changed. */
function forged(event: OutgoingEvent, change: (body: Record<string, unknown>) => void): OutgoingEvent {
  const body = structuredClone(event.body);
  change(body);
  return { deliveryId: `msg_${randomBytes(12).toString('hex')}`, body };
}

/** A successful payment's event as the stand-in would send it, without delivering it (manual delivery). */
async function paidEventOf(checkoutId: string): Promise<OutgoingEvent> {
  delivery('manual');
  standIn.outbox.length = 0;
  await standIn.pay(checkoutId, PAYING_CARD);
  const event = standIn.outbox.find((e) => e.body.event_type === 'payment_intent.succeeded');
  if (!event) throw new Error('no payment event');
  return event;
}

async function storedEvent(deliveryId: string) {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.eventId, deliveryId));
  return row;
}

async function adminGet<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function emailsTo(address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

describe('a payment completes only its own amount and currency', () => {
  it('one cent, a null, fractional, negative or non-numeric amount, or another currency never completes a Q1,000 gift; staff see each', async () => {
    const { answer, checkoutId, email } = await donate();
    const real = await paidEventOf(checkoutId);
    const wrong: Array<(b: Record<string, unknown>) => void> = [
      (b) => (b.amount_in_cents = 1),
      (b) => (b.amount_in_cents = null),
      (b) => (b.amount_in_cents = 100_000.5),
      (b) => (b.amount_in_cents = -100_000),
      (b) => (b.amount_in_cents = 'mil quetzales'),
      (b) => delete b.amount_in_cents,
      (b) => (b.currency = 'USD'),
      (b) => delete b.currency,
    ];
    for (const change of wrong) {
      const event = forged(real, change);
      expect(await standIn.deliver(event)).toBe(200);
      expect(await storedEvent(event.deliveryId)).toMatchObject({ problem: 'amount_mismatch', donationId: answer.id });
    }
    expect(await rowOf(answer.id)).toMatchObject({ status: 'pending', receiptNumber: null });
    expect(await emailsTo(email)).toHaveLength(0);

    const detail = await adminGet<AdminDonationPayment>(`/api/v1/admin/donations/${answer.id}/payment`);
    expect(detail.events).toHaveLength(wrong.length);
    expect(detail.events[0]).toMatchObject({ problem: 'amount_mismatch', amount: 0.01, currency: 'GTQ', error: 'Se pagó Q0.01 y la donación es de Q1,000.00: no completó nada.', refundable: false });
    const problems = await adminGet<PaymentProblemView[]>('/api/v1/admin/payments/problems');
    expect(problems.filter((p) => p.donation_id === answer.id)).toHaveLength(wrong.length);

    // The real payment still completes it.
    expect(await standIn.deliver(real)).toBe(200);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed' });
  });

  it('a one-cent first charge of a Q1,000 monthly gift completes nothing, issues no receipt and leaves the gift incomplete', async () => {
    const { answer, checkoutId, email } = await donate({ frequency: 'monthly' });
    const real = await paidEventOf(checkoutId);
    const cent = forged(real, (b) => {
      b.amount_in_cents = 1;
      b.id = `pa_${randomBytes(6).toString('hex')}`;
    });
    expect(await standIn.deliver(cent)).toBe(200);
    expect(await storedEvent(cent.deliveryId)).toMatchObject({ problem: 'amount_mismatch', donationId: answer.id });
    expect(await rowOf(answer.id)).toMatchObject({ status: 'pending', receiptNumber: null });
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, answer.recurring_gift_id as number));
    expect(gift.status).toBe('incomplete');
    expect(await emailsTo(email)).toHaveLength(0);

    expect(await standIn.deliver(real)).toBe(200);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed', amountCents: 100_000 });
  });

  it("an event naming a checkout never opened here does not complete another donation found by the reference in its metadata", async () => {
    const victim = await donate();
    const other = await donate({ amount: 1000 });
    const real = await paidEventOf(other.checkoutId);
    const event = forged(real, (b) => {
      const checkout = b.checkout as Record<string, unknown>;
      checkout.id = 'ch_neverOpenedHere';
      checkout.metadata = { donation_reference: victim.answer.reference_code, donation_id: String(victim.answer.id) };
      b.id = `pa_${randomBytes(6).toString('hex')}`;
    });
    expect(await standIn.deliver(event)).toBe(200);
    expect(await storedEvent(event.deliveryId)).toMatchObject({ problem: 'unknown_checkout', donationId: null });
    expect(await rowOf(victim.answer.id)).toMatchObject({ status: 'pending', receiptNumber: null });
    const problems = await adminGet<PaymentProblemView[]>('/api/v1/admin/payments/problems');
    expect(problems.find((p) => p.event_id === event.deliveryId)).toMatchObject({ problem: 'unknown_checkout', donation_id: null, amount: 1000 });
  });
});

describe('"Intentar de nuevo" and a second payment', () => {
  it('retrying expires the earlier checkout at the provider, so it can no longer be paid', async () => {
    const { answer, checkoutId } = await donate({ amount: 250 });
    await standIn.pay(checkoutId, DECLINED_CARD);
    const retry = await app.inject({ method: 'POST', url: '/api/v1/donate/retry', payload: { ref: answer.reference_code } });
    expect(retry.statusCode, retry.body).toBe(200);
    const first = standIn.checkouts.get(checkoutId);
    expect(Date.parse(first?.expiresAt as string)).toBeLessThanOrEqual(Date.now());
    expect(await standIn.pay(checkoutId, PAYING_CARD)).toEqual({ paid: false, reason: 'Este enlace de pago expiró' });
    const second = (await rowOf(answer.id)).checkoutId as string;
    expect(second).not.toBe(checkoutId);
    expect(await standIn.pay(second, PAYING_CARD)).toEqual({ paid: true });
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed' });
  });

  it('a second payment of a completed donation is flagged "pago duplicado" and refunded with one click; the donation stays completed', async () => {
    const { answer, checkoutId } = await donate({ amount: 300 });
    const real = await paidEventOf(checkoutId);
    expect(await standIn.deliver(real)).toBe(200);
    const paid = await rowOf(answer.id);
    // A second payment the provider really took (its own checkout's, never delivered), reported for this donation.
    const secondId = (await paidEventOf((await donate({ amount: 300 })).checkoutId)).body.id as string;
    const second = forged(real, (b) => (b.id = secondId));
    expect(await standIn.deliver(second)).toBe(200);
    expect(await storedEvent(second.deliveryId)).toMatchObject({ problem: 'duplicate_payment', paymentId: secondId, donationId: answer.id });
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed', paymentReference: paid.paymentReference, receiptNumber: paid.receiptNumber });

    const detail = await adminGet<AdminDonationPayment>(`/api/v1/admin/donations/${answer.id}/payment`);
    const flagged = detail.events.find((e) => e.payment_id === secondId) as PaymentEventView;
    expect(flagged).toMatchObject({ problem: 'duplicate_payment', refundable: true, amount: 300, error: `Pago duplicado de la donación ${answer.reference_code}, ya cobrada: reembolsar.` });

    const url = `/api/v1/admin/payment-events/${flagged.id}/refund`;
    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentEventView>()).toMatchObject({ refundable: false, refunded_at: expect.any(String) });
    const refunds = [...standIn.refunds.values()];
    expect(refunds.filter((r) => r.payment_intent_id === secondId)).toHaveLength(1);
    expect(refunds.some((r) => r.payment_intent_id === paid.paymentReference)).toBe(false);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed' });
    const twice = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${adminToken}` } });
    expect(twice.statusCode).toBe(409);
    // The real payment's own event is no duplicate and cannot be refunded this way.
    const own = detail.events.find((e) => e.payment_id === paid.paymentReference) as PaymentEventView;
    const refused = await app.inject({ method: 'POST', url: `/api/v1/admin/payment-events/${own.id}/refund`, headers: { authorization: `Bearer ${adminToken}` } });
    expect(refused.statusCode).toBe(409);
  });

  it("a monthly gift's earlier checkout paid after its first payment is a duplicate, never a renewal, and its subscription is cancelled", async () => {
    const { answer, checkoutId } = await donate({ frequency: 'monthly', amount: 150 });
    const giftId = answer.recurring_gift_id as number;
    const real = await paidEventOf(checkoutId);
    expect(await standIn.deliver(real)).toBe(200);
    const earlier = forged(real, (b) => {
      b.id = `pa_${randomBytes(6).toString('hex')}`;
      (b.checkout as Record<string, unknown>).id = checkoutId;
      (b.payment as { paymentable: { id: string } }).paymentable.id = 'su_secondSubscription';
    });
    expect(await standIn.deliver(earlier)).toBe(200);
    expect(await storedEvent(earlier.deliveryId)).toMatchObject({ problem: 'duplicate_payment', donationId: answer.id });
    const charges = await db.select().from(donations).where(and(eq(donations.recurringGiftId, giftId)));
    expect(charges.map((d) => d.status)).toEqual(['completed']);
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(gift.subscriptionId).not.toBe('su_secondSubscription');
  });
});
