// Monthly gifts charged through Recurrente, against the local stand-in (no network): the recurring
// checkout, the first payment and renewals as ledger donations of one gift, replays, events out of
// order, past due (recovered by a retry or a new card) and the end after failed retries, cancelling
// from the member API and from the emailed link without signing in, a change of amount, and the rule
// against a second identical gift. docs/product.md#monthly-giving
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { ManagedMonthlyGift, MonthlyCheckout, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import type { Database } from '../../src/db/client';
import { donations, emailOutbox, paymentEvents, recurringGifts } from '../../src/db/schema';
import { monthlyApiMessages } from '../../src/messages/monthly';
import { addMonth } from '../../src/domain/ledger/links';
import { signedLinks } from '../../src/platform/signed-links';
import { type TestContext, createTestApp } from '../support/helpers';
import { DECLINE_REASON, PAYING_CARD, RecurrenteStandIn, newWebhookSecret } from '../support/recurrente-stand-in';
import * as make from '../support/factory';

const PUBLIC_KEY = 'pk_test_standin';
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = newWebhookSecret();
const PUBLIC_URL = 'http://donaciones.prueba';

let standIn: RecurrenteStandIn;
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  standIn = new RecurrenteStandIn({ publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: null });
  await standIn.start();
  ctx = await createTestApp({
    config: { publicUrl: PUBLIC_URL, rateLimitEnabled: false, payments: { provider: 'recurrente', publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.apiUrl } },
  });
  app = ctx.app;
  db = ctx.db;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/v1/payments/recurrente/webhook`;
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

const newEmail = () => `padrino.${randomBytes(4).toString('hex')}@prueba.gt`;

async function donateMonthly(overrides: Record<string, unknown> = {}, token?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { donorName: 'Pedro Padrino', email: newEmail(), amount: 150, acceptTerms: true, frequency: 'monthly', ...overrides },
  });
}

async function giftRow(id: number) {
  const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, id));
  return row;
}

async function giftDonations(giftId: number) {
  return db.select().from(donations).where(eq(donations.recurringGiftId, giftId)).orderBy(asc(donations.id));
}

async function emailsTo(address: string, template: string) {
  return db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));
}

/** The token of the no-login link in an email's text. */
function linkToken(text: string): string {
  const match = /\/donacion-mensual\?token=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no monthly link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** A monthly gift whose first payment went through: the gift row, its subscription and the donor's email. */
async function activeGift(overrides: Record<string, unknown> = {}, token?: string) {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const res = await donateMonthly({ ...overrides, email }, token);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<PublicDonationResponse>();
  const gift = await giftRow(answer.recurring_gift_id as number);
  expect(await standIn.pay(gift.checkoutId as string, PAYING_CARD)).toEqual({ paid: true });
  const after = await giftRow(gift.id);
  return { answer, gift: after, email, subscriptionId: after.subscriptionId as string };
}

describe('starting a monthly gift', () => {
  it('opens a recurring checkout; the first payment completes its donation, subscription.create links su_, the gift is active', async () => {
    const email = newEmail();
    const res = await donateMonthly({ email });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<PublicDonationResponse>();
    expect(answer.recurring_gift_id).toEqual(expect.any(Number));
    expect(answer.checkout_url).toMatch(/\/checkout-session\/ch_/);
    const pending = await giftRow(answer.recurring_gift_id as number);
    expect(pending).toMatchObject({ status: 'incomplete', provider: 'recurrente', amountCents: 15000, currency: 'GTQ', subscriptionId: null, startedAt: null });
    const checkout = standIn.checkouts.get(pending.checkoutId as string);
    expect(checkout?.recurring).toEqual({ interval: 'month', count: 1 });
    expect(checkout?.metadata).toMatchObject({ recurring_gift_id: String(pending.id), donation_reference: answer.reference_code });

    await standIn.pay(pending.checkoutId as string, PAYING_CARD);
    const gift = await giftRow(pending.id);
    expect(gift.status).toBe('active');
    expect(gift.subscriptionId).toMatch(/^su_/);
    expect(standIn.subscriptions.get(gift.subscriptionId as string)?.checkoutId).toBe(pending.checkoutId);
    expect(gift.startedAt).not.toBeNull();
    const days = ((gift.nextChargeAt as Date).getTime() - (gift.startedAt as Date).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [first] = await giftDonations(gift.id);
    expect(first).toMatchObject({ id: answer.id, status: 'completed', paymentReference: expect.stringMatching(/^pa_/), feeCents: expect.any(Number) });
    const [started] = await emailsTo(email, 'monthly-gift-started');
    expect(started.textBody).toContain('Q150.00');
    expect(await signedLinks(ctx.config.jwtSecret).verify(linkToken(started.textBody), 'monthly-gift')).toBe(gift.id);
    expect(await emailsTo(email, 'donation-completed')).toHaveLength(0);
  });

  it('a declined first payment fails its donation and leaves the gift incomplete', async () => {
    const res = await donateMonthly();
    const answer = res.json<PublicDonationResponse>();
    const gift = await giftRow(answer.recurring_gift_id as number);
    const outcome = await standIn.pay(gift.checkoutId as string, '4000000000000002');
    expect(outcome).toEqual({ paid: false, reason: DECLINE_REASON });
    expect((await giftRow(gift.id)).status).toBe('incomplete');
    const [row] = await giftDonations(gift.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: DECLINE_REASON });
    // Paid with another card on the same checkout: the same donation completes, the gift starts.
    await standIn.pay(gift.checkoutId as string, PAYING_CARD);
    expect((await giftRow(gift.id)).status).toBe('active');
    expect((await giftDonations(gift.id)).map((d) => d.status)).toEqual(['completed']);
  });
});

describe('trying again', () => {
  it('"Intentar de nuevo" after a declined first payment opens a recurring checkout for the same gift', async () => {
    const res = await donateMonthly();
    const answer = res.json<PublicDonationResponse>();
    const gift = await giftRow(answer.recurring_gift_id as number);
    await standIn.pay(gift.checkoutId as string, '4000000000000002');
    const retry = await app.inject({ method: 'POST', url: '/api/v1/donate/retry', payload: { ref: answer.reference_code } });
    expect(retry.statusCode, retry.body).toBe(200);
    const reopened = await giftRow(gift.id);
    expect(reopened.checkoutId).not.toBe(gift.checkoutId);
    expect(standIn.checkouts.get(reopened.checkoutId as string)?.recurring).toEqual({ interval: 'month', count: 1 });
    await standIn.pay(reopened.checkoutId as string, PAYING_CARD);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', subscriptionId: expect.stringMatching(/^su_/) });
    expect((await giftDonations(gift.id)).map((d) => [d.id, d.status])).toEqual([[answer.id, 'completed']]);
  });

  it('without webhooks (test mode) the return page starts the gift, and cancelling finds its subscription through the checkout', async () => {
    const webhookUrl = (standIn as unknown as { options: { webhookUrl: string | null } }).options.webhookUrl;
    standIn.webhookUrl = null;
    try {
      const donor = await make.signIn(app, db, { roles: ['DONOR'] });
      const res = await donateMonthly({ email: donor.email }, donor.token);
      const answer = res.json<PublicDonationResponse>();
      const gift = await giftRow(answer.recurring_gift_id as number);
      await standIn.pay(gift.checkoutId as string, PAYING_CARD);
      const status = await app.inject({ method: 'GET', url: `/api/v1/donate/status?ref=${encodeURIComponent(answer.reference_code)}` });
      expect(status.json()).toMatchObject({ status: 'completed' });
      expect(await giftRow(gift.id)).toMatchObject({ status: 'active', subscriptionId: null });
      const subscriptionId = standIn.checkouts.get(gift.checkoutId as string)?.subscriptionId as string;
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/v1/member/monthly-gifts/${gift.id}/cancel`,
        headers: { authorization: `Bearer ${donor.token}` },
        payload: {},
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
      expect(await giftRow(gift.id)).toMatchObject({ status: 'cancelled', subscriptionId });
    } finally {
      standIn.webhookUrl = webhookUrl;
    }
  });

  it('cancelling a gift whose first payment is still open cancels that donation through the ledger', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const res = await donateMonthly({ email: donor.email }, donor.token);
    const answer = res.json<PublicDonationResponse>();
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/member/monthly-gifts/${answer.recurring_gift_id}/cancel`,
      headers: { authorization: `Bearer ${donor.token}` },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await giftDonations(answer.recurring_gift_id as number)).map((d) => d.status)).toEqual(['cancelled']);
    // The donor pays the old checkout anyway: the money is recorded, the subscription it started is cancelled too.
    const gift = await giftRow(answer.recurring_gift_id as number);
    await standIn.pay(gift.checkoutId as string, PAYING_CARD);
    const after = await giftRow(gift.id);
    expect(after.status).toBe('cancelled');
    expect((await giftDonations(gift.id)).map((d) => d.status)).toEqual(['completed']);
    expect(standIn.subscriptions.get(after.subscriptionId as string)?.status).toBe('cancelled');
  });
});

describe('renewals', () => {
  it('each renewal becomes one completed donation of the same gift, with the monthly email and its link', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    const before = gift.nextChargeAt as Date;
    const paymentId = await standIn.renew(subscriptionId);
    const rows = await giftDonations(gift.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'completed', paymentReference: paymentId, amountCents: 15000, recurringGiftId: gift.id, donorEmail: email });
    expect(rows[1].receiptNumber).not.toBeNull();
    // Both charges are recorded, and receipted, as the monthly gift.
    expect(rows.map((d) => d.description)).toEqual([monthlyApiMessages.donationDescription, monthlyApiMessages.donationDescription]);
    const after = await giftRow(gift.id);
    expect(after.status).toBe('active');
    expect((after.nextChargeAt as Date).getTime()).toBeGreaterThan(before.getTime());
    const [renewed] = await emailsTo(email, 'monthly-gift-renewed');
    expect(await signedLinks(ctx.config.jwtSecret).verify(linkToken(renewed.textBody), 'monthly-gift')).toBe(gift.id);
    const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.objectId, paymentId));
    expect(event).toMatchObject({ donationId: rows[1].id, error: null });
  });

  it('a dollar gift values each renewal in quetzales at the staff rate', async () => {
    const { gift, subscriptionId } = await activeGift({ currency: 'USD', amount: 20 });
    await standIn.renew(subscriptionId);
    const rows = await giftDonations(gift.id);
    expect(rows.map((d) => [d.currency, d.amountCents, d.gtqCents])).toEqual([
      ['USD', 2000, 15400],
      ['USD', 2000, 15400],
    ]);
  });

  it('the return page completing the first payment before its webhook: the webhook then adds the fee and links the subscription', async () => {
    delivery('manual');
    const res = await donateMonthly();
    const answer = res.json<PublicDonationResponse>();
    const gift = await giftRow(answer.recurring_gift_id as number);
    await standIn.pay(gift.checkoutId as string, PAYING_CARD);
    const status = await app.inject({ method: 'GET', url: `/api/v1/donate/status?ref=${encodeURIComponent(answer.reference_code)}` });
    expect(status.json()).toMatchObject({ status: 'completed' });
    expect((await giftDonations(gift.id))[0].feeCents).toBeNull();
    expect(await standIn.flush()).toEqual([200, 200]);
    const [row] = await giftDonations(gift.id);
    expect(row.feeCents).toEqual(expect.any(Number));
    expect(await giftDonations(gift.id)).toHaveLength(1);
    expect((await giftRow(gift.id)).subscriptionId).toMatch(/^su_/);
  });

  it('a replayed renewal records nothing new, under the same delivery id or another one', async () => {
    const { gift, subscriptionId } = await activeGift();
    delivery('manual');
    await standIn.renew(subscriptionId);
    const [event] = standIn.outbox.splice(0);
    expect(await standIn.deliver(event)).toBe(200);
    expect(await standIn.deliver(event)).toBe(200);
    // The same payment sent again as a new delivery (another svix-id): keyed by its payment id.
    expect(await standIn.deliver({ deliveryId: `msg_${randomBytes(12).toString('hex')}`, body: event.body })).toBe(200);
    const rows = await giftDonations(gift.id);
    expect(rows.filter((d) => d.status === 'completed')).toHaveLength(2);
    expect(rows).toHaveLength(2);
  });

  it('a renewal arriving before subscription.create is matched by its checkout, and one without a checkout by its subscription id', async () => {
    delivery('manual');
    const res = await donateMonthly();
    const answer = res.json<PublicDonationResponse>();
    const pending = await giftRow(answer.recurring_gift_id as number);
    await standIn.pay(pending.checkoutId as string, PAYING_CARD);
    const [firstPayment, created] = standIn.outbox.splice(0);
    expect(created.body.event_type).toBe('subscription.create');
    const subscriptionId = created.body.id as string;
    await standIn.renew(subscriptionId);
    const [renewal] = standIn.outbox.splice(0);
    // The renewal first, then the first payment, then the subscription.
    expect(await standIn.deliver(renewal)).toBe(200);
    expect(await standIn.deliver(firstPayment)).toBe(200);
    expect(await standIn.deliver(created)).toBe(200);
    let gift = await giftRow(pending.id);
    expect(gift).toMatchObject({ status: 'active', subscriptionId });
    expect((await giftDonations(gift.id)).map((d) => d.status)).toEqual(['completed', 'completed']);

    // A renewal that names only the subscription (no checkout) still finds the gift.
    await standIn.renew(subscriptionId);
    const [bare] = standIn.outbox.splice(0);
    const { checkout: _checkout, ...withoutCheckout } = bare.body;
    expect(await standIn.deliver({ deliveryId: bare.deliveryId, body: withoutCheckout })).toBe(200);
    gift = await giftRow(pending.id);
    expect(await giftDonations(gift.id)).toHaveLength(3);
  });
});

describe('past due', () => {
  it('a failed renewal marks the gift past due with an email (reason, link); a successful retry makes it active again', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    await standIn.failRenewal(subscriptionId);
    let row = await giftRow(gift.id);
    expect(row).toMatchObject({ status: 'past_due', pastDueReason: DECLINE_REASON });
    const rows = await giftDonations(gift.id);
    expect(rows.map((d) => d.status)).toEqual(['completed', 'failed']);
    const [pastDue] = await emailsTo(email, 'monthly-gift-past-due');
    expect(pastDue.textBody).toContain(DECLINE_REASON);
    expect(await signedLinks(ctx.config.jwtSecret).verify(linkToken(pastDue.textBody), 'monthly-gift')).toBe(gift.id);

    await standIn.renew(subscriptionId);
    row = await giftRow(gift.id);
    expect(row).toMatchObject({ status: 'active', pastDueReason: null });
    expect((await giftDonations(gift.id)).map((d) => d.status)).toEqual(['completed', 'failed', 'completed']);
  });

  it('"Actualizar tarjeta" from the link: a new checkout for the same amount; once paid, the past-due gift ends', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    await standIn.failRenewal(subscriptionId);
    const [pastDue] = await emailsTo(email, 'monthly-gift-past-due');
    const token = linkToken(pastDue.textBody);
    const res = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/update-card', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<MonthlyCheckout>();
    expect(answer.checkoutUrl).toMatch(/\/checkout-session\/ch_/);
    expect((await giftRow(gift.id)).status).toBe('past_due');
    const replacement = await giftRow(answer.giftId);
    expect(replacement).toMatchObject({ replacesGiftId: gift.id, amountCents: gift.amountCents, status: 'incomplete' });
    await standIn.pay(replacement.checkoutId as string, PAYING_CARD);
    expect((await giftRow(answer.giftId)).status).toBe('active');
    expect(await giftRow(gift.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'donor' });
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    expect(await emailsTo(email, 'monthly-gift-replaced')).toHaveLength(1);
    // An active gift needs no new card.
    const again = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/update-card', payload: { token } });
    expect(again.statusCode).toBe(409);
  });

  it('after the failed retries Recurrente cancels: the gift ends (by the provider) with an email', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    await standIn.failRenewal(subscriptionId);
    await standIn.cancelAfterRetries(subscriptionId);
    const row = await giftRow(gift.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'provider', nextChargeAt: null });
    expect(row.cancelledAt).not.toBeNull();
    const [ended] = await emailsTo(email, 'monthly-gift-ended');
    expect(ended.textBody).toContain('no pudimos cobrar');
    expect(await signedLinks(ctx.config.jwtSecret).verify(linkToken(ended.textBody), 'monthly-gift')).toBe(gift.id);
  });

  it('subscription.paused pauses the gift', async () => {
    const { gift, subscriptionId } = await activeGift();
    await standIn.pause(subscriptionId);
    expect((await giftRow(gift.id)).status).toBe('paused');
  });
});

describe('cancelling', () => {
  it('the donor cancels from the member API: cancelled at Recurrente first, then here, with an email; another account gets 404', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const { gift, subscriptionId } = await activeGift({ email: donor.email }, donor.token);
    const list = await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: { authorization: `Bearer ${donor.token}` } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<MonthlyGift[]>()).toEqual([
      expect.objectContaining({ id: gift.id, amountCents: 15000, currency: 'GTQ', status: 'active', chargesCount: 1, totalGivenCents: 15000, cancelledAt: null }),
    ]);

    const stranger = await make.signIn(app, db);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/member/monthly-gifts/${gift.id}/cancel`,
      headers: { authorization: `Bearer ${stranger.token}` },
      payload: {},
    });
    expect(refused.statusCode).toBe(404);
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('active');

    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/member/monthly-gifts/${gift.id}/cancel`,
      headers: { authorization: `Bearer ${donor.token}` },
      payload: { reason: 'Cambié de trabajo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyGift>()).toMatchObject({ status: 'cancelled', cancelReason: 'Cambié de trabajo', nextChargeAt: null });
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    expect(await giftRow(gift.id)).toMatchObject({ cancelledBy: 'donor' });
    const [mail] = await emailsTo(donor.email, 'monthly-gift-cancelled');
    expect(mail.textBody).toContain('Cambié de trabajo');
    const twice = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/cancel`, headers: { authorization: `Bearer ${donor.token}` }, payload: {} });
    expect(twice.statusCode).toBe(409);
  });

  it('the donor cancels with the emailed link without signing in; the token opens nothing else, and an expired or tampered one is refused', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    const other = await activeGift();
    const [started] = await emailsTo(email, 'monthly-gift-started');
    const token = linkToken(started.textBody);

    const view = await app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(token)}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<ManagedMonthlyGift>()).toMatchObject({ id: gift.id, donorName: 'Pedro Padrino', status: 'active', chargesCount: 1 });

    // Not an access token: the member area and the account refuse it.
    for (const url of ['/api/v1/member/monthly-gifts', '/api/v1/users/me/donations', `/api/v1/donations/${other.answer.id}`]) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(401);
    }
    // A link of another purpose, a tampered one and an expired one are refused alike.
    const links = signedLinks(ctx.config.jwtSecret);
    const slipToken = await links.sign({ purpose: 'deposit-slip', subject: gift.id });
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const expired = await signedLinks(ctx.config.jwtSecret, 1).sign({ purpose: 'monthly-gift', subject: gift.id });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const bad of [slipToken, tampered, expired, 'x']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(401);
      const cancel = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/cancel', payload: { token: bad } });
      expect(cancel.statusCode).toBe(401);
    }
    expect((await giftRow(gift.id)).status).toBe('active');

    const res = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/cancel', payload: { token, reason: 'Ya no puedo' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ManagedMonthlyGift>()).toMatchObject({ id: gift.id, status: 'cancelled', cancelReason: 'Ya no puedo' });
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    // The other donor's gift is untouched.
    expect((await giftRow(other.gift.id)).status).toBe('active');
  });
});

const WEEK = 7 * 86_400_000;

describe('changing the amount (decision 0038)', () => {
  it('nothing is charged now: a trial subscription ends on the next charge date; once the card is confirmed the old one ends, with one email', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const { gift, subscriptionId } = await activeGift({ email: donor.email }, donor.token);
    const auth = { authorization: `Bearer ${donor.token}` };
    const same = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 150 } });
    expect(same.statusCode).toBe(400);
    const res = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 250 } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<MonthlyCheckout>();
    const replacement = await giftRow(answer.giftId);
    expect(replacement).toMatchObject({ amountCents: 25000, replacesGiftId: gift.id, status: 'incomplete' });
    const checkout = standIn.checkouts.get(replacement.checkoutId as string);
    expect(checkout?.recurring).toEqual({ interval: 'month', count: 1 });
    // Whole weeks, rounded up: never charged before the date, at most six days after it.
    expect(checkout?.trial?.interval).toBe('week');
    const firstCharge = replacement.nextChargeAt as Date;
    const oldNext = gift.nextChargeAt as Date;
    expect(firstCharge.getTime()).toBeGreaterThanOrEqual(oldNext.getTime());
    expect(firstCharge.getTime() - oldNext.getTime()).toBeLessThan(WEEK);
    expect(await giftDonations(answer.giftId)).toHaveLength(0);
    expect((await giftRow(gift.id)).status).toBe('active');

    const eventsBefore = standIn.events.length;
    const emailsBefore = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, donor.email))).length;
    expect(await standIn.pay(replacement.checkoutId as string, PAYING_CARD)).toEqual({ paid: true });
    // Recurrente charged nothing: the card was tokenised for a trial subscription.
    expect(standIn.events.slice(eventsBefore).map((e) => e.body.event_type)).toEqual(['setup_intent.succeeded', 'subscription.create']);
    const started = await giftRow(answer.giftId);
    expect(started).toMatchObject({ status: 'active', amountCents: 25000 });
    expect(started.subscriptionId).toBe(standIn.checkouts.get(replacement.checkoutId as string)?.subscriptionId);
    expect(started.nextChargeAt?.getTime()).toBe(firstCharge.getTime());
    expect(await giftDonations(answer.giftId)).toHaveLength(0);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'donor' });
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    const sent = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, donor.email))).slice(emailsBefore);
    expect(sent.map((e) => e.template)).toEqual(['monthly-gift-change-scheduled']);
    expect(sent[0].textBody).toContain('Q250.00');
    expect(sent[0].textBody).not.toContain('Recibimos el primer pago');
    const list = await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth });
    expect(list.json<MonthlyGift[]>().map((g) => [g.amountCents, g.status])).toEqual([
      [25000, 'active'],
      [15000, 'cancelled'],
    ]);

    // When the trial ends Recurrente charges the new amount: a renewal of the new gift.
    await standIn.renew(started.subscriptionId as string);
    expect((await giftDonations(answer.giftId)).map((d) => [d.amountCents, d.status])).toEqual([[25000, 'completed']]);
    expect(await emailsTo(donor.email, 'monthly-gift-started')).toHaveLength(1);
    expect(await emailsTo(donor.email, 'monthly-gift-renewed')).toHaveLength(1);
  });

  it('in test mode (no webhooks) the return to the signed link reads the paid trial checkout and starts it', async () => {
    const { gift, email, subscriptionId } = await activeGift();
    const [started] = await emailsTo(email, 'monthly-gift-started');
    const token = linkToken(started.textBody);
    const res = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/change-amount', payload: { token, amount: 175 } });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, giftId } = res.json<MonthlyCheckout>();
    expect(checkoutUrl).toMatch(/\/checkout-session\/ch_/);
    const replacement = await giftRow(giftId);
    const webhookUrl = (standIn as unknown as { options: { webhookUrl: string | null } }).options.webhookUrl;
    standIn.webhookUrl = null;
    try {
      await standIn.pay(replacement.checkoutId as string, PAYING_CARD);
    } finally {
      standIn.webhookUrl = webhookUrl;
    }
    expect((await giftRow(giftId)).status).toBe('incomplete');
    const successUrl = standIn.checkouts.get(replacement.checkoutId as string)?.successUrl as string;
    const returnToken = new URL(successUrl).searchParams.get('token') as string;
    const view = await app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(returnToken)}` });
    expect(view.json<ManagedMonthlyGift>()).toMatchObject({ id: giftId, status: 'active', amountCents: 17500 });
    expect(await giftRow(gift.id)).toMatchObject({ status: 'cancelled' });
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
  });

  it('pausing: a trial subscription of the same amount whose first charge is the chosen months after the next one', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const { gift, subscriptionId } = await activeGift({ email: donor.email }, donor.token);
    const auth = { authorization: `Bearer ${donor.token}` };
    const res = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, giftId } = res.json<MonthlyCheckout>();
    expect(checkoutUrl).not.toBeNull();
    const replacement = await giftRow(giftId);
    const resume = addMonth(gift.nextChargeAt as Date, 2);
    expect(replacement.amountCents).toBe(15000);
    expect(replacement.pausedUntil?.getTime()).toBe(replacement.nextChargeAt?.getTime());
    expect((replacement.nextChargeAt as Date).getTime() - resume.getTime()).toBeGreaterThanOrEqual(0);
    expect((replacement.nextChargeAt as Date).getTime() - resume.getTime()).toBeLessThan(WEEK);
    await standIn.pay(replacement.checkoutId as string, PAYING_CARD);
    const list = (await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    const until = replacement.nextChargeAt?.toISOString();
    expect(list[0]).toMatchObject({ id: giftId, status: 'paused', pausedUntil: until, nextChargeAt: until });
    // The trial's end is the first charge: the gift is active again, its pause over.
    await standIn.renew((await giftRow(giftId)).subscriptionId as string);
    expect(await giftRow(giftId)).toMatchObject({ status: 'active' });
    const [resumed] = (await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(resumed.pausedUntil).toBeNull();
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    expect(await emailsTo(donor.email, 'monthly-gift-paused')).toHaveLength(1);
    expect(await emailsTo(donor.email, 'monthly-gift-replaced')).toHaveLength(0);
  });

  it('"Reanudar ahora" (decision 0069): Recurrente has no resume, so a trial subscription ends on the first billing day ahead and the paused one ends', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const { gift } = await activeGift({ email: donor.email }, donor.token);
    const auth = { authorization: `Bearer ${donor.token}` };
    const paused = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 3 } });
    const pauseGiftId = paused.json<MonthlyCheckout>().giftId;
    await standIn.pay((await giftRow(pauseGiftId)).checkoutId as string, PAYING_CARD);
    const pausedRow = await giftRow(pauseGiftId);
    expect(pausedRow.status).toBe('paused');
    const [view] = (await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    // The first billing day ahead is the one the pause skipped first, about a month away, in whole weeks.
    const billingDay = new Date(pausedRow.pausedUntil as Date);
    billingDay.setUTCMonth(billingDay.getUTCMonth() - 3);
    expect(view.id).toBe(pauseGiftId);
    const shown = new Date(view.resumeChargeAt as string).getTime();
    expect(shown - billingDay.getTime()).toBeGreaterThanOrEqual(0);
    expect(shown - billingDay.getTime()).toBeLessThan(WEEK);

    const res = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${pauseGiftId}/resume`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, giftId } = res.json<MonthlyCheckout>();
    expect(checkoutUrl).toMatch(/\/checkout-session\/ch_/);
    const trial = await giftRow(giftId);
    expect(trial).toMatchObject({ status: 'incomplete', replacesGiftId: pauseGiftId, amountCents: 15000, pausedUntil: null });
    expect(Math.abs((trial.nextChargeAt as Date).getTime() - shown)).toBeLessThan(60_000);
    // Until the card is confirmed nothing changed: the pause holds.
    expect((await giftRow(pauseGiftId)).status).toBe('paused');
    await standIn.pay(trial.checkoutId as string, PAYING_CARD);
    expect(await giftRow(giftId)).toMatchObject({ status: 'active', pausedUntil: null });
    expect(await giftRow(pauseGiftId)).toMatchObject({ status: 'cancelled' });
    expect(standIn.subscriptions.get(pausedRow.subscriptionId as string)?.status).toBe('cancelled');
    expect(await giftDonations(giftId)).toHaveLength(0);
    const [resumed] = await emailsTo(donor.email, 'monthly-gift-resumed');
    expect(resumed.textBody).toContain('Reanudamos tu donación mensual antes de lo previsto');
    expect(resumed.textBody).toContain('de Q150.00');
    expect(await emailsTo(donor.email, 'monthly-gift-change-scheduled')).toHaveLength(0);
    const [after] = (await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(after).toMatchObject({ id: giftId, status: 'active', pausedUntil: null, resumeChargeAt: null });
  });

  it('"Reanudar ahora" from the emails\' link, without signing in: the same trial subscription, and the link\'s page then shows the new gift active', async () => {
    const { email } = await activeGift();
    const [started] = await emailsTo(email, 'monthly-gift-started');
    const paused = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/pause', payload: { token: linkToken(started.textBody), months: 3 } });
    const pauseGiftId = paused.json<MonthlyCheckout>().giftId;
    await standIn.pay((await giftRow(pauseGiftId)).checkoutId as string, PAYING_CARD);
    const pausedRow = await giftRow(pauseGiftId);
    expect(pausedRow.status).toBe('paused');
    // The pause's email carries the link of the paused gift; the first one's gift has ended.
    const [pauseEmail] = await emailsTo(email, 'monthly-gift-paused');
    const token = linkToken(pauseEmail.textBody);
    const view = (await app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(token)}` })).json<ManagedMonthlyGift>();
    expect(view).toMatchObject({ id: pauseGiftId, status: 'paused', resumeChargeAt: expect.any(String) });
    const stale = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/resume', payload: { token: linkToken(started.textBody) } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe('Esta donación mensual no está en pausa.');

    const res = await app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/resume', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, giftId } = res.json<MonthlyCheckout>();
    expect(checkoutUrl).toMatch(/\/checkout-session\/ch_/);
    const trial = await giftRow(giftId);
    expect(trial).toMatchObject({ status: 'incomplete', replacesGiftId: pauseGiftId, amountCents: 15000, pausedUntil: null });
    expect(Math.abs((trial.nextChargeAt as Date).getTime() - new Date(view.resumeChargeAt as string).getTime())).toBeLessThan(60_000);
    expect(standIn.checkouts.get(trial.checkoutId as string)?.trial?.interval).toBe('week');
    expect((await giftRow(pauseGiftId)).status).toBe('paused');

    await standIn.pay(trial.checkoutId as string, PAYING_CARD);
    expect(await giftRow(pauseGiftId)).toMatchObject({ status: 'cancelled' });
    expect(standIn.subscriptions.get(pausedRow.subscriptionId as string)?.status).toBe('cancelled');
    expect(await giftDonations(giftId)).toHaveLength(0);
    const [resumed] = await emailsTo(email, 'monthly-gift-resumed');
    expect(resumed.textBody).toContain('Reanudamos tu donación mensual antes de lo previsto');
    expect(resumed.textBody).toContain('de Q150.00');
    // The provider's page returns to the new gift's link: active, its pause over.
    const returnToken = new URL(standIn.checkouts.get(trial.checkoutId as string)?.successUrl as string).searchParams.get('token') as string;
    const after = (await app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(returnToken)}` })).json<ManagedMonthlyGift>();
    expect(after).toMatchObject({ id: giftId, status: 'active', pausedUntil: null, resumeChargeAt: null });
  });
});

describe('changing the amount of a paused gift', () => {
  it('stays paused: the new trial ends no sooner than the pause, the email says so, and the first charge after it takes the new amount', async () => {
    const donor = await make.signIn(app, db, { roles: ['DONOR'] });
    const { gift } = await activeGift({ email: donor.email }, donor.token);
    const auth = { authorization: `Bearer ${donor.token}` };
    const paused = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 2 } });
    const pauseGiftId = paused.json<MonthlyCheckout>().giftId;
    await standIn.pay((await giftRow(pauseGiftId)).checkoutId as string, PAYING_CARD);
    const pausedRow = await giftRow(pauseGiftId);
    expect(pausedRow.status).toBe('paused');
    const pauseEnd = pausedRow.pausedUntil as Date;

    const res = await app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${pauseGiftId}/change-amount`, headers: auth, payload: { amount: 250 } });
    expect(res.statusCode, res.body).toBe(200);
    const { giftId } = res.json<MonthlyCheckout>();
    const replacement = await giftRow(giftId);
    const firstCharge = replacement.nextChargeAt as Date;
    expect(firstCharge.getTime()).toBeGreaterThanOrEqual(pauseEnd.getTime());
    expect(firstCharge.getTime() - pauseEnd.getTime()).toBeLessThan(WEEK);
    expect(replacement.pausedUntil?.getTime()).toBe(firstCharge.getTime());

    const eventsBefore = standIn.events.length;
    await standIn.pay(replacement.checkoutId as string, PAYING_CARD);
    expect(standIn.events.slice(eventsBefore).map((e) => e.body.event_type)).toEqual(['setup_intent.succeeded', 'subscription.create']);
    const started = await giftRow(giftId);
    expect(started).toMatchObject({ status: 'paused', amountCents: 25000 });
    // Recurrente's first charge of the new subscription is the end of its trial: not before the pause's end.
    expect(new Date(standIn.subscriptions.get(started.subscriptionId as string)?.currentPeriodEnd as string).getTime()).toBeGreaterThanOrEqual(pauseEnd.getTime());
    expect(await giftRow(pauseGiftId)).toMatchObject({ status: 'cancelled' });
    expect(standIn.subscriptions.get(pausedRow.subscriptionId as string)?.status).toBe('cancelled');
    const [view] = (await app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ id: giftId, status: 'paused', amountCents: 25000, pausedUntil: firstCharge.toISOString(), nextChargeAt: firstCharge.toISOString() });
    const [changed] = await emailsTo(donor.email, 'monthly-gift-change-scheduled');
    expect(changed.textBody).toContain('sigue en pausa hasta el');
    expect(changed.textBody).toContain('Q250.00 cada mes');
    expect(await emailsTo(donor.email, 'monthly-gift-paused')).toHaveLength(1);

    await standIn.renew(started.subscriptionId as string);
    expect((await giftDonations(giftId)).map((d) => [d.amountCents, d.status])).toEqual([[25000, 'completed']]);
    expect(await giftRow(giftId)).toMatchObject({ status: 'active' });
  });
});

describe('one active monthly gift per email and amount', () => {
  it('a second identical gift answers 409 DUPLICATE_MONTHLY_GIFT unless confirmed; another amount is fine', async () => {
    const { email } = await activeGift();
    const again = await donateMonthly({ email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '¿Quieres tener dos donaciones mensuales?', code: 'DUPLICATE_MONTHLY_GIFT' });
    const upper = await donateMonthly({ email: email.toUpperCase() });
    expect(upper.statusCode).toBe(409);
    expect((await donateMonthly({ email, amount: 75 })).statusCode).toBe(201);
    expect((await donateMonthly({ email, allowDuplicateMonthly: true })).statusCode).toBe(201);
    // A one-time donation of the same amount is not a monthly gift.
    expect((await donateMonthly({ email, frequency: 'once' })).statusCode).toBe(201);
  });

  it('an unpaid monthly checkout does not block a new attempt', async () => {
    const email = newEmail();
    expect((await donateMonthly({ email })).statusCode).toBe(201);
    expect((await donateMonthly({ email })).statusCode).toBe(201);
  });
});
