// A monthly gift's change of amount and pause with the simulated provider (the offline demo), held by
// the product (docs/product.md#monthly-giving, decision 0038): nothing is charged when asked, one email
// says so; the new amount is charged from the next charge date on the same day of the month; a pause
// skips 1 to 3 charges and resumes by itself, or early; the same from the emails' signed link; staff see the
// pause; an anonymous gift stays anonymous in every renewal.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { PAUSE_MONTHS_INVALID } from '@donaciones/shared/messages/monthly';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { ManagedMonthlyGift, MonthlyCheckout, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { auditLog, donations, emailOutbox, recurringGifts } from '../../src/db/schema';
import { addMonth, billingDayAfter, ownBillingDay } from '../../src/domain/ledger/links';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { signedLinks } from '../../src/platform/signed-links';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { monthlyApiMessages } from '../../src/messages/monthly';
import { activityMessage } from '../../src/domain/reporting/organisation-dashboard';
import { type TestContext, createTestApp } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
});
afterAll(async () => {
  await ctx?.close();
});

const MINUTE = 60_000;

async function donateMonthly(email: string, token?: string, amount = 150, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { donorName: 'Ana Ángel', email, amount, acceptTerms: true, frequency: 'monthly', cardLast4: '4242', cardBrand: 'visa', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PublicDonationResponse>();
}

const giftRow = async (id: number) => (await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0];
const giftDonations = (id: number) => ctx.db.select().from(donations).where(eq(donations.recurringGiftId, id)).orderBy(asc(donations.id));
const emailsTo = (to: string) => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.id));
const emailOf = async (to: string, template: string) =>
  ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));

/** A signed-in donor's simulated gift, its first payment charged by the job. */
async function startedGift(amount = 150, extra: Record<string, unknown> = {}) {
  const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
  const answer = await donateMonthly(donor.email, donor.token, amount, extra);
  await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
  const gift = await giftRow(answer.recurring_gift_id as number);
  expect(gift.status).toBe('active');
  return { donor, gift, auth: { authorization: `Bearer ${donor.token}` } };
}

function linkToken(text: string): string {
  const match = /\/donacion-mensual\?token=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no monthly link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('changing the amount', () => {
  it('charges nothing now, sends one email, and charges the new amount from the next charge date on the same day', async () => {
    const { donor, gift, auth } = await startedGift(150);
    const due = gift.nextChargeAt as Date;
    const before = (await emailsTo(donor.email)).length;

    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 200 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyCheckout>()).toEqual({ checkoutUrl: null, giftId: gift.id });
    expect(await giftDonations(gift.id)).toHaveLength(1);
    const sent = (await emailsTo(donor.email)).slice(before);
    expect(sent.map((e) => e.template)).toEqual(['monthly-gift-change-scheduled']);
    expect(sent[0].textBody).toContain('Q200.00');
    expect(sent[0].textBody).toContain('Hoy no se hizo ningún cobro');
    expect(sent[0].textBody).not.toContain('Recibimos el primer pago');

    const [view] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ amountCents: 15000, pendingAmountCents: 20000, pendingFrom: due.toISOString(), nextChargeAt: due.toISOString(), pausedUntil: null });

    // The same new amount again is refused; the current amount drops the change.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 200 } });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ detail: string }>().detail).toBe(monthlyApiMessages.sameAmount);

    // Before the date nothing is charged.
    const monthly = monthlyContext(ctx.app);
    // (Other tests' gifts share the database: each gift's own donations are counted.)
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(due.getTime() - MINUTE));
    expect(await giftDonations(gift.id)).toHaveLength(1);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(due.getTime() + MINUTE));
    const charges = await giftDonations(gift.id);
    expect(charges.map((d) => [d.amountCents, d.status])).toEqual([
      [15000, 'completed'],
      [20000, 'completed'],
    ]);
    const after = await giftRow(gift.id);
    expect(after).toMatchObject({ amountCents: 20000, pendingAmountCents: null, pendingFrom: null, status: 'active' });
    expect(after.nextChargeAt?.getTime()).toBe(addMonth(due).getTime());
    expect(after.nextChargeAt?.getUTCDate()).toBe(due.getUTCDate());
  });

  it('asking for the current amount again drops a pending change, with an email', async () => {
    const { donor, gift, auth } = await startedGift(120);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 90 } });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 120 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftRow(gift.id)).toMatchObject({ amountCents: 12000, pendingAmountCents: null, pendingFrom: null });
    expect(await emailOf(donor.email, 'monthly-gift-change-scheduled')).toHaveLength(2);
  });
});

describe('pausing', () => {
  it('skips the chosen months with one email, shows "En pausa hasta", and resumes by itself on the same day', async () => {
    const { donor, gift, auth } = await startedGift(100);
    const due = gift.nextChargeAt as Date;
    const resume = addMonth(due, 2);
    const before = (await emailsTo(donor.email)).length;

    const bad = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 4 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PAUSE_MONTHS_INVALID);

    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyCheckout>()).toEqual({ checkoutUrl: null, giftId: gift.id });
    const sent = (await emailsTo(donor.email)).slice(before);
    expect(sent.map((e) => e.template)).toEqual(['monthly-gift-paused']);
    expect(sent[0].textBody).toContain('los próximos 2 cobros');
    expect(sent[0].textBody).toContain('cuando haremos el siguiente cobro, de Q100.00.');

    const [view] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ status: 'paused', pausedUntil: resume.toISOString(), nextChargeAt: resume.toISOString() });

    const twice = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 1 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toBe(monthlyApiMessages.notPausable);

    // Staff see the pause too.
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const staff = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/monthly-gifts/${gift.id}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.body).toContain(`"pausedUntil":"${resume.toISOString()}"`);

    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(due.getTime() + MINUTE));
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(addMonth(due).getTime() + MINUTE));
    expect(await giftDonations(gift.id)).toHaveLength(1);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(resume.getTime() + MINUTE));
    const after = await giftRow(gift.id);
    expect(after).toMatchObject({ status: 'active', pausedUntil: null });
    expect(after.nextChargeAt?.getTime()).toBe(addMonth(due, 3).getTime());
    expect((await giftDonations(gift.id)).map((d) => [d.amountCents, d.status])).toEqual([
      [10000, 'completed'],
      [10000, 'completed'],
    ]);
  });

  it('a change of amount asked before a pause starts after it, and the pause email names that amount', async () => {
    const { donor, gift, auth } = await startedGift(110);
    const due = gift.nextChargeAt as Date;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 130 } });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 1 } });
    const paused = await giftRow(gift.id);
    expect(paused.pendingFrom?.getTime()).toBe(addMonth(due).getTime());
    // The charge that ends the pause takes the new amount: the email says so, not the old one.
    const [email] = await emailOf(donor.email, 'monthly-gift-paused');
    expect(email.textBody).toContain('cuando haremos el siguiente cobro, de Q130.00.');
    expect(email.textBody).not.toContain('Q110.00');
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app), new Date(addMonth(due).getTime() + MINUTE));
    expect((await giftDonations(gift.id)).map((d) => d.amountCents)).toEqual([11000, 13000]);
  });
});

describe('changing the amount of a paused gift', () => {
  it('keeps the pause: nothing is charged before its end, the email says so, and the first charge after it takes the new amount', async () => {
    const { donor, gift, auth } = await startedGift(120);
    const due = gift.nextChargeAt as Date;
    const resume = addMonth(due, 2);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 2 } });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 140 } });
    expect(res.statusCode, res.body).toBe(200);
    const [view] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ status: 'paused', pausedUntil: resume.toISOString(), pendingAmountCents: 14000, pendingFrom: resume.toISOString() });
    const [email] = await emailOf(donor.email, 'monthly-gift-change-scheduled');
    expect(email.textBody).toContain('sigue en pausa hasta el');
    expect(email.textBody).toContain('Q140.00 cada mes');
    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(addMonth(due).getTime() + MINUTE));
    expect(await giftDonations(gift.id)).toHaveLength(1);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date(resume.getTime() + MINUTE));
    expect((await giftDonations(gift.id)).map((d) => d.amountCents)).toEqual([12000, 14000]);
  });
});

describe('resuming early ("Reanudar ahora", decision 0069)', () => {
  it('brings the next charge back to the first billing day ahead: nothing charged now, one email, the audit entry, then charged on that day', async () => {
    const { donor, gift, auth } = await startedGift(100);
    const due = gift.nextChargeAt as Date;
    const active = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(active[0].resumeChargeAt).toBeNull();
    const notPaused = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: auth });
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json<{ detail: string }>().detail).toBe(monthlyApiMessages.notPaused);

    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 3 } });
    const [paused] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    // The first charge the pause skipped is still ahead: resuming now brings it back.
    expect(paused).toMatchObject({ status: 'paused', pausedUntil: addMonth(due, 3).toISOString(), resumeChargeAt: due.toISOString() });

    const before = (await emailsTo(donor.email)).length;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyCheckout>()).toEqual({ checkoutUrl: null, giftId: gift.id });
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', pausedUntil: null, nextChargeAt: due });
    expect(await giftDonations(gift.id)).toHaveLength(1);
    const sent = (await emailsTo(donor.email)).slice(before);
    expect(sent.map((e) => [e.template, e.subject])).toEqual([['monthly-gift-resumed', 'Reanudaste tu donación mensual']]);
    expect(sent[0].textBody).toContain('Reanudamos tu donación mensual antes de lo previsto. El próximo cobro será el');
    expect(sent[0].textBody).toContain('de Q100.00');
    expect(sent[0].textBody).toContain('Hoy no se hizo ningún cobro');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'monthly_gift.resume'), eq(auditLog.entityId, String(gift.id))));
    expect(entry).toMatchObject({ actorUserId: donor.id, actorEmail: donor.email });
    expect(entry.details).toMatchObject({ paused_until: addMonth(due, 3).toISOString(), next_charge: due.toISOString() });

    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: auth });
    expect(again.statusCode).toBe(409);
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app), new Date(due.getTime() + MINUTE));
    expect((await giftDonations(gift.id)).map((d) => [d.amountCents, d.status])).toEqual([
      [10000, 'completed'],
      [10000, 'completed'],
    ]);
  });

  it('a change of amount asked before starts with the resumed charge, and the email names it', async () => {
    const { donor, gift, auth } = await startedGift(110);
    const due = gift.nextChargeAt as Date;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/change-amount`, headers: auth, payload: { amount: 140 } });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 2 } });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', nextChargeAt: due, pendingAmountCents: 14000, pendingFrom: due });
    const [email] = await emailOf(donor.email, 'monthly-gift-resumed');
    expect(email.textBody).toContain('de Q140.00');
    expect(email.textBody).not.toContain('Q110.00');
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app), new Date(due.getTime() + MINUTE));
    expect((await giftDonations(gift.id)).map((d) => d.amountCents)).toEqual([11000, 14000]);
  });

  it('is refused when no billing day comes before the pause ends, and for someone else\'s gift', async () => {
    const { gift, auth } = await startedGift(120);
    const due = gift.nextChargeAt as Date;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/pause`, headers: auth, payload: { months: 1 } });
    // A month later, the skipped charge is past: the pause's own end is the first billing day ahead.
    await ctx.db.update(donations).set({ completedAt: new Date(due.getTime() - 2 * 86_400_000) }).where(eq(donations.recurringGiftId, gift.id));
    await ctx.db.update(recurringGifts).set({ pausedUntil: new Date(Date.now() + 3 * 86_400_000), nextChargeAt: new Date(Date.now() + 3 * 86_400_000) }).where(eq(recurringGifts.id, gift.id));
    const [view] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/member/monthly-gifts', headers: auth })).json<MonthlyGift[]>();
    expect(view).toMatchObject({ status: 'paused', resumeChargeAt: null });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: auth });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Tu donación mensual ya se reanuda el .+: no hay un día de cobro antes de esa fecha\.$/);

    const stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const other = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${gift.id}/resume`, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(other.statusCode).toBe(404);
  });
});

describe('from the emails signed link, without signing in', () => {
  it('changes the amount and pauses, as the donor area does', async () => {
    const email = `enlace.${randomBytes(4).toString('hex')}@prueba.gt`;
    const answer = await donateMonthly(email, undefined, 140);
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    const [started] = await emailOf(email, 'monthly-gift-started');
    const token = linkToken(started.textBody);

    const change = await ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/change-amount', payload: { token, amount: 160 } });
    expect(change.statusCode, change.body).toBe(200);
    const pause = await ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/pause', payload: { token, months: 3 } });
    expect(pause.statusCode, pause.body).toBe(200);
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(token)}` })).json<ManagedMonthlyGift>();
    const gift = await giftRow(answer.recurring_gift_id as number);
    expect(view).toMatchObject({ status: 'paused', pendingAmountCents: 16000, pausedUntil: gift.pausedUntil?.toISOString() });
    expect((await emailsTo(email)).map((e) => e.template)).toEqual(['monthly-gift-started', 'monthly-gift-change-scheduled', 'monthly-gift-paused']);

    const forged = await ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/pause', payload: { token: `${token}x`, months: 1 } });
    expect(forged.statusCode).toBe(401);
  });

  it('"Reanudar ahora" (decision 0069) as the donor area does: nothing charged, one email, the audit entry; refused in Spanish when not paused or the link is not valid', async () => {
    const email = `reanuda.${randomBytes(4).toString('hex')}@prueba.gt`;
    const answer = await donateMonthly(email, undefined, 130);
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    const gift = await giftRow(answer.recurring_gift_id as number);
    const due = gift.nextChargeAt as Date;
    const [started] = await emailOf(email, 'monthly-gift-started');
    const token = linkToken(started.textBody);
    const resume = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/resume', payload });

    const active = await resume({ token });
    expect(active.statusCode).toBe(409);
    expect(active.json<{ detail: string }>().detail).toBe(monthlyApiMessages.notPaused);

    await ctx.app.inject({ method: 'POST', url: '/api/v1/monthly-gifts/manage/pause', payload: { token, months: 3 } });
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/v1/monthly-gifts/manage?token=${encodeURIComponent(token)}` })).json<ManagedMonthlyGift>();
    expect(view).toMatchObject({ status: 'paused', pausedUntil: addMonth(due, 3).toISOString(), resumeChargeAt: due.toISOString() });

    // A tampered, expired, other-purpose or missing token changes nothing.
    const expired = await signedLinks(ctx.config.jwtSecret, -60).sign({ purpose: 'monthly-gift', subject: gift.id });
    const otherPurpose = await signedLinks(ctx.config.jwtSecret).sign({ purpose: 'deposit-slip', subject: gift.id });
    for (const bad of [`${token}x`, expired, otherPurpose]) {
      const res = await resume({ token: bad });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ detail: string }>().detail).toBe(monthlyApiMessages.linkInvalid);
    }
    expect((await resume({})).statusCode).toBe(400);
    expect((await giftRow(gift.id)).status).toBe('paused');

    const before = (await emailsTo(email)).length;
    const res = await resume({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyCheckout>()).toEqual({ checkoutUrl: null, giftId: gift.id });
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', pausedUntil: null, nextChargeAt: due });
    expect(await giftDonations(gift.id)).toHaveLength(1);
    const sent = (await emailsTo(email)).slice(before);
    expect(sent.map((e) => [e.template, e.subject])).toEqual([['monthly-gift-resumed', 'Reanudaste tu donación mensual']]);
    expect(sent[0].textBody).toContain('Reanudamos tu donación mensual antes de lo previsto. El próximo cobro será el');
    expect(sent[0].textBody).toContain('de Q130.00');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'monthly_gift.resume'), eq(auditLog.entityId, String(gift.id))));
    expect(entry).toMatchObject({ actorUserId: null });
    expect(entry.details).toMatchObject({ paused_until: addMonth(due, 3).toISOString(), next_charge: due.toISOString() });

    const again = await resume({ token });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(monthlyApiMessages.notPaused);
  });
});

describe("the gift's own day of the month", () => {
  const at = (day: string) => new Date(`${day}T15:00:00.000Z`);
  const run = (from: Date, ownDay: number | null, months = 4) => {
    const days = [from];
    for (let i = 0; i < months; i++) days.push(billingDayAfter(days[days.length - 1], 1, ownDay));
    return days.map((d) => d.toISOString().slice(0, 10));
  };

  it('comes back after a short month, and a day a gateway moved stays where it is', () => {
    expect(run(at('2027-01-31'), 31)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(run(at('2027-01-29'), 29, 2)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
    expect(run(at('2028-01-30'), 30, 2)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
    expect(run(at('2027-02-12'), 29, 2)).toEqual(['2027-02-12', '2027-03-12', '2027-04-12']);
    // Without a known day (a replacement's trial, an import) the dates keep their own day, as before.
    expect(run(at('2027-01-31'), null, 2)).toEqual(['2027-01-31', '2027-02-28', '2027-03-28']);
    // Back from a pause's end, as "Reanudar ahora" looks for the first billing day ahead.
    expect(billingDayAfter(at('2027-02-28'), -1, 29).toISOString().slice(0, 10)).toBe('2027-01-29');
    expect(billingDayAfter(at('2027-02-28'), -2, 29).toISOString().slice(0, 10)).toBe('2026-12-29');
  });

  it('is the day the gift started, unless it replaced another gift or came from an import', () => {
    const gift = { startedAt: at('2026-12-31'), replacesGiftId: null, importId: null };
    expect(ownBillingDay(gift)).toBe(31);
    expect(ownBillingDay({ ...gift, startedAt: null }, at('2027-01-30'))).toBe(30);
    expect(ownBillingDay({ ...gift, replacesGiftId: 4 })).toBeNull();
    expect(ownBillingDay({ ...gift, importId: 2 })).toBeNull();
  });

  it('a gift started on the 31st is charged on 28 February and again on 31 March; a pause over February resumes on its own day', async () => {
    const monthly = monthlyContext(ctx.app);
    // Every gift the file made is due by then: the job charges them all, this one last.
    const chargeAll = (now: Date) => chargeDueSimulatedGifts(ctx.db, monthly, new Date(now.getTime() + MINUTE), 1000);
    const { gift } = await startedGift(100);
    await ctx.db.update(recurringGifts).set({ startedAt: at('2027-01-31'), nextChargeAt: at('2027-02-28') }).where(eq(recurringGifts.id, gift.id));
    await chargeAll(at('2027-02-28'));
    expect((await giftRow(gift.id)).nextChargeAt?.toISOString()).toBe(at('2027-03-31').toISOString());

    const { gift: paused, auth } = await startedGift(100);
    await ctx.db.execute(sql`update recurring_gifts set started_at = ${at('2026-12-29').toISOString()}, next_charge_at = ${at('2027-01-29').toISOString()} where id = ${paused.id}`);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/member/monthly-gifts/${paused.id}/pause`, headers: auth, payload: { months: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await giftRow(paused.id)).pausedUntil?.toISOString()).toBe(at('2027-02-28').toISOString());
    await chargeAll(at('2027-02-28'));
    expect(await giftRow(paused.id)).toMatchObject({ status: 'active', nextChargeAt: at('2027-03-29') });
  });
});

describe('an anonymous monthly gift', () => {
  it('stays anonymous in every renewal', async () => {
    const email = `anonima.${randomBytes(4).toString('hex')}@prueba.gt`;
    const answer = await donateMonthly(email, undefined, 100, { anonymous: true });
    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);
    const gift = await giftRow(answer.recurring_gift_id as number);
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date((gift.nextChargeAt as Date).getTime() + MINUTE));
    const rows = await giftDonations(gift.id);
    expect(rows.map((d) => [d.status, d.donorAnonymous])).toEqual([
      ['completed', true],
      ['completed', true],
    ]);
  });
});

describe('the dashboard activity', () => {
  it('names each step of a change of amount and a pause in Spanish', () => {
    const line = (action: string) => activityMessage({ action, actorEmail: null, details: {}, entityId: '5' });
    expect(line('monthly_gift.amount_change_scheduled')).toBe('Se programó un nuevo monto de la donación mensual #5 para su próximo cobro');
    expect(line('monthly_gift.amount_changed')).toBe('Empezó el nuevo monto de la donación mensual #5');
    expect(line('monthly_gift.pause')).toBe('El donante pausó la donación mensual #5');
    expect(line('monthly_gift.resumed')).toBe('Se reanudó la donación mensual #5');
    expect(line('monthly_gift.resume')).toBe('El donante reanudó antes de tiempo la donación mensual #5');
    expect(line('monthly_gift.trial_started')).toBe('Se confirmó la tarjeta de la donación mensual #5, sin cobro hasta su primera fecha');
  });
});
