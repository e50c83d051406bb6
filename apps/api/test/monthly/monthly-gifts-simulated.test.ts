// Monthly gifts with the simulated provider (the offline demo): the job charges the first payment and
// every renewal on the gift's next_charge_at, once each even when run again or by two processes at
// once; a change of amount waits for the next charge (monthly-schedule.test.ts); cancelling stops the charges.
// docs/product.md#monthly-giving
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { MonthlyCheckout, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { donations, emailOutbox, recurringGifts } from '../../src/db/schema';
import { addMonth } from '../../src/domain/ledger/links';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { renderReceiptPdf } from '../../src/domain/receipts/pdf';
import { receiptOf } from '../../src/domain/receipts/receipts';
import { monthlyApiMessages } from '../../src/messages/monthly';
import { loginAs } from '../support/auth';
import { type TestContext, createTestApp, pdfText } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
});
afterAll(async () => {
  await ctx?.close();
});

async function donateMonthly(email: string, token?: string, amount = 100) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { donorName: 'Ana Ángel', email, amount, acceptTerms: true, frequency: 'monthly', cardLast4: '4242', cardBrand: 'visa' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PublicDonationResponse>();
}

const giftRow = async (id: number) => (await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0];
const giftDonations = (id: number) => ctx.db.select().from(donations).where(eq(donations.recurringGiftId, id)).orderBy(asc(donations.id));
const dueNow = (id: number, at: Date) => ctx.db.update(recurringGifts).set({ nextChargeAt: at }).where(eq(recurringGifts.id, id));

describe('the simulated renewals job', () => {
  it('charges the first payment, then each renewal when due, once', async () => {
    const email = `angel.${randomBytes(4).toString('hex')}@prueba.gt`;
    const answer = await donateMonthly(email);
    expect(answer).toMatchObject({ payment_provider: 'simulated', checkout_url: null, status: 'pending' });
    const giftId = answer.recurring_gift_id as number;
    expect(await giftRow(giftId)).toMatchObject({ provider: 'simulated', status: 'incomplete' });

    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);
    let gift = await giftRow(giftId);
    expect(gift.status).toBe('active');
    expect((await giftDonations(giftId)).map((d) => [d.status, d.cardLast4])).toEqual([['completed', '4242']]);
    // Not due yet: nothing is charged.
    expect(await chargeDueSimulatedGifts(ctx.db, monthly)).toBe(0);

    // The month has passed: one renewal, even with two runs at once.
    const due = gift.nextChargeAt as Date;
    const later = new Date(due.getTime() + 1000);
    const runs = await Promise.all([chargeDueSimulatedGifts(ctx.db, monthly, later), chargeDueSimulatedGifts(ctx.db, monthly, later)]);
    expect(runs[0] + runs[1]).toBe(1);
    const rows = await giftDonations(giftId);
    expect(rows.map((d) => d.status)).toEqual(['completed', 'completed']);
    expect(rows[1]).toMatchObject({ amountCents: 10000, paymentProvider: 'simulated', recurringGiftId: giftId, donorEmail: email });
    expect(rows[1].receiptNumber).not.toBeNull();
    // The first charge's and the renewal's receipts say what the gift is: the monthly gift.
    expect(rows.map((d) => d.description)).toEqual([monthlyApiMessages.donationDescription, monthlyApiMessages.donationDescription]);
    for (const row of rows) expect((await pdfText(await renderReceiptPdf((await receiptOf(ctx.db, row.id))!))).replace(/\s+/g, ' ')).toContain('Descripción Donación mensual');
    gift = await giftRow(giftId);
    expect((gift.nextChargeAt as Date).getTime()).toBe(addMonth(due).getTime());
    expect(await chargeDueSimulatedGifts(ctx.db, monthly, later)).toBe(0);
    const templates = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((e) => e.template);
    expect(templates).toEqual(expect.arrayContaining(['monthly-gift-started', 'monthly-gift-renewed']));
  });

  it('in the member area: a change of amount waits for the next charge, cancelling stops the charges', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const auth = { authorization: `Bearer ${donor.token}` };
    const answer = await donateMonthly(donor.email, donor.token, 75);
    const giftId = answer.recurring_gift_id as number;
    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);

    const change = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${giftId}/change-amount`, headers: auth, payload: { amount: 185 } });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json<MonthlyCheckout>()).toEqual({ checkoutUrl: null, giftId });
    const gift = await giftRow(giftId);
    expect(gift).toMatchObject({ status: 'active', amountCents: 7500, pendingAmountCents: 18500 });
    expect(gift.pendingFrom?.getTime()).toBe(gift.nextChargeAt?.getTime());

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth });
    expect(list.json<MonthlyGift[]>().map((g) => [g.amountCents, g.pendingAmountCents, g.status, g.chargesCount])).toEqual([[7500, 18500, 'active', 1]]);

    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${giftId}/cancel`, headers: auth, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<MonthlyGift>()).toMatchObject({ status: 'cancelled', pendingAmountCents: null, pendingFrom: null });
    await dueNow(giftId, new Date(Date.now() - 1000));
    expect(await chargeDueSimulatedGifts(ctx.db, monthly)).toBe(0);
    expect(await giftDonations(giftId)).toHaveLength(1);
  });

  it('a gift whose first payment staff process by hand is active at once, with the monthly email; the job charges nothing more', async () => {
    const email = `manual.${randomBytes(4).toString('hex')}@prueba.gt`;
    const answer = await donateMonthly(email);
    const giftId = answer.recurring_gift_id as number;
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const processed = await ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${answer.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(processed.statusCode, processed.body).toBe(200);
    const gift = await giftRow(giftId);
    expect(gift).toMatchObject({ status: 'active' });
    expect(gift.startedAt).not.toBeNull();
    expect(gift.nextChargeAt?.getTime()).toBe(addMonth(gift.startedAt as Date).getTime());
    const templates = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((e) => e.template);
    // The monthly gift's email, as when the job charges it, not the one-time gift's.
    expect(templates).toContain('monthly-gift-started');
    expect(templates).not.toContain('donation-completed');

    expect(await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app))).toBe(0);
    expect((await giftDonations(giftId)).map((d) => d.status)).toEqual(['completed']);
  });

  it('staff Procesar and the job at the same moment: one charge, no error, the gift active', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    for (let i = 0; i < 5; i += 1) {
      const answer = await donateMonthly(`ambos.${randomBytes(4).toString('hex')}@prueba.gt`);
      const [processed] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${answer.id}/process`, headers: { authorization: `Bearer ${admin.token}` } }),
        chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app)),
      ]);
      // Whichever came first charged it; the other found it no longer pending (409) or skipped it.
      expect([200, 409], processed.body).toContain(processed.statusCode);
      expect((await giftRow(answer.recurring_gift_id as number)).status).toBe('active');
      expect((await giftDonations(answer.recurring_gift_id as number)).map((d) => d.status)).toEqual(['completed']);
    }
  });

  it('cancelling the first payment of a gift leaves the gift as it was', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const auth = { authorization: `Bearer ${admin.token}` };
    const other = await donateMonthly(`cancelada.${randomBytes(4).toString('hex')}@prueba.gt`);
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${other.id}/cancel`, headers: auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await giftRow(other.recurring_gift_id as number)).status).toBe('incomplete');
  });
});

describe('the demo data', () => {
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('has monthly donors with histories, the demo donor among them, and one renewal due minutes after the start', async () => {
    const tokens = await loginAs(demo.app, 'donante@ejemplo.org', 'Demo1234');
    const res = await demo.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = res.json<MonthlyGift[]>();
    expect(mine).toMatchObject({ amountCents: 15000, status: 'active', chargesCount: 6, totalGivenCents: 90000 });
    expect(Date.parse(mine.nextChargeAt as string)).toBeGreaterThan(Date.now());

    const gifts = await demo.db.select().from(recurringGifts);
    expect(new Set(gifts.map((g) => g.status))).toEqual(new Set(['active', 'past_due', 'cancelled']));
    const charged = await demo.db.select().from(donations).where(eq(donations.source, 'seed'));
    const monthly = charged.filter((d) => d.recurringGiftId != null);
    expect(monthly.filter((d) => d.status === 'completed').every((d) => d.receiptNumber != null)).toBe(true);

    // Three minutes later the job renews the gift due then, and only that one.
    const renewed = await chargeDueSimulatedGifts(demo.db, monthlyContext(demo.app), new Date(Date.now() + 3 * 60_000));
    expect(renewed).toBe(1);
  });
});

describe('the member list', () => {
  it('shows a new gift while its first payment is open, not once that checkout is abandoned', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const answer = await donateMonthly(donor.email, donor.token, 35);
    const list = () => ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: { authorization: `Bearer ${donor.token}` } });
    expect((await list()).json<MonthlyGift[]>()).toEqual([expect.objectContaining({ id: answer.recurring_gift_id, status: 'incomplete', chargesCount: 0 })]);
    await ctx.db.update(donations).set({ status: 'expired' }).where(eq(donations.id, answer.id));
    expect((await list()).json<MonthlyGift[]>()).toEqual([]);
  });
});
