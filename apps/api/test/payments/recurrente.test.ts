// Card donations charged through Recurrente, against the local stand-in (no network): checkout,
// webhooks (paid, declined, bad signature, replayed, out of order), confirmation without webhooks
// (status poll, reconciliation, a process gone between the charge and the webhook), USD, covered
// fees and refunds. docs/product.md#payments
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { formatLongDate, formatReceiptNumber } from '@donaciones/shared/format';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { AdminDonationPayment, DonationPaymentStatus } from '@donaciones/shared/schemas/payments';
import { type Config, ConfigError, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { auditLog, donationTotals, donations, emailOutbox, paymentEvents, users } from '../../src/db/schema';
import { reconcilePendingCheckouts } from '../../src/domain/payments/settlement';
import { putSettings } from '../../src/platform/settings';
import { type TestContext, createTestApp, createUser, openSession, pdfText } from '../support/helpers';
import {
  DECLINE_REASON,
  DECLINED_CARD,
  PAYING_CARD,
  RecurrenteStandIn,
  newWebhookSecret,
  standInFee,
  standInVatWithheld,
} from '../support/recurrente-stand-in';

const PUBLIC_KEY = 'pk_test_standin';
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = newWebhookSecret();
const PUBLIC_URL = 'http://donaciones.prueba';

let standIn: RecurrenteStandIn;

/** PAYMENT_PROVIDER=recurrente with the stand-in's keys, at `apiUrl`. */
function recurrenteConfig(apiUrl: string = standIn.apiUrl): Partial<Config> {
  return { publicUrl: PUBLIC_URL, payments: { provider: 'recurrente', publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl } };
}

interface Process {
  ctx: TestContext;
  app: FastifyInstance;
  webhookUrl: string;
}

/**
 * An API process (the test factory's real start), listening so that the stand-in can POST webhooks;
 * with `sameDatabaseAs`, another process on that one's database.
 */
async function startApp(options: { sameDatabaseAs?: TestContext; apiUrl?: string } = {}): Promise<Process> {
  const ctx = await createTestApp({ config: recurrenteConfig(options.apiUrl), sameDatabaseAs: options.sameDatabaseAs });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ctx, app: ctx.app, webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/recurrente/webhook` };
}

let main: Process;
let app: FastifyInstance;
let webhookUrl: string;
let db: Database;
let dataDir: string;

beforeAll(async () => {
  standIn = new RecurrenteStandIn({ publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: null });
  await standIn.start();
  main = await startApp();
  ({ app, webhookUrl } = main);
  db = main.ctx.db;
  dataDir = main.ctx.config.dataDir;
});

afterAll(async () => {
  await main?.ctx.close();
  await standIn?.stop();
});

beforeEach(() => {
  standIn.webhookUrl = webhookUrl;
  standIn.outbox.length = 0;
});

afterEach(() => {
  (standIn as unknown as { options: { delivery?: string } }).options.delivery = 'immediate';
});

function manualDelivery() {
  (standIn as unknown as { options: { delivery?: string } }).options.delivery = 'manual';
}

let emailCounter = 0;
function body(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return { donorName: 'María Pérez', email: `maria${emailCounter}.${randomBytes(3).toString('hex')}@prueba.gt`, amount: 185, acceptTerms: true, ...overrides };
}

async function donate(payload: Record<string, unknown>, target: FastifyInstance = app) {
  return target.inject({ method: 'POST', url: '/api/v1/donate', headers: { [IDEMPOTENCY_HEADER]: randomUUID() }, payload });
}

async function donated(payload: Record<string, unknown> = body()) {
  const res = await donate(payload);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<PublicDonationResponse>();
  const [row] = await db.select().from(donations).where(eq(donations.id, answer.id));
  return { answer, row, checkoutId: row.checkoutId as string };
}

async function rowOf(id: number) {
  const [row] = await db.select().from(donations).where(eq(donations.id, id));
  return row;
}

async function statusOf(reference: string, target: FastifyInstance = app) {
  const res = await target.inject({ method: 'GET', url: `/api/v1/donate/status?ref=${encodeURIComponent(reference)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DonationPaymentStatus>();
}

async function auditCount(id: number, action: string) {
  return (await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))).length;
}

async function emailsTo(address: string, template?: string) {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  return template ? rows.filter((r) => r.template === template) : rows;
}

async function completedTotals(): Promise<{ count: number; cents: number }> {
  const rows = await db.select().from(donationTotals).where(eq(donationTotals.status, 'completed'));
  return { count: rows.reduce((n, r) => n + r.count, 0), cents: rows.reduce((n, r) => n + r.amountCents, 0) };
}

describe('configuration', () => {
  it('stops the start when PAYMENT_PROVIDER=recurrente lacks its keys, naming them', () => {
    const base = { NODE_ENV: 'test' as const, JWT_SECRET: 'x'.repeat(32), COOKIE_SECRET: 'y'.repeat(32), PAYMENT_PROVIDER: 'recurrente' };
    expect(() => loadConfig(base, { dataDir })).toThrow(ConfigError);
    expect(() => loadConfig(base, { dataDir })).toThrow(/RECURRENTE_PUBLIC_KEY, RECURRENTE_SECRET_KEY, RECURRENTE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, RECURRENTE_PUBLIC_KEY: 'pk', RECURRENTE_SECRET_KEY: 'sk' }, { dataDir })).toThrow(/RECURRENTE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, RECURRENTE_PUBLIC_KEY: 'pk', RECURRENTE_SECRET_KEY: 'sk', RECURRENTE_WEBHOOK_SECRET: 'nope' }, { dataDir })).toThrow(/whsec_/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' }, { dataDir })).toThrow(/PAYMENT_PROVIDER/);
    const ok = loadConfig({ ...base, RECURRENTE_PUBLIC_KEY: 'pk', RECURRENTE_SECRET_KEY: 'sk', RECURRENTE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { dataDir });
    expect(ok.payments).toEqual({ provider: 'recurrente', publicKey: 'pk', secretKey: 'sk', webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://app.recurrente.com/api' });
    expect(loadConfig({ NODE_ENV: 'test' }, { dataDir }).payments).toEqual({ provider: 'simulated' });
  });
});

describe('checkout', () => {
  it('records a pending donation, opens a checkout in cents with the reference and the return URLs, and takes no card data', async () => {
    const { answer, row, checkoutId } = await donated();
    expect(answer).toMatchObject({ status: 'pending', amount: 185, currency: 'GTQ', covered_fee: 0, card_last4: null, card_brand: null, payment_provider: 'recurrente' });
    expect(answer.checkout_url).toBe(`${standIn.url}/checkout-session/${checkoutId}`);
    const checkout = standIn.checkouts.get(checkoutId);
    expect(checkout?.items).toEqual([{ name: expect.stringMatching(/^Donación a /), currency: 'GTQ', amount_in_cents: 18_500, quantity: 1 }]);
    expect(checkout?.metadata).toMatchObject({ donation_reference: answer.reference_code });
    const ref = encodeURIComponent(answer.reference_code);
    expect(checkout?.successUrl).toBe(`${PUBLIC_URL}/donate/resultado?ref=${ref}`);
    expect(checkout?.cancelUrl).toBe(`${PUBLIC_URL}/donate/resultado?ref=${ref}&cancelado=1`);
    expect(row).toMatchObject({ status: 'pending', paymentProvider: 'recurrente', cardLast4: null, cardBrand: null });

    const withCard = await donate(body({ cardLast4: '4242', cardBrand: 'visa', cardNumber: '4242424242424242' }));
    expect(withCard.statusCode).toBe(400);
  });

  it("staff cannot complete a provider's pending checkout with Procesar or Aprobar: only the provider settles it (409)", async () => {
    const adminUser = await createUser(db, { roles: ['ADMIN'] });
    const { token } = await openSession(app, db, adminUser.id);
    const { answer } = await donated();
    const headers = { authorization: `Bearer ${token}` };
    const detail = await app.inject({ method: 'GET', url: `/api/v1/donations/${answer.id}`, headers });
    expect(detail.json()).toMatchObject({ status: 'pending', can_process: false, can_cancel: true });
    const processed = await app.inject({ method: 'POST', url: `/api/v1/donations/${answer.id}/process`, headers });
    expect(processed.statusCode).toBe(409);
    const approved = await app.inject({ method: 'POST', url: `/api/v1/admin/donations/${answer.id}/approve`, headers });
    expect(approved.statusCode).toBe(409);
    expect((await rowOf(answer.id)).status).toBe('pending');
    expect(await auditCount(answer.id, 'donation.process')).toBe(0);
  });

  it('answers 502 and records nothing when the provider refuses the keys', async () => {
    const broken = new RecurrenteStandIn({ publicKey: 'other', secretKey: 'other', webhookSecret: WEBHOOK_SECRET, webhookUrl: null });
    await broken.start();
    const other = await startApp({ sameDatabaseAs: main.ctx, apiUrl: broken.apiUrl });
    try {
      const before = (await db.select().from(donations)).length;
      const res = await donate(body(), other.app);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/pasarela de pagos/);
      expect((await db.select().from(donations)).length).toBe(before);
    } finally {
      await other.ctx.close();
      await broken.stop();
    }
  });
});

describe('webhooks', () => {
  it('paid via webhook: completes once with payment id, fee, VAT withheld, card, receipt email, DONOR role and totals', async () => {
    const user = await createUser(db, { roles: ['USER'] });
    const before = await completedTotals();
    const { answer, checkoutId } = await donated(body({ email: user.email }));
    expect(await standIn.pay(checkoutId, PAYING_CARD)).toEqual({ paid: true });
    expect(standIn.deliveries.at(-1)?.status).toBe(200);

    const row = await rowOf(answer.id);
    const payment = standIn.checkouts.get(checkoutId)?.payment;
    expect(row).toMatchObject({
      status: 'completed',
      paymentReference: payment?.id,
      paymentMethod: 'card',
      cardLast4: '4242',
      cardBrand: 'visa',
      feeCents: standInFee(18_500),
      vatWithheldCents: standInVatWithheld(18_500),
      userId: user.id,
    });
    expect(row.receiptNumber).toBeGreaterThan(0);
    expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
    const thanks = await emailsTo(user.email, 'donation-completed');
    expect(thanks).toHaveLength(1);
    expect(thanks[0].textBody).toContain(`constancia No. ${formatReceiptNumber(row.receiptNumber as number, 'A')}`);
    const [account] = await db.select().from(users).where(eq(users.id, user.id));
    expect(account.roles[0]).toBe('DONOR');
    const after = await completedTotals();
    expect(after).toEqual({ count: before.count + 1, cents: before.cents + 18_500 });
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.donationId, answer.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: 'payment_intent.succeeded', error: null });
    expect(events[0].processedAt).not.toBeNull();

    const status = await statusOf(answer.reference_code);
    expect(status).toMatchObject({ status: 'completed', card_last4: '4242', card_network: 'visa', receipt_number: row.receiptNumber, receipt_series: 'A', checkout_url: null });
  });

  it('declined: the donation fails with the provider reason, the donor gets a try-again link, and retrying reuses the row', async () => {
    const { answer, checkoutId } = await donated();
    expect(await standIn.pay(checkoutId, DECLINED_CARD)).toEqual({ paid: false, reason: DECLINE_REASON });
    const failed = await rowOf(answer.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: DECLINE_REASON });
    const [mail] = await emailsTo(failed.donorEmail, 'donation-payment-failed');
    expect(mail.textBody).toContain(`${PUBLIC_URL}/donate/resultado?ref=${encodeURIComponent(answer.reference_code)}`);
    expect(mail.textBody).toContain(DECLINE_REASON);
    expect(await statusOf(answer.reference_code)).toMatchObject({ status: 'failed', failure_reason: DECLINE_REASON });

    const retry = await app.inject({ method: 'POST', url: '/api/v1/donate/retry', payload: { ref: answer.reference_code } });
    expect(retry.statusCode, retry.body).toBe(200);
    const reopened = retry.json<DonationPaymentStatus>();
    expect(reopened).toMatchObject({ status: 'pending', failure_reason: null });
    const row = await rowOf(answer.id);
    expect(row.checkoutId).not.toBe(checkoutId);
    expect(reopened.checkout_url).toBe(`${standIn.url}/checkout-session/${row.checkoutId}`);
    expect(await db.select().from(donations).where(eq(donations.donorEmail, failed.donorEmail))).toHaveLength(1);

    await standIn.pay(row.checkoutId as string, PAYING_CARD);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed', failureReason: null, cardLast4: '4242' });
    const again = await app.inject({ method: 'POST', url: '/api/v1/donate/retry', payload: { ref: answer.reference_code } });
    expect(again.statusCode).toBe(409);
  });

  it('bad signature, stale timestamp, missing headers or a body that is not JSON: 400 and nothing changes', async () => {
    manualDelivery();
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, PAYING_CARD);
    const [event] = standIn.outbox;
    const eventsBefore = (await db.select().from(paymentEvents)).length;

    expect(await standIn.deliver(event, { secret: newWebhookSecret() })).toBe(400);
    expect(await standIn.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })).toBe(400);
    expect(await standIn.deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 6 * 60 })).toBe(400);
    const unsigned = await app.inject({ method: 'POST', url: '/api/v1/payments/recurrente/webhook', payload: event.body });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().detail).toMatch(/webhook/);
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/recurrente/webhook',
      headers: { 'content-type': 'text/plain', 'svix-id': 'msg_x', 'svix-timestamp': 'abc', 'svix-signature': 'v1,zzz' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(400);

    // Signed, but holding text PostgreSQL cannot store: 400, not 500.
    const unstorable = { deliveryId: 'msg_surrogate', body: { ...event.body, failure_reason: '\ud800' } };
    expect(await standIn.deliver(unstorable)).toBe(400);

    expect((await db.select().from(paymentEvents)).length).toBe(eventsBefore);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'pending' });
    // The genuine delivery still works afterwards.
    expect(await standIn.deliver(event)).toBe(200);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed' });
  });

  it('a replayed event changes nothing', async () => {
    manualDelivery();
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, PAYING_CARD);
    const [event] = standIn.outbox;
    expect(await standIn.deliver(event)).toBe(200);
    const first = await rowOf(answer.id);
    const res = await fetch(webhookUrl, { method: 'POST' }).catch(() => null);
    expect(res?.status).toBe(400);
    expect(await standIn.deliver(event)).toBe(200);
    expect(await standIn.deliver(event)).toBe(200);
    expect(await rowOf(answer.id)).toEqual(first);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.donationId, answer.id))).toHaveLength(1);
    expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
    expect(await emailsTo(first.donorEmail, 'donation-completed')).toHaveLength(1);
  });

  it('events out of order: a decline delivered after the payment does not undo it', async () => {
    manualDelivery();
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, DECLINED_CARD);
    await standIn.pay(checkoutId, PAYING_CARD);
    expect(standIn.outbox.map((e) => e.body.event_type)).toEqual(['payment_intent.failed', 'payment_intent.succeeded']);
    expect(await standIn.flush([1, 0])).toEqual([200, 200]);
    const row = await rowOf(answer.id);
    expect(row).toMatchObject({ status: 'completed', failureReason: null });
    expect(await emailsTo(row.donorEmail, 'donation-payment-failed')).toHaveLength(0);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.donationId, answer.id))).toHaveLength(2);
  });

  it('in order: a decline then a payment with another card on the same checkout completes the donation', async () => {
    manualDelivery();
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, DECLINED_CARD);
    await standIn.pay(checkoutId, PAYING_CARD);
    expect(await standIn.flush()).toEqual([200, 200]);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed', failureReason: null });
  });

  it('bank transfers stay pending until their transfer succeeds', async () => {
    manualDelivery();
    const { answer, checkoutId, row } = await donated();
    const transfer = (type: string, status: string) => ({
      deliveryId: `msg_${randomBytes(8).toString('hex')}`,
      body: {
        id: 'ba_123',
        event_type: type,
        api_version: '2024-04-24',
        created_at: new Date().toISOString(),
        amount_in_cents: row.amountCents,
        currency: 'GTQ',
        checkout: { id: checkoutId, status, payment: { id: 'pa_bank1', paymentable: { type: 'OneTimePayment', id: 'on_1' } }, payment_method: null, transfer_setups: [], metadata: {} },
        payment: { id: 'pa_bank1', paymentable: { type: 'OneTimePayment', id: 'on_1' } },
      },
    });
    expect(await standIn.deliver(transfer('bank_transfer_intent.pending', 'payment_in_progress'))).toBe(200);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'pending', paymentMethod: 'bank_transfer' });
    expect(await standIn.deliver(transfer('bank_transfer_intent.succeeded', 'paid'))).toBe(200);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'completed', paymentMethod: 'bank_transfer', paymentReference: 'pa_bank1' });
  });
});

describe('without webhooks (test keys)', () => {
  it('paid with no webhook: the return page status asks the provider and completes the donation', async () => {
    standIn.webhookUrl = null;
    const { answer, checkoutId } = await donated();
    expect(await statusOf(answer.reference_code)).toMatchObject({ status: 'pending', checkout_url: answer.checkout_url });
    await standIn.pay(checkoutId, PAYING_CARD);
    expect(standIn.deliveries.filter((d) => d.deliveryId === standIn.events.at(-1)?.deliveryId)).toHaveLength(0);
    expect(await statusOf(answer.reference_code)).toMatchObject({ status: 'completed', card_last4: '4242', card_network: 'visa' });
    expect(await statusOf(answer.reference_code)).toMatchObject({ status: 'completed' });
    expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
  });

  it('abandoned: the cancel link returns to cancel_url and the donation stays pending and payable', async () => {
    standIn.webhookUrl = null;
    const { answer, checkoutId } = await donated();
    const res = await fetch(`${standIn.url}/checkout-session/${checkoutId}/cancel`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/donate/resultado?ref=${encodeURIComponent(answer.reference_code)}&cancelado=1`);
    expect(await statusOf(answer.reference_code)).toMatchObject({ status: 'pending', checkout_url: answer.checkout_url });
    const retry = await app.inject({ method: 'POST', url: '/api/v1/donate/retry', payload: { ref: answer.reference_code } });
    expect(retry.statusCode).toBe(200);
    expect((await rowOf(answer.id)).status).toBe('pending');
  });

  it('the reconciliation job completes an old pending checkout once, and leaves fresh ones alone', async () => {
    standIn.webhookUrl = null;
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, PAYING_CARD);
    const ctx = app.payments;
    if (!ctx) throw new Error('no provider');
    expect((await rowOf(answer.id)).status).toBe('pending');
    await reconcilePendingCheckouts(db, ctx, { now: new Date() });
    expect((await rowOf(answer.id)).status).toBe('pending');
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await reconcilePendingCheckouts(db, ctx, { now: later })).toBeGreaterThanOrEqual(1);
    expect((await rowOf(answer.id)).status).toBe('completed');
    expect(await reconcilePendingCheckouts(db, ctx, { now: new Date(Date.now() + 20 * 60_000) })).toBe(0);
    expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
  });

  it('a checkout past its expiry, never paid, expires the donation', async () => {
    standIn.webhookUrl = null;
    const { answer, checkoutId } = await donated();
    const checkout = standIn.checkouts.get(checkoutId);
    if (checkout) checkout.expiresAt = new Date(Date.now() - 1000).toISOString();
    const ctx = app.payments;
    if (!ctx) throw new Error('no provider');
    await reconcilePendingCheckouts(db, ctx, { now: new Date(Date.now() + 10 * 60_000) });
    expect((await rowOf(answer.id)).status).toBe('expired');
  });

  it('the API process killed between the charge and the webhook: a fresh process reconciles it exactly once', async () => {
    manualDelivery();
    const first = await startApp({ sameDatabaseAs: main.ctx });
    standIn.webhookUrl = first.webhookUrl;
    const res = await donate(body(), first.app);
    expect(res.statusCode).toBe(201);
    const answer = res.json<PublicDonationResponse>();
    await first.ctx.close();
    const { checkoutId } = await rowOf(answer.id);
    await standIn.pay(checkoutId as string, PAYING_CARD);
    const [event] = standIn.outbox;
    // The delivery finds nobody listening.
    await expect(standIn.deliver(event)).rejects.toThrow();

    const second = await startApp({ sameDatabaseAs: main.ctx });
    try {
      const ctx = second.app.payments;
      if (!ctx) throw new Error('no provider');
      const later = { now: new Date(Date.now() + 10 * 60_000) };
      const [a, b] = await Promise.all([reconcilePendingCheckouts(db, ctx, later), reconcilePendingCheckouts(db, ctx, later)]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      const row = await rowOf(answer.id);
      expect(row.status).toBe('completed');
      expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
      expect(await emailsTo(row.donorEmail, 'donation-completed')).toHaveLength(1);
      // Svix retries the delivery later: it only adds the fee and VAT withheld the poll could not know.
      expect(await standIn.deliver(event, { url: second.webhookUrl })).toBe(200);
      const after = await rowOf(answer.id);
      expect(after).toMatchObject({ status: 'completed', receiptNumber: row.receiptNumber, feeCents: standInFee(18_500) });
      expect(await auditCount(answer.id, 'donation.pay')).toBe(1);
      expect(await emailsTo(row.donorEmail, 'donation-completed')).toHaveLength(1);
    } finally {
      await second.ctx.close();
    }
  });
});

describe('money', () => {
  it('USD: charged in dollars, stored with its quetzal equivalent at the staff rate, counted in quetzales', async () => {
    await putSettings(db, 'payments', { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' });
    const before = await completedTotals();
    const { answer, row, checkoutId } = await donated(body({ amount: 100, currency: 'USD' }));
    expect(answer).toMatchObject({ amount: 100, currency: 'USD' });
    expect(standIn.checkouts.get(checkoutId)?.items[0]).toMatchObject({ currency: 'USD', amount_in_cents: 10_000 });
    expect(row).toMatchObject({ currency: 'USD', amountCents: 10_000, gtqCents: 78_000, exchangeRate: '7.8', exchangeRateDate: '2026-11-20' });
    await standIn.pay(checkoutId, PAYING_CARD);
    expect((await rowOf(answer.id)).status).toBe('completed');
    expect(await completedTotals()).toEqual({ count: before.count + 1, cents: before.cents + 78_000 });
  });

  it('USD bounds are checked on the quetzal value', async () => {
    await putSettings(db, 'payments', { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' });
    const res = await donate(body({ amount: 10_000, currency: 'USD' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount).toBeTruthy();
  });

  it('coverFees: the fee and its IVA are added to the charge and stored apart', async () => {
    await putSettings(db, 'payments', { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' });
    const { answer, row, checkoutId } = await donated(body({ amount: 100, coverFees: true }));
    // 100 / (1 - 0.045 * 1.12) = 105.3075... -> Q105.31, of which Q5.31 is the covered fee.
    expect(answer).toMatchObject({ amount: 105.31, covered_fee: 5.31 });
    expect(row).toMatchObject({ amountCents: 10_531, coveredFeeCents: 531 });
    expect(standIn.checkouts.get(checkoutId)?.items[0].amount_in_cents).toBe(10_531);
  });
});

describe('refunds and the admin payment detail', () => {
  it('ADMIN refunds a completed card donation: provider refund, status refunded, out of totals, donor told; reason required', async () => {
    const adminUser = await createUser(db, { roles: ['ADMIN'] });
    const { token } = await openSession(app, db, adminUser.id);
    const { answer, checkoutId } = await donated();
    await standIn.pay(checkoutId, PAYING_CARD);
    const paid = await rowOf(answer.id);
    const totals = await completedTotals();

    const detail = await app.inject({ method: 'GET', url: `/api/v1/admin/donations/${answer.id}/payment`, headers: { authorization: `Bearer ${token}` } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<AdminDonationPayment>()).toMatchObject({
      payment_provider: 'recurrente',
      checkout_id: checkoutId,
      payment_id: paid.paymentReference,
      card_network: 'visa',
      card_last4: '4242',
      fee: standInFee(18_500) / 100,
      vat_withheld: standInVatWithheld(18_500) / 100,
      net: (18_500 - standInFee(18_500) - standInVatWithheld(18_500)) / 100,
      manual_review: false,
      refundable: true,
      refund_unavailable: null,
      events: [expect.objectContaining({ event_type: 'payment_intent.succeeded', error: null })],
    });

    // A gift the gateway can refund is refunded, never voided: voiding would leave the donor's money charged.
    const voiding = await app.inject({ method: 'POST', url: `/api/v1/admin/donations/${answer.id}/void`, headers: { authorization: `Bearer ${token}` }, payload: { reason: 'Se devolvió' } });
    expect(voiding.statusCode).toBe(409);
    expect(voiding.json()).toMatchObject({ detail: correctionsMessages.notVoidable });

    const url = `/api/v1/admin/donations/${answer.id}/refund`;
    const noReason = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const stranger = await createUser(db, { roles: ['DONOR'] });
    const forbidden = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${(await openSession(app, db, stranger.id)).token}` }, payload: { reason: 'Duplicada' } });
    expect(forbidden.statusCode).toBe(403);

    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: { reason: 'El donante la hizo dos veces' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminDonationPayment>()).toMatchObject({ status: 'refunded', refund_reason: 'El donante la hizo dos veces', refundable: false });
    expect([...standIn.refunds.values()].some((r) => r.payment_intent_id === paid.paymentReference)).toBe(true);
    expect(await rowOf(answer.id)).toMatchObject({ status: 'refunded', receiptNumber: paid.receiptNumber });
    expect(await completedTotals()).toEqual({ count: totals.count - 1, cents: totals.cents - 18_500 });
    expect(await emailsTo(paid.donorEmail, 'donation-refunded')).toHaveLength(1);
    expect(await auditCount(answer.id, 'donation.refund')).toBe(1);
    // Its receipt is void: the PDF, still served, says ANULADO with the date and the reason.
    const receipt = await app.inject({ method: 'GET', url: `/api/v1/admin/donations/${answer.id}/receipt.pdf`, headers: { authorization: `Bearer ${token}` } });
    expect(receipt.statusCode).toBe(200);
    const voided = await pdfText(receipt.rawPayload);
    expect(voided).toContain(`ANULADO el ${formatLongDate(new Date())}`);
    expect(voided).toContain('Motivo: El donante la hizo dos veces');

    const twice = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: { reason: 'Otra vez' } });
    expect(twice.statusCode).toBe(409);
  });
});
