// Sponsoring by monthly bank transfer (docs/product.md#sponsorship, decision 0054): the start creates the
// import's monthly gift by transfer with its permanent reference, holds the place for the settings' days
// and emails the instructions; the statement line carrying the reference activates the sponsorship with
// a receipt, and one short of the monthly amount leaves it waiting (the line for staff); a hold that runs out first releases the place, cancels the gift and tells the sponsor; card
// and transfer racing for the last place leave one holder; a second press answers the same reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, donations, emailOutbox, receipts, recurringGifts, sponsoredChildren, sponsorships } from '../../src/db/schema';
import { releaseExpiredHolds } from '../../src/domain/sponsorship/places';
import { getSettings, putSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';
import { childFieldsFor } from '@donaciones/shared/schemas/sponsorship';

let ctx: TestContext;
let admin: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo', hidden: false, sortOrder: 0 }],
  });
  const current = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/settings/sponsorship', token: admin.token });
  await inject(ctx.app, { method: 'PUT', url: '/api/v1/admin/settings/sponsorship', token: admin.token, payload: { ...(current.json() as object), transfer_hold_days: 5 } });
}, 60_000);
afterAll(() => ctx?.close());

const DAY = 86_400_000;
const hold = (childId: number, token?: string) => inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, token });
const start = (holdToken: string, payload: object, token?: string) =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${holdToken}/start`, payload, token });
const TRANSFER = { donorName: 'Lucía Transferencia', email: 'lucia.transfer@correo.gt', paymentMethod: 'transfer', acceptCodeOfConduct: true };
const CARD = { donorName: 'Carlos Tarjeta', email: 'carlos.card@correo.gt', cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function importStatement(line: string) {
  const today = new Date().toLocaleDateString('en-GB', { timeZone: 'America/Guatemala' });
  const csv = `Fecha;Descripción;Crédito\n${today};${line}\n`;
  return inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/bank-statements',
    token: admin.token,
    payload: { bank: 'Banco Industrial', file_name: `mov-${Math.random()}.csv`, content_base64: base64(csv), mapping: { date: 'Fecha', description: 'Descripción', credit: 'Crédito' } },
  });
}

describe('sponsoring by transfer', () => {
  it('creates a monthly gift by transfer with a permanent reference, holds the place for the set days and sends the instructions; a second press answers the same', async () => {
    const child = await aChild(ctx.db, { firstName: 'Marisol' });
    const h = await hold(child.id);
    expect(h.statusCode).toBe(201);
    const before = Date.now();
    const res = await start(h.json().holdToken, TRANSFER);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.checkoutUrl).toBeNull();
    expect(body.childFirstName).toBe('Marisol');
    expect(body.transfer.reference).toMatch(/^TM\d{6}$/);
    expect(body.referenceCode).toBe(body.transfer.reference);
    expect(body.transfer.amount).toBe(250);
    expect(body.transfer.accounts).toEqual([{ id: 'bi', bank: 'Banco Industrial', account_type: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo' }]);
    const heldUntil = new Date(body.transfer.heldUntil).getTime();
    expect(heldUntil - before).toBeGreaterThan(5 * DAY - 60_000);
    expect(heldUntil - before).toBeLessThan(5 * DAY + 60_000);

    const [s] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect(s.status).toBe('held');
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, s.recurringGiftId!));
    expect([gift.provider, gift.status, gift.transferReference, gift.amountCents, gift.donorEmail]).toEqual(['transfer', 'incomplete', body.transfer.reference, 25_000, TRANSFER.email]);

    const emails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, TRANSFER.email));
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toContain('Marisol');
    expect(emails[0].textBody).toContain(body.transfer.reference);
    expect(emails[0].textBody).toContain('Banco Industrial');
    expect(emails[0].textBody).toContain('123-456789-0');
    expect(emails[0].textBody).toMatch(/Q\s?250\.00/);

    // The second press (a retry, a double click) answers the same gift and sends nothing more.
    const again = await start(h.json().holdToken, TRANSFER);
    expect(again.statusCode).toBe(201);
    expect(again.json().transfer.reference).toBe(body.transfer.reference);
    expect(await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, TRANSFER.email))).toHaveLength(1);
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, TRANSFER.email))).toHaveLength(1);
    // Nor can the same place then be paid by card.
    const card = await start(h.json().holdToken, CARD);
    expect(card.statusCode).toBe(409);
    expect(card.json().detail).toMatch(/otra forma de pago/);

    // Staff see on the child's record that this sponsor pays by transfer, with the reference.
    const detail = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/sponsorship/children/${child.id}`, token: admin.token });
    expect(detail.json().sponsorships).toEqual([expect.objectContaining({ status: 'held', paymentMethod: 'transfer', transferReference: body.transfer.reference })]);
  });

  it('becomes active with a receipt when the statement line carrying the reference is imported', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'ana.transfer@correo.gt' });
    const child = await aChild(ctx.db, { firstName: 'Dulce' });
    const h = await hold(child.id, sponsor.token);
    const res = await start(h.json().holdToken, { ...TRANSFER, email: sponsor.email }, sponsor.token);
    expect(res.statusCode).toBe(201);
    const reference: string = res.json().transfer.reference;
    // Before the transfer: "Mi ahijado/a" lists the child waiting for the first payment.
    let mine = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token });
    expect(mine.json().sponsorships.map((s: { status: string }) => s.status)).toEqual(['held']);
    // Holding a place unpaid (days, by transfer) does not make a sponsor: the child only as the public sees them.
    const [held] = mine.json().sponsorships;
    expect(Object.keys(held.child).sort()).toEqual(childFieldsFor('public').sort());
    expect(held).not.toHaveProperty('birthdayGift');

    const imported = await importStatement(`TRANSFERENCIA ${reference} ANA;250,00`);
    expect(imported.statusCode, imported.body).toBe(201);
    const [s] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect(s.status).toBe('active');
    expect(s.startedAt).not.toBeNull();
    const [c] = await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, child.id));
    expect(c.status).toBe('sponsored');
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, s.recurringGiftId!));
    expect(gift.status).toBe('active');
    expect(gift.nextChargeAt!.getTime()).toBeGreaterThan(Date.now() + 25 * DAY);
    const [charge] = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id));
    expect([charge.status, charge.amountCents, charge.paymentMethod]).toEqual(['completed', 25_000, 'bank_transfer']);
    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.donationId, charge.id));
    expect(receipt).toBeDefined();
    const started = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, sponsor.email), eq(emailOutbox.template, 'monthly-gift-started')));
    expect(started).toHaveLength(1);
    mine = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token });
    expect(mine.json().sponsorships).toEqual([expect.objectContaining({ status: 'active', child: expect.objectContaining({ firstName: 'Dulce' }) })]);
    // Staff see on the gift's page the sponsorship it pays, and its reference.
    const page = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts/${gift.id}`, token: admin.token })).json();
    expect([page.provider, page.transferReference, page.sponsorship]).toEqual(['transfer', reference, { id: s.id, childId: child.id, childFirstName: 'Dulce', status: 'active' }]);
    // Staff who read gifts but do not manage sponsorship see that it pays one, never which child.
    for (const role of ['FINANCE', 'VOLUNTEER'] as const) {
      const other = await make.signIn(ctx.app, ctx.db, { roles: [role] });
      const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts/${gift.id}`, token: other.token });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().sponsorship, role).toEqual({ id: s.id, childId: null, childFirstName: null, status: 'active' });
      expect(res.body, role).not.toContain('Dulce');
    }
    // The same statement line again records nothing more.
    await importStatement(`TRANSFERENCIA ${reference} ANA;250,00`);
    expect(await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id))).toHaveLength(1);
  });

  it('does not start on a first transfer short of the monthly amount: the line is left to staff, the place keeps waiting', async () => {
    const child = await aChild(ctx.db, { firstName: 'Yesenia' });
    const h = await hold(child.id);
    const res = await start(h.json().holdToken, { ...TRANSFER, email: 'rosa.short@correo.gt' });
    expect(res.statusCode).toBe(201);
    const reference: string = res.json().transfer.reference;

    const imported = await importStatement(`TRANSFERENCIA ${reference} ROSA;100,00`);
    expect(imported.statusCode, imported.body).toBe(201);
    const [s] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect(s.status).toBe('held');
    const [c] = await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, child.id));
    expect(c.status).toBe('waiting');
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, s.recurringGiftId!));
    expect([gift.status, gift.startedAt]).toEqual(['incomplete', null]);
    expect(await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id))).toHaveLength(0);
    const view = imported.json();
    expect(view.counts.confirmed).toBe(0);
    const [line] = view.lines;
    expect([line.state, line.amount, line.short_transfer]).toEqual(['unmatched', 100, { reference, monthly_amount: 250 }]);
    const [trace] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'bank_statement.transfer_short'), eq(auditLog.entityId, view.id)));
    expect(trace.details).toMatchObject({ recurring_gift_id: gift.id, amount_cents: 10_000, monthly_amount_cents: 25_000 });

    // Staff record the short transfer as a donation of its own; the full month then starts the sponsorship.
    const recorded = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/bank-statements/${view.id}/lines/${line.id}/donation`,
      token: admin.token,
      payload: { donor_name: 'Rosa Transferencia', donor_email: 'rosa.short@correo.gt' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().lines[0]).toMatchObject({ state: 'confirmed', confirmed_donation: { donor_name: 'Rosa Transferencia' }, short_transfer: null });
    await importStatement(`TRANSFERENCIA ${reference} ROSA;250,00`);
    const [after] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, s.id));
    expect(after.status).toBe('active');
    const charges = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id));
    expect(charges.map((d) => [d.status, d.amountCents])).toEqual([['completed', 25_000]]);
  });

  it('releases the place when no transfer arrived in time: the gift is cancelled, the sponsor told, a late line records nothing', async () => {
    const child = await aChild(ctx.db, { firstName: 'Rocío' });
    const h = await hold(child.id);
    const res = await start(h.json().holdToken, { ...TRANSFER, email: 'tarde.transfer@correo.gt' });
    const reference: string = res.json().transfer.reference;
    await ctx.db.update(sponsorships).set({ heldUntil: sql`now() - interval '1 minute'` }).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect(await releaseExpiredHolds(ctx.db)).toBeGreaterThanOrEqual(1);
    const [s] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect([s.status, s.endReason]).toEqual(['released', 'hold_expired']);
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.transferReference, reference));
    expect(gift.status).toBe('cancelled');
    const told = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'tarde.transfer@correo.gt'), eq(emailOutbox.template, 'sponsorship-transfer-released')));
    expect(told).toHaveLength(1);
    expect(told[0].textBody).toContain('Rocío');
    expect(told[0].textBody).toContain(reference);
    // The place is free again, and a transfer arriving late pays nothing automatically.
    expect((await hold(child.id)).statusCode).toBe(201);
    await importStatement(`TRANSF ${reference};250,00`);
    expect(await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id))).toHaveLength(0);
    // A second run of the job tells nobody twice.
    await releaseExpiredHolds(ctx.db);
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'tarde.transfer@correo.gt'))).toHaveLength(2);
  });

  it("releases the places held unpaid when the child leaves: the transfer's gift is cancelled, its sponsor told without the reason, a later line records nothing", async () => {
    const child = await aChild(ctx.db, { firstName: 'Marisol', sponsorPlaces: 2 });
    const byTransfer = await hold(child.id);
    const res = await start(byTransfer.json().holdToken, { ...TRANSFER, email: 'hugo.left@correo.gt' });
    expect(res.statusCode).toBe(201);
    const reference: string = res.json().transfer.reference;
    const byCard = await hold(child.id);
    expect(byCard.statusCode).toBe(201);

    const reason = 'La familia se mudó a Huehuetenango';
    const left = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${child.id}/status`, token: admin.token, payload: { status: 'left', reason } });
    expect(left.statusCode, left.body).toBe(200);
    const holds = await ctx.db.select().from(sponsorships).where(eq(sponsorships.childId, child.id)).orderBy(sponsorships.id);
    expect(holds.map((h) => [h.status, h.endReason])).toEqual([
      ['released', 'child_left_before_start'],
      ['released', 'child_left_before_start'],
    ]);
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, holds[0].recurringGiftId!));
    expect([gift.status, gift.nextChargeAt]).toEqual(['cancelled', null]);
    const [email] = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'hugo.left@correo.gt'), eq(emailOutbox.template, 'sponsorship-transfer-released')));
    expect(email.subject).toBe('Marisol ya no forma parte del programa');
    expect(email.textBody).toContain(`Dimos de baja la referencia ${reference}`);
    expect(email.textBody).not.toContain('Huehuetenango');
    // The hold's page and its start say the reservation ended.
    expect((await start(byCard.json().holdToken, CARD)).statusCode).toBe(409);

    const imported = await importStatement(`TRANSFERENCIA ${reference} HUGO;250,00`);
    expect(imported.json().lines[0].state).toBe('unmatched');
    expect(await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id))).toHaveLength(0);
    const [after] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, holds[0].id));
    expect(after.status).toBe('released');
  });

  it('gives the last place to exactly one of parallel card and transfer sponsors', async () => {
    const child = await aChild(ctx.db, { firstName: 'Último' });
    const attempt = async (payload: object) => {
      const h = await hold(child.id);
      if (h.statusCode !== 201) return h.statusCode;
      return (await start(h.json().holdToken, payload)).statusCode;
    };
    const codes = await Promise.all([attempt(CARD), attempt(TRANSFER), attempt({ ...CARD, email: 'otro.card@correo.gt' }), attempt({ ...TRANSFER, email: 'otra.transfer@correo.gt' })]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const rows = await ctx.db.select().from(sponsorships).where(eq(sponsorships.childId, child.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].recurringGiftId).not.toBeNull();
  });

  it('refuses an unknown payment method in Spanish', async () => {
    const child = await aChild(ctx.db, { firstName: 'Nora' });
    const h = await hold(child.id);
    const res = await start(h.json().holdToken, { ...TRANSFER, paymentMethod: 'cheque' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Elige cómo pagarás');
  });

  it('refuses a transfer while the charity shows no bank account, and leaves the hold for the card', async () => {
    const accounts = await getSettings(ctx.db, 'bankAccounts');
    await putSettings(ctx.db, 'bankAccounts', { accounts: [] });
    try {
      const child = await aChild(ctx.db, { firstName: 'Iris' });
      const h = await hold(child.id);
      const res = await start(h.json().holdToken, TRANSFER);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/no recibimos transferencias/);
      expect((await start(h.json().holdToken, CARD)).statusCode).toBe(201);
    } finally {
      await putSettings(ctx.db, 'bankAccounts', accounts);
    }
  });
});
