// Mi perfil's "Agradecimientos y recibos por correo" (docs/product.md#email, decision 0081): an account that
// turns it off gets no automatic thank-you or receipt of a gift paid online or of a monthly renewal, while the
// receipt is issued as always and listed in its Recibos; every other email still goes to it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { emailOutbox, receipts, recurringGifts, userPreferences } from '../../src/db/schema';
import { SIMULATED_ANSWER_AFTER_MS, answerSimulatedCards } from '../../src/domain/giving/simulated-payments';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { enqueueCertifiedReceiptEmail, receiptOf, takeReceiptEmail } from '../../src/domain/receipts/receipts';
import { signedLinks } from '../../src/platform/signed-links';
import { type Caller, type TestContext, createTestApp, createUser, inject } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let quiet: Caller;
let links: { links: ReturnType<typeof signedLinks>; publicUrl: string };
const later = () => new Date(Date.now() + SIMULATED_ANSWER_AFTER_MS + 1_000);

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  links = { links: signedLinks(ctx.config.jwtSecret), publicUrl: ctx.config.publicUrl };
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  quiet = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  // Turned off in Mi perfil, as the donor does.
  const off = await inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/preferences', token: quiet.token, payload: { communication_preferences: { email_notifications: false } } });
  expect(off.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

const templatesTo = async (address: string) =>
  (await ctx.db.select({ template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id)).map((r) => r.template);
const clearOutbox = (address: string) => ctx.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
const post = (url: string, payload: Record<string, unknown> = {}) => inject(ctx.app, { method: 'POST', url: `/api/v1${url}`, token: admin.token, payload });

async function donate(email: string, extra: Record<string, unknown> = {}, token?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { donorName: 'Quieta Prueba', email, amount: 120, acceptTerms: true, cardLast4: '4242', cardBrand: 'visa', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PublicDonationResponse>();
}

describe('an account that turned off the thank-you and receipt emails', () => {
  it('gets no email for a card gift, whose receipt is issued and listed in its Recibos; a receipt staff re-send goes', async () => {
    await clearOutbox(quiet.email);
    const gift = await donate(quiet.email, {}, quiet.token);
    await answerSimulatedCards(ctx.db, links, { now: later() });
    const receipt = await receiptOf(ctx.db, gift.id);
    expect(receipt).toMatchObject({ donorEmail: quiet.email, voidedAt: null });
    expect(await templatesTo(quiet.email)).toEqual([]);
    const mine = await inject(ctx.app, { method: 'GET', url: '/api/v1/users/me/receipts', token: quiet.token });
    expect(mine.json<{ receipts: { receipt_number: number }[] }>().receipts.map((r) => r.receipt_number)).toContain(receipt!.number);

    expect((await post(`/admin/donations/${gift.id}/receipt/resend`)).statusCode).toBe(200);
    expect(await templatesTo(quiet.email)).toEqual(['donation-receipt']);
  });

  it('still gets a declined payment, and every step of a deposit: adjusted, confirmed with its receipt, voided', async () => {
    await clearOutbox(quiet.email);
    await make.donation(ctx.db, { status: 'pending', donorEmail: quiet.email, paymentProvider: 'simulated', paymentMethod: 'card', cardLast4: '9995', cardBrand: 'visa', source: 'public' });
    await answerSimulatedCards(ctx.db, links, { now: later() });
    expect(await templatesTo(quiet.email)).toEqual(['donation-payment-failed']);

    const deposit = await make.donation(ctx.db, { status: 'pending', donorEmail: quiet.email, paymentMethod: 'bank_deposit', amount: 500 });
    expect((await post(`/admin/donations/${deposit.id}/adjust-amount`, { amount: 450, reason: 'Lo que acreditó el banco' })).statusCode).toBe(200);
    expect((await post(`/admin/donations/${deposit.id}/approve`)).statusCode).toBe(200);
    expect((await post(`/admin/donations/${deposit.id}/void`, { reason: 'Depósito duplicado' })).statusCode).toBe(200);
    expect(await templatesTo(quiet.email)).toEqual(['donation-payment-failed', 'deposit-amount-adjusted', 'deposit-approved', 'donation-voided']);
    const [approved] = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, quiet.email), eq(emailOutbox.template, 'deposit-approved')));
    // Staff were told the donor is emailed, and the confirmation carries its receipt as always.
    expect(approved.attachments).toEqual([{ kind: 'receipt', receiptId: (await receiptOf(ctx.db, deposit.id))!.id }]);
  });

  it("gets a monthly gift's first payment email but not each renewal's, whose receipts are issued", async () => {
    await clearOutbox(quiet.email);
    const answer = await donate(quiet.email, { frequency: 'monthly' }, quiet.token);
    const giftId = answer.recurring_gift_id as number;
    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);
    expect(await templatesTo(quiet.email)).toEqual(['monthly-gift-started']);

    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(await chargeDueSimulatedGifts(ctx.db, monthly, new Date(gift.nextChargeAt!.getTime() + 60_000))).toBe(1);
    expect(await templatesTo(quiet.email)).toEqual(['monthly-gift-started']);
    const issued = await ctx.db.select({ id: receipts.id }).from(receipts).where(eq(receipts.donorEmail, quiet.email));
    expect(issued.length).toBeGreaterThanOrEqual(2);
  });

  it("withholds a certified receipt's own email, and a pending receipt's note points to Recibos", async () => {
    await clearOutbox(quiet.email);
    const d = await make.donation(ctx.db, { donorEmail: quiet.email });
    const receipt = (await receiptOf(ctx.db, d.id))!;
    expect(await enqueueCertifiedReceiptEmail(ctx.db, receipt.id)).toBeNull();
    expect(await templatesTo(quiet.email)).toEqual([]);

    await ctx.db.update(receipts).set({ felStatus: 'pending' }).where(eq(receipts.id, receipt.id));
    const { note } = await takeReceiptEmail(ctx.db, d.id);
    expect(note).toContain('estará en Recibos');
    expect(note).not.toContain('te llegará en otro correo');
  });
});

describe('everyone else', () => {
  it('gets the thank-you: an account with the switch on, one whose address is unconfirmed, and a guest', async () => {
    const on = await createUser(ctx.db);
    const unconfirmed = await createUser(ctx.db, { verified: false });
    await ctx.db.update(userPreferences).set({ emailNotifications: false }).where(eq(userPreferences.userId, unconfirmed.id));
    const guest = `invitada.${randomUUID().slice(0, 8)}@prueba.gt`;
    for (const email of [on.email, unconfirmed.email, guest]) await donate(email);
    await answerSimulatedCards(ctx.db, links, { now: later() });
    for (const email of [on.email, unconfirmed.email, guest]) expect(await templatesTo(email), email).toEqual(['donation-completed']);
  });

  it("gets a certified receipt's own email", async () => {
    const d = await make.donation(ctx.db);
    const receipt = (await receiptOf(ctx.db, d.id))!;
    expect(await enqueueCertifiedReceiptEmail(ctx.db, receipt.id)).toEqual(expect.any(Number));
    expect(await templatesTo(d.donorEmail)).toEqual(['donation-receipt']);
  });
});
