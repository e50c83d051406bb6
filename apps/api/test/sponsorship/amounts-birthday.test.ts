// Per-programme sponsorship amounts and birthday gifts (docs/product.md#sponsorship, decision 0055):
// the hold takes the child's programme's amount and keeps it when the setting changes; only the child's
// active sponsor sends a birthday gift, only in its window; the gift is a normal gift with a receipt
// that does not name the child, and staff see it to deliver and mark it delivered (audited).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { auditLog, donations, programs, sponsorships } from '../../src/db/schema';
import { getSettings, putSettings } from '../../src/platform/settings';
import { createTestApp, inject, pdfText, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';
import { bornMonthsAhead } from '../support/birthday-gifts';

let ctx: TestContext;
let admin: Caller;
let programId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'], firstName: 'Rosa', lastName: 'Tzul' });
  const [p] = await ctx.db.insert(programs).values({ slug: `becas-cuota-${Date.now()}`, name: 'Programa con cuota' }).returning();
  programId = p.id;
}, 60_000);
afterAll(() => ctx?.close());

const settingsUrl = '/api/v1/admin/settings/sponsorship';
const putSponsorship = async (changes: Record<string, unknown>) => {
  const current = (await inject(ctx.app, { method: 'GET', url: settingsUrl, token: admin.token })).json();
  return inject(ctx.app, { method: 'PUT', url: settingsUrl, token: admin.token, payload: { ...current, ...changes } });
};

describe('per-programme amounts', () => {
  it('refuses, next to the field, a programme amount outside the gift bounds or of no programme', async () => {
    const system = await getSettings(ctx.db, 'system');
    await putSettings(ctx.db, 'system', { ...system, min_donation_amount: 50, max_donation_amount: 5_000 });
    const low = await putSponsorship({ program_amounts: [{ program_id: programId, amount: 40 }] });
    const over = await putSponsorship({ program_amounts: [{ program_id: programId, amount: 6_000 }] });
    const gift = await putSponsorship({ birthday_gift_amount: 20 });
    await putSettings(ctx.db, 'system', system);
    expect(low.statusCode).toBe(400);
    expect(low.json().errors['program_amounts.0.amount']).toMatch(/mínimo/);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors['program_amounts.0.amount']).toMatch(/máximo/);
    expect(gift.statusCode).toBe(400);
    expect(gift.json().errors.birthday_gift_amount).toMatch(/mínimo/);
    const unknown = await putSponsorship({ program_amounts: [{ program_id: 2_000_000_000, amount: 300 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['program_amounts.0.amount']).toBe('Ese programa ya no existe');
    // A programme deleted after it got its amount: the next save drops its entry instead of refusing.
    const [gone] = await ctx.db.insert(programs).values({ slug: `borrado-${Date.now()}`, name: 'Programa que se borra' }).returning();
    expect((await putSponsorship({ program_amounts: [{ program_id: gone.id, amount: 300 }] })).statusCode).toBe(200);
    await ctx.db.delete(programs).where(eq(programs.id, gone.id));
    const dropped = await putSponsorship({});
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().program_amounts).toEqual([]);
    const twice = await putSponsorship({ program_amounts: [{ program_id: programId, amount: 300 }, { program_id: programId, amount: 320 }] });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('Ese programa ya tiene su cuota');
  });

  it('shows and holds at the child’s programme amount, and a later change leaves started sponsorships as they were', async () => {
    const saved = await putSponsorship({ monthly_amount: 250, program_amounts: [{ program_id: programId, amount: 325 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().program_amounts).toEqual([{ program_id: programId, amount: 325 }]);
    const inProgramme = await aChild(ctx.db, { firstName: 'Lucía', programId });
    const general = await aChild(ctx.db, { firstName: 'Mateo' });
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json();
    const amountOf = (id: number) => list.children.find((c: { id: number }) => c.id === id)?.monthlyAmount;
    expect(amountOf(inProgramme.id)).toBe(325);
    expect(amountOf(general.id)).toBe(250);
    // "Donde más se necesite" costs what the child waiting longest (Lucía, in the programme) costs.
    expect(list.monthlyAmount).toBe(325);
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${inProgramme.id}` })).json().monthlyAmount).toBe(325);

    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const hold = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: inProgramme.id }, token: sponsor.token });
    expect(hold.statusCode).toBe(201);
    expect(hold.json().monthlyAmount).toBe(325);
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, hold.json().holdToken));
    expect(row.amountCents).toBe(32_500);
    const generalHold = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: general.id } });
    expect(generalHold.json().monthlyAmount).toBe(250);

    // The setting changes: the hold (and what its start charges) keeps 325; new holds take the new amount.
    expect((await putSponsorship({ program_amounts: [{ program_id: programId, amount: 400 }] })).statusCode).toBe(200);
    const [after] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, row.id));
    expect(after.amountCents).toBe(32_500);
    const started = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/sponsorship/holds/${hold.json().holdToken}/start`,
      token: sponsor.token,
      payload: { donorName: 'Marta Padrina', email: sponsor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
    });
    expect(started.statusCode, started.body).toBe(201);
    const [gift] = await ctx.db.select().from(donations).where(eq(donations.referenceCode, started.json().referenceCode));
    expect(gift.amountCents).toBe(32_500);
    const other = await aChild(ctx.db, { firstName: 'Sofía', programId });
    expect((await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: other.id } })).json().monthlyAmount).toBe(400);
    // An empty list: every programme uses the general amount again.
    expect((await putSponsorship({ program_amounts: [] })).statusCode).toBe(200);
    const again = (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json();
    expect(again.children.every((c: { monthlyAmount: number }) => c.monthlyAmount === 250)).toBe(true);
  });
});

describe('birthday gifts', () => {
  const giftUrl = (id: number) => `/api/v1/member/sponsorships/${id}/birthday-gift`;
  const CARD = { amount: 150, paymentMethod: 'card', donorName: 'Marta Padrina', email: 'marta.cumple@correo.gt', cardLast4: '4242', cardBrand: 'visa' };
  const send = (id: number, token: string | undefined, payload: Record<string, unknown> = CARD) =>
    inject(ctx.app, { method: 'POST', url: giftUrl(id), token, payload, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } });

  it('is offered in the sponsor’s view only in the window: from 45 days before the month until its end', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const soon = await aChild(ctx.db, { firstName: 'Pronto', birthDate: bornMonthsAhead(1), status: 'sponsored' });
    const later = await aChild(ctx.db, { firstName: 'Tarde', birthDate: bornMonthsAhead(3), status: 'sponsored' });
    const s1 = await anActiveSponsorship(ctx.db, soon.id, sponsor.id);
    const s2 = await anActiveSponsorship(ctx.db, later.id, sponsor.id);
    const mine = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token })).json();
    const of = (id: number) => mine.sponsorships.find((s: { id: number }) => s.id === id);
    expect(of(s1.id).birthdayGift).toMatchObject({ open: true, month: Number(bornMonthsAhead(1).slice(5, 7)), suggestedAmount: 100, sent: 0 });
    expect(of(s1.id).monthlyAmount).toBe(250);
    expect(of(s2.id).birthdayGift.open).toBe(false);
    expect(JSON.stringify(mine)).not.toContain(bornMonthsAhead(1));
    const closed = await send(s2.id, sponsor.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toMatch(/desde el/);
  });

  it('only the child’s active sponsor sends one: another user 404, anonymous 401, a held place 404', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const stranger = await make.signIn(ctx.app, ctx.db, { roles: ['USER', 'DONOR'] });
    const child = await aChild(ctx.db, { firstName: 'Ajena', birthDate: bornMonthsAhead(1), status: 'sponsored' });
    const s = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    expect((await send(s.id, stranger.token)).statusCode).toBe(404);
    expect((await send(s.id, undefined)).statusCode).toBe(401);
    await ctx.db.update(sponsorships).set({ status: 'held' }).where(eq(sponsorships.id, s.id));
    expect((await send(s.id, sponsor.token)).statusCode).toBe(404);
    expect((await send(9_999_999, sponsor.token)).statusCode).toBe(404);
  });

  it('completes as a normal gift whose receipt does not name the child, and staff deliver it once', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const child = await aChild(ctx.db, { firstName: 'Valentina', fullName: 'Valentina Secreta Apellido', birthDate: bornMonthsAhead(1), status: 'sponsored' });
    const s = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    const system = await getSettings(ctx.db, 'system');
    const tooMuch = await send(s.id, sponsor.token, { ...CARD, amount: system.max_donation_amount + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(JSON.stringify(tooMuch.json())).toMatch(/máximo/);
    // Without the amount it is asked for as the form's empty field does; zero keeps "mayor a cero".
    const { amount: _left, ...noAmount } = CARD;
    const missing = await send(s.id, sponsor.token, noAmount);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.amount).toBe('Escribe el monto del regalo');
    expect((await send(s.id, sponsor.token, { ...CARD, amount: null })).json().errors.amount).toBe('Escribe el monto del regalo');
    expect((await send(s.id, sponsor.token, { ...CARD, amount: 0 })).json().errors.amount).toBe('Ingresa un monto mayor a cero');

    const sent = await send(s.id, sponsor.token, { ...CARD, email: sponsor.email });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ amount: 150, paymentMethod: 'card', checkoutUrl: null });
    const mine = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token })).json();
    expect(mine.sponsorships[0].birthdayGift.sent).toBe(1);

    // Pending: not yet to deliver, and cannot be marked.
    const listUrl = `/api/v1/admin/sponsorship/birthday-gifts`;
    const pendingList = (await inject(ctx.app, { method: 'GET', url: listUrl, token: admin.token })).json();
    const pendingGift = (await inject(ctx.app, { method: 'GET', url: `${listUrl}?state=all&childId=${child.id}`, token: admin.token })).json().gifts[0];
    expect(pendingList.gifts.map((g: { id: number }) => g.id)).not.toContain(pendingGift.id);
    expect((await inject(ctx.app, { method: 'POST', url: `${listUrl}/${pendingGift.id}/delivered`, token: admin.token })).statusCode).toBe(409);

    // The demo's card is charged (staff's Procesar): the gift completes with its receipt.
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/donations/${sent.json().id}/process`, token: admin.token })).statusCode).toBe(200);
    const receipt = await inject(ctx.app, { method: 'GET', url: `/api/v1/receipts/${sent.json().id}.pdf`, token: sponsor.token });
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain(sent.json().referenceCode);
    expect(text).not.toContain('Valentina');
    expect(text).not.toContain('Secreta');

    const toDeliver = (await inject(ctx.app, { method: 'GET', url: listUrl, token: admin.token })).json();
    const row = toDeliver.gifts.find((g: { donationId: number }) => g.donationId === sent.json().id);
    expect(row).toMatchObject({ childFirstName: 'Valentina', childFullName: 'Valentina Secreta Apellido', amount: 150, donationStatus: 'completed', deliveredAt: null });
    const marked = await inject(ctx.app, { method: 'POST', url: `${listUrl}/${row.id}/delivered`, token: admin.token });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().deliveredAt).not.toBeNull();
    expect((await inject(ctx.app, { method: 'POST', url: `${listUrl}/${row.id}/delivered`, token: admin.token })).statusCode).toBe(409);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'sponsorship.birthday_gift.delivered'), eq(auditLog.entityId, String(child.id))));
    expect(entry).toBeDefined();
    const after = (await inject(ctx.app, { method: 'GET', url: listUrl, token: admin.token })).json();
    expect(after.gifts.map((g: { id: number }) => g.id)).not.toContain(row.id);
    const delivered = (await inject(ctx.app, { method: 'GET', url: `${listUrl}?state=delivered&childId=${child.id}`, token: admin.token })).json();
    expect(delivered.gifts.map((g: { id: number }) => g.id)).toEqual([row.id]);
    expect(delivered.gifts[0].deliveredBy).toBe('Rosa Tzul');
    // A sponsor cannot read the staff list.
    expect((await inject(ctx.app, { method: 'GET', url: listUrl, token: sponsor.token })).statusCode).toBe(403);
  });

  it('takes a bank deposit as a pending gift with the deposit’s instructions', async () => {
    await putSettings(ctx.db, 'bankAccounts', { accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '000-123456-7', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 }] });
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const child = await aChild(ctx.db, { firstName: 'Depósito', birthDate: bornMonthsAhead(1), status: 'sponsored' });
    const s = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    const res = await send(s.id, sponsor.token, { amount: 200, paymentMethod: 'bank_deposit', donorName: 'Marta Padrina', email: sponsor.email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().paymentMethod).toBe('bank_deposit');
    expect(res.json().depositToken).toEqual(expect.any(String));
    const [d] = await ctx.db.select().from(donations).where(eq(donations.id, res.json().id));
    expect(d).toMatchObject({ status: 'pending', paymentMethod: 'bank_deposit', amountCents: 20_000 });
  });
});
