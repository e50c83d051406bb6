// The sponsorship lifecycle (docs/product.md#sponsorship, decision 0051). A child leaves: each active
// sponsorship ends, the sponsor is told and chooses in "Mi ahijado/a" (another child with the same
// gift, keep giving, cancel) or, after the grace period, the gift is cancelled with a kind email. A
// sponsor stops: the child stays off the waiting list for the grace period, then returns in fair order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, emailOutbox, recurringGifts, sponsoredChildren, sponsorships } from '../../src/db/schema';
import { lapseChildLeftOffers } from '../../src/domain/sponsorship/child-left-offers';
import { cancelMonthlyGift } from '../../src/domain/monthly/cancel';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const DAY = 86_400_000;
let sponsorCount = 0;

/** A sponsor who chose `childId`, started and had the first payment charged: an active sponsorship. */
async function activeSponsor(childId: number) {
  sponsorCount += 1;
  const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'], email: `ciclo.${sponsorCount}.${Date.now()}@correo.gt` });
  const held = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, token: sponsor.token });
  expect(held.statusCode).toBe(201);
  const payload = { donorName: 'Marta Padrina', email: sponsor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
  const started = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${held.json().holdToken}/start`, payload, token: sponsor.token });
  expect(started.statusCode).toBe(201);
  await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
  const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, started.json().sponsorshipId));
  expect(row.status).toBe('active');
  return { sponsor, sponsorshipId: row.id, giftId: row.recurringGiftId! };
}

async function staffSetsLeft(childId: number) {
  const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${childId}/status`, token: staff.token, payload: { status: 'left', reason: 'La familia se mudó' } });
  expect(res.statusCode).toBe(200);
}

const offers = async (sponsor: Caller) => (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorship-offers', token: sponsor.token })).json().offers;
const choose = (sponsor: Caller, id: number, payload: Record<string, unknown>) =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/member/sponsorship-offers/${id}/choice`, token: sponsor.token, payload });
const sponsorshipById = async (id: number) => (await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, id)))[0];
const giftById = async (id: number) => (await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0];
const childById = async (id: number) => (await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, id)))[0];
const emailsOf = (to: string, template: string) => ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
const audited = (action: string, entityId: number) => ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
const publicIds = async () => (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json().children.map((c: { id: number }) => c.id);

describe('a sponsored child leaves the programme', () => {
  it('ends the sponsorship, tells the sponsor with a link to choose, and moves the same gift to another child in one step (audited)', async () => {
    const leaving = await aChild(ctx.db, { firstName: 'Kevin' });
    const { sponsor, sponsorshipId, giftId } = await activeSponsor(leaving.id);
    const next = await aChild(ctx.db, { firstName: 'Rosa' });

    const before = Date.now();
    await staffSetsLeft(leaving.id);
    const ended = await sponsorshipById(sponsorshipId);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'child_left', offerChoice: null, placeFreeAt: null });
    const days = (ended.offerUntil!.getTime() - before) / DAY;
    expect(days).toBeGreaterThan(59.99);
    expect(days).toBeLessThan(60.01);
    expect((await giftById(giftId)).status).toBe('active');

    const [email, ...more] = await emailsOf(sponsor.email, 'sponsorship-child-left');
    expect(more).toHaveLength(0);
    expect(email.textBody).toContain('{{PUBLIC_URL}}/donor/ahijado');
    expect(email.textBody).toContain('apadrinar a otra niña u otro niño que espera');
    expect(email.textBody).toContain('"Donde más se necesite"');
    expect(email.textBody).not.toContain('La familia se mudó');

    const [offer] = await offers(sponsor);
    expect(offer).toEqual({ sponsorshipId, childFirstName: 'Kevin', offerUntil: ended.offerUntil!.toISOString(), amountCents: 25_000, currency: 'GTQ' });

    const chosen = await choose(sponsor, sponsorshipId, { choice: 'another_child', childId: next.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ choice: 'another_child', childFirstName: 'Rosa' });
    const moved = await sponsorshipById(chosen.json().sponsorshipId);
    expect(moved).toMatchObject({ status: 'active', childId: next.id, recurringGiftId: giftId, userId: sponsor.id, amountCents: 25_000 });
    expect(moved.codeOfConductAcceptedAt).not.toBeNull();
    expect((await childById(next.id)).status).toBe('sponsored');
    expect((await giftById(giftId)).status).toBe('active');
    expect((await sponsorshipById(sponsorshipId)).offerChoice).toBe('another_child');
    // One confirmation naming the new child, for the same gift (nothing to pay).
    const [confirmation, ...others] = (await emailsOf(sponsor.email, 'sponsorship-started')).filter((e) => e.subject === 'Ya apadrinas a Rosa');
    expect(others).toHaveLength(0);
    expect(confirmation.textBody).toContain('Desde hoy apadrinas a Rosa con tu mismo aporte mensual de Q250.00: no tienes que pagar nada más ni dar tu tarjeta.');
    const [entry] = await audited('sponsorship.offer_another_child', sponsorshipId);
    expect(entry.details).toMatchObject({ new_sponsorship_id: moved.id, child_id: next.id, recurring_gift_id: giftId });
    expect(await offers(sponsor)).toEqual([]);
    const mine = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token })).json();
    expect(mine.sponsorships.map((s: { child: { firstName: string } }) => s.child.firstName)).toEqual(['Rosa']);

    // Chosen once: a second choice is refused.
    expect((await choose(sponsor, sponsorshipId, { choice: 'keep_giving' })).statusCode).toBe(409);
  });

  it('keeps giving where most needed (audited), and the grace period then cancels nothing', async () => {
    const leaving = await aChild(ctx.db, { firstName: 'Elmer' });
    const { sponsor, sponsorshipId, giftId } = await activeSponsor(leaving.id);
    await staffSetsLeft(leaving.id);
    const kept = await choose(sponsor, sponsorshipId, { choice: 'keep_giving' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ choice: 'keep_giving', sponsorshipId: null, childFirstName: null });
    expect(await audited('sponsorship.offer_keep_giving', sponsorshipId)).toHaveLength(1);
    await lapseChildLeftOffers(ctx.db, monthlyContext(ctx.app), new Date(Date.now() + 61 * DAY));
    expect((await giftById(giftId)).status).toBe('active');
  });

  it('with no choice, cancels the monthly gift after the grace period (not before) with a kind email', async () => {
    const leaving = await aChild(ctx.db, { firstName: 'Sofía' });
    const { sponsor, sponsorshipId, giftId } = await activeSponsor(leaving.id);
    await staffSetsLeft(leaving.id);
    const { offerUntil } = await sponsorshipById(sponsorshipId);
    const monthly = monthlyContext(ctx.app);

    await lapseChildLeftOffers(ctx.db, monthly, new Date(offerUntil!.getTime() - 60_000));
    expect((await giftById(giftId)).status).toBe('active');
    expect(await emailsOf(sponsor.email, 'sponsorship-offer-lapsed')).toHaveLength(0);

    expect(await lapseChildLeftOffers(ctx.db, monthly, new Date(offerUntil!.getTime() + 1_000))).toBeGreaterThanOrEqual(1);
    const gift = await giftById(giftId);
    expect(gift).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', cancelReason: 'Su ahijado/a salió del programa y no eligió cómo seguir en 60 días' });
    expect((await sponsorshipById(sponsorshipId)).offerChoice).toBe('lapsed');
    const [email, ...more] = await emailsOf(sponsor.email, 'sponsorship-offer-lapsed');
    expect(more).toHaveLength(0);
    expect(email.subject).toBe('Cancelamos tu aporte mensual de apadrinamiento');
    expect(email.textBody).toContain('Sofía salió del programa');
    expect(email.textBody).toContain('no habrá más cobros');
    expect(email.textBody).toContain('{{PUBLIC_URL}}/apadrina');
    // The usual cancellation email is replaced, not sent as well.
    expect(await emailsOf(sponsor.email, 'monthly-gift-cancelled')).toHaveLength(0);
    expect(await offers(sponsor)).toEqual([]);
    expect(await lapseChildLeftOffers(ctx.db, monthly, new Date(offerUntil!.getTime() + 2_000))).toBe(0);
  });

  it('cancels the gift when the sponsor chooses so; refuses another person, a bad choice and a child not waiting', async () => {
    const leaving = await aChild(ctx.db, { firstName: 'Ana' });
    const { sponsor, sponsorshipId, giftId } = await activeSponsor(leaving.id);
    await staffSetsLeft(leaving.id);
    const stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    expect((await choose(stranger, sponsorshipId, { choice: 'keep_giving' })).statusCode).toBe(404);
    const bad = await choose(sponsor, sponsorshipId, { choice: 'otra' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Elige una opción');
    const paused = await aChild(ctx.db, { firstName: 'Pausada', status: 'paused' });
    expect((await choose(sponsor, sponsorshipId, { choice: 'another_child', childId: paused.id })).statusCode).toBe(409);

    const cancelled = await choose(sponsor, sponsorshipId, { choice: 'cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect((await giftById(giftId)).status).toBe('cancelled');
    expect((await sponsorshipById(sponsorshipId)).offerChoice).toBe('cancel');
    expect(await audited('sponsorship.offer_cancel', sponsorshipId)).toHaveLength(1);
    expect(await emailsOf(sponsor.email, 'monthly-gift-cancelled')).toHaveLength(1);
  });
});

describe('a sponsor stops', () => {
  it('keeps the child off the waiting list for the grace period, then returns it with waiting_since at its end', async () => {
    const child = await aChild(ctx.db, { firstName: 'Mateo' });
    const { sponsor, sponsorshipId, giftId } = await activeSponsor(child.id);
    expect((await childById(child.id)).status).toBe('sponsored');

    const before = Date.now();
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/member/monthly-gifts/${giftId}/cancel`, token: sponsor.token, payload: {} });
    expect(res.statusCode).toBe(200);
    // The cancellation's email says which sponsorship ended with the gift.
    const [email] = await emailsOf(sponsor.email, 'monthly-gift-cancelled');
    expect(email.textBody).toContain('Con ella terminó tu apadrinamiento de Mateo.');
    const ended = await sponsorshipById(sponsorshipId);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'sponsor_stopped', offerUntil: null });
    const graceDays = (ended.placeFreeAt!.getTime() - before) / DAY;
    expect(graceDays).toBeGreaterThan(89.99);
    expect(graceDays).toBeLessThan(90.01);
    const during = await childById(child.id);
    expect(during.status).toBe('waiting');
    expect(during.waitingSince.toISOString()).toBe(ended.placeFreeAt!.toISOString());

    // Not shown as waiting anywhere meanwhile: the list, the profile, a hold, "Donde más se necesite".
    expect(await publicIds()).not.toContain(child.id);
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${child.id}` })).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: child.id } })).statusCode).toBe(409);
    await ctx.db.update(sponsoredChildren).set({ waitingSince: new Date('2000-01-01T00:00:00Z') }).where(eq(sponsoredChildren.id, child.id));
    const other = await aChild(ctx.db, { firstName: 'Otra', waitingSince: new Date('2000-01-02T00:00:00Z') });
    const most = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: null } });
    expect(most.json().child.id).toBe(other.id);
    await ctx.db.update(sponsoredChildren).set({ waitingSince: ended.placeFreeAt! }).where(eq(sponsoredChildren.id, child.id));

    // Staff see when it returns.
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const detail = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/sponsorship/children/${child.id}`, token: staff.token })).json();
    expect(detail.returnsToListAt).toBe(ended.placeFreeAt!.toISOString());
    expect((await audited('sponsorship.ended', sponsorshipId))[0].details).toMatchObject({ reason: 'sponsor_stopped', recurring_gift_id: giftId });

    // The grace period passes (the stop moved 91 days back): the child is waiting again, from the end of the grace.
    const freeAt = new Date(Date.now() - DAY);
    await ctx.db.update(sponsorships).set({ endedAt: new Date(freeAt.getTime() - 90 * DAY), placeFreeAt: freeAt }).where(eq(sponsorships.id, sponsorshipId));
    await ctx.db.update(sponsoredChildren).set({ waitingSince: freeAt }).where(eq(sponsoredChildren.id, child.id));
    expect(await publicIds()).toContain(child.id);
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${child.id}` })).statusCode).toBe(200);
    const after = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/sponsorship/children/${child.id}`, token: staff.token })).json();
    expect(after.returnsToListAt).toBeNull();
    expect(after.child.waitingSince).toBe(freeAt.toISOString());
  });

  it('keeps the sponsorship when its gift is replaced (a new amount, card or pause): it follows the new gift', async () => {
    const child = await aChild(ctx.db, { firstName: 'Iris' });
    const { sponsorshipId, giftId } = await activeSponsor(child.id);
    const old = await giftById(giftId);
    const [replacing] = await ctx.db
      .insert(recurringGifts)
      .values({ provider: old.provider, donorName: old.donorName, donorEmail: old.donorEmail, userId: old.userId, amountCents: 30_000, status: 'active', startedAt: new Date(), replacesGiftId: giftId })
      .returning();
    await cancelMonthlyGift(ctx.db, { giftId, by: 'donor', actor: null, context: monthlyContext(ctx.app), replacedBy: replacing });
    expect((await giftById(giftId)).status).toBe('cancelled');
    expect(await sponsorshipById(sponsorshipId)).toMatchObject({ status: 'active', recurringGiftId: replacing.id, endReason: null, placeFreeAt: null });
    expect((await childById(child.id)).status).toBe('sponsored');
  });

  it('ends the sponsorship the same way when staff cancel the gift, and when the provider gives up after failed payments', async () => {
    const byStaff = await aChild(ctx.db, { firstName: 'Luis' });
    const first = await activeSponsor(byStaff.id);
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/monthly-gifts/${first.giftId}/cancel`, token: admin.token, payload: { reason: 'Lo pidió por teléfono' } });
    expect(res.statusCode).toBe(200);
    expect(await sponsorshipById(first.sponsorshipId)).toMatchObject({ status: 'ended', endReason: 'sponsor_stopped' });
    expect(await publicIds()).not.toContain(byStaff.id);

    const byProvider = await aChild(ctx.db, { firstName: 'Carla' });
    const second = await activeSponsor(byProvider.id);
    const { applyMonthlyEvent } = await import('../../src/domain/monthly/provider-events');
    await ctx.db.update(recurringGifts).set({ subscriptionId: `su_ciclo_${second.giftId}` }).where(eq(recurringGifts.id, second.giftId));
    const payments = { ...monthlyContext(ctx.app), provider: { name: 'recurrente' } } as unknown as Parameters<typeof applyMonthlyEvent>[1];
    await applyMonthlyEvent(ctx.db, payments, {
      kind: 'subscription_cancelled',
      subscription: { subscriptionId: `su_ciclo_${second.giftId}`, paymentId: null, customerEmail: second.sponsor.email, amountCents: 25_000 },
    } as Parameters<typeof applyMonthlyEvent>[2]);
    expect((await giftById(second.giftId)).cancelledBy).toBe('provider');
    expect(await sponsorshipById(second.sponsorshipId)).toMatchObject({ status: 'ended', endReason: 'sponsor_stopped' });
    expect((await childById(byProvider.id)).status).toBe('waiting');
    expect(await publicIds()).not.toContain(byProvider.id);
    const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(sponsorships).where(and(eq(sponsorships.childId, byProvider.id), eq(sponsorships.status, 'active')));
    expect(count).toBe(0);
  });
});
