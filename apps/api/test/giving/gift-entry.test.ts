// Staff gift entry (docs/product.md#staff-gift-entry): each method, the settings' bounds, the fiscal
// rule, the received day (not future; in a closed month, dated today), the permission matrix and the receipt only on completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatDate, formatDay, formatMonth, guatemalaDay } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { accountingCloses, auditLog, donations, donors, emailOutbox, programs, receipts } from '../../src/db/schema';
import { registerBatches } from '../../src/domain/accounting/register';
import { expireStaleDonations } from '../../src/jobs/expire-donations';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Record<'admin' | 'finance' | 'volunteer' | 'donor' | 'comms', Caller>;
const today = () => guatemalaDay(new Date());
/** A Guatemala day `n` days back. */
const daysAgo = (n: number) => guatemalaDay(new Date(Date.now() - n * 86_400_000));
let seq = 0;
const email = (tag: string) => `${tag}.${++seq}.${Date.now()}@correo.gt`;

beforeAll(async () => {
  ctx = await createTestApp();
  who = {
    admin: await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] }),
    finance: await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] }),
    volunteer: await make.signIn(ctx.app, ctx.db, { roles: ['VOLUNTEER'] }),
    donor: await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] }),
    comms: await make.signIn(ctx.app, ctx.db, { roles: ['COMMUNICATIONS'] }),
  };
}, 120_000);
afterAll(async () => ctx?.close());

const enter = (payload: Record<string, unknown>, caller: Caller | null = who.finance) =>
  inject(ctx.app, { method: 'POST', url: '/api/v1/admin/gifts', token: caller?.token, payload: { receivedOn: today(), currency: 'GTQ', ...payload } });
const stored = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0];
const receiptOf = async (id: number) => (await ctx.db.select().from(receipts).where(eq(receipts.donationId, id)))[0];

describe('each method, entered pending by a VOLUNTEER (gifts.enter)', () => {
  it.each([
    ['cash', {}, { paymentMethod: 'cash', donationType: 'monetary' }],
    ['cheque', { chequeNumber: '000123', chequeBank: 'Banco Industrial' }, { paymentMethod: 'cheque', chequeNumber: '000123', chequeBank: 'Banco Industrial' }],
    ['transfer', { reference: 'TRF-88812' }, { paymentMethod: 'bank_transfer', paymentReference: 'TRF-88812' }],
    ['deposit', { reference: 'BOL-4410' }, { paymentMethod: 'bank_deposit', paymentReference: 'BOL-4410' }],
    [
      'in_kind',
      { inKindDescription: '20 mochilas con útiles', valuationBasis: 'Factura de compra' },
      { paymentMethod: 'in_kind', donationType: 'goods', inKindDescription: '20 mochilas con útiles', valuationBasis: 'Factura de compra' },
    ],
  ] as const)('%s: recorded pending with its details, the day received and who entered it; no receipt', async (method, details, expected) => {
    const res = await enter({ donorName: 'Rosa Tzul', donorEmail: email('rosa'), method, amount: 450, note: 'Entregado en la oficina', ...details }, who.volunteer);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', receipt_number: null });
    const row = await stored(body.id);
    expect(row).toMatchObject({ ...expected, status: 'pending', amountCents: 45_000, receivedOn: today(), enteredBy: who.volunteer.id, userId: null, description: 'Entregado en la oficina' });
    expect(row.donorId).not.toBeNull();
    expect(await receiptOf(body.id)).toBeUndefined();
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'donation.entered'), eq(auditLog.entityId, String(body.id))));
    expect(entry).toMatchObject({ actorUserId: who.volunteer.id, details: expect.objectContaining({ method, completed: false }) });
    // The donation's history says it in words: who entered it, how and when it arrived.
    const history = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${body.id}/review`, token: who.admin.token })).json().history;
    expect(history[0].message).toBe(`${who.volunteer.email} registró la donación ${body.reference_code} (${g.methods[method]}), recibida el ${today().split('-').reverse().join('/')}`);
  });

  it('refuses each method without its details, next to each field', async () => {
    const cases = [
      ['cheque', { chequeNumber: g.chequeNumberRequired, chequeBank: g.chequeBankRequired }],
      ['transfer', { reference: g.referenceRequired }],
      ['deposit', { reference: g.referenceRequired }],
      ['in_kind', { inKindDescription: g.inKindDescriptionRequired, valuationBasis: g.valuationBasisRequired }],
    ] as const;
    for (const [method, fields] of cases) {
      const res = await enter({ donorName: 'Rosa Tzul', method, amount: 100 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject(fields);
    }
    const blank = await enter({ method: 'tarjeta', amount: 100 });
    expect(blank.json().errors).toMatchObject({ method: g.methodRequired });
    const noName = await enter({ method: 'cash', amount: 100 });
    expect(noName.json().errors).toMatchObject({ donorName: g.donorNameRequired });
    // An amount left empty, or not sent, asks for it instead of calling it not positive.
    for (const amount of ['', '  ', undefined]) {
      const noAmount = await enter({ donorName: 'Rosa Tzul', method: 'cash', amount });
      expect(noAmount.json().errors).toEqual({ amount: g.amountRequired });
    }
  });
});

describe('completion and the receipt', () => {
  it('FINANCE (gifts.complete) records it received: completed at once, receipt dated the day it arrived, donor emailed', async () => {
    const to = email('cheque');
    const res = await enter({ donorName: 'Héctor Monterroso', donorEmail: to, method: 'cheque', chequeNumber: '7781', chequeBank: 'Banrural', amount: 1200, receivedOn: daysAgo(2), completed: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe('completed');
    expect(body.receipt_number).toEqual(expect.any(Number));
    const row = await stored(body.id);
    expect(guatemalaDay(row.createdAt)).toBe(daysAgo(2));
    expect(guatemalaDay(row.completedAt!)).toBe(daysAgo(2));
    const receipt = await receiptOf(body.id);
    expect(receipt.number).toBe(body.receipt_number);
    expect(guatemalaDay(receipt.donatedAt)).toBe(daysAgo(2));
    // The staff donation page's payment card shows what the office wrote.
    const payment = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${body.id}/payment`, token: who.finance.token })).json();
    expect(payment.entry).toEqual({ received_on: daysAgo(2), reference: null, cheque_number: '7781', cheque_bank: 'Banrural', in_kind_description: null, valuation_basis: null });
    // Known by its day alone, so screens show no hour: on the staff page, the donor's page and the public detail.
    const review = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${body.id}/review`, token: who.finance.token })).json();
    expect(review.donation.dated_by_day).toBe(true);
    const detail = (await inject(ctx.app, { method: 'GET', url: `/api/v1/donations/${body.id}`, token: who.finance.token })).json();
    expect(detail.dated_by_day).toBe(true);
    const donorPage = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donors/${body.donor_id}`, token: who.finance.token })).json();
    expect(donorPage.gifts.find((gift: { id: number }) => gift.id === body.id).datedByDay).toBe(true);
    const sent = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(sent.map((e) => e.template)).toEqual(['donation-approved']);
  });

  it('a gift without the donor’s email completes with its receipt and sends nothing', async () => {
    const before = (await ctx.db.select().from(emailOutbox)).length;
    const res = await enter({ donorName: 'Doña Petrona Chuc', method: 'cash', amount: 80, completed: true }, who.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(await receiptOf(res.json().id)).toBeDefined();
    expect((await ctx.db.select().from(emailOutbox)).slice(before).map((e) => [e.toAddress, e.template])).toEqual([]);
  });

  it('staff cannot re-send the receipt nor the yearly statement of a gift without the donor’s email (409, in words; nothing queued nor audited)', async () => {
    const id = (await enter({ donorName: 'Don Mateo Xol', method: 'cash', amount: 60, completed: true }, who.admin)).json().id;
    const before = (await ctx.db.select().from(emailOutbox)).length;
    for (const [what, detail] of [
      ['receipt', 'Ni esta donación ni la ficha de su donante tienen correo: entrega el recibo impreso (Descargar recibo).'],
      ['statement', 'Esta donación no tiene correo: entrega el recibo impreso (Descargar recibo).'],
    ]) {
      const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${id}/${what}/resend`, token: who.admin.token, payload: {} });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe(detail);
    }
    expect((await ctx.db.select().from(emailOutbox)).length).toBe(before);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audits.map((a) => a.action).filter((a) => a.endsWith('.resend'))).toEqual([]);
    // Its receipt is still there to print.
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${id}/receipt.pdf`, token: who.admin.token })).statusCode).toBe(200);
  });

  it('re-sends the receipt of a gift entered without an email to the one staff added to its donor record later', async () => {
    const id = (await enter({ donorName: 'Doña Catalina Tum', method: 'cash', amount: 75, completed: true }, who.admin)).json().id;
    const { donorId } = await stored(id);
    expect(donorId).not.toBeNull();
    const record = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donors/${donorId}`, token: who.admin.token })).json().donor;
    const to = email('catalina');
    const edited = await inject(ctx.app, { method: 'PUT', url: `/api/v1/admin/donors/${donorId}`, token: who.admin.token, payload: { ...record, emails: [to] } });
    expect(edited.statusCode, edited.body).toBe(200);

    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${id}/receipt/resend`, token: who.admin.token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe(to);
    const sent = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(sent.map((e) => e.template)).toEqual(['donation-receipt']);
    const [resend] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'receipt.resend')));
    expect(resend.details).toMatchObject({ to });
    // The receipt keeps what was issued.
    expect((await receiptOf(id))!.donorEmail).toBe('');
  });

  it('voiding a gift without the donor’s email voids its receipt and queues no email to nobody', async () => {
    const id = (await enter({ donorName: 'Doña Juana Cac', method: 'cash', amount: 45, completed: true }, who.admin)).json().id;
    const before = (await ctx.db.select().from(emailOutbox)).length;
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${id}/void`, token: who.finance.token, payload: { reason: 'Se registró dos veces' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id)).status).toBe('voided');
    expect((await receiptOf(id)).voidedAt).not.toBeNull();
    expect((await ctx.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('a pending gift approved days later: its receipt is dated the day it arrived, not the approval day', async () => {
    const to = email('tarde');
    const pending = (await enter({ donorName: 'Rosa Tzul', donorEmail: to, method: 'cash', amount: 300, receivedOn: daysAgo(3) }, who.volunteer)).json();
    const approved = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pending.id}/approve`, token: who.finance.token });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await stored(pending.id);
    expect(guatemalaDay(row.createdAt)).toBe(daysAgo(3));
    // The ledger keeps when it was confirmed; the receipt states when the gift was made.
    expect(guatemalaDay(row.completedAt!)).toBe(today());
    const receipt = await receiptOf(pending.id);
    expect(receipt.donatedAt.getTime()).toBe(row.createdAt.getTime());
    expect(guatemalaDay(receipt.donatedAt)).toBe(daysAgo(3));
    expect(guatemalaDay(receipt.issuedAt)).toBe(today());
    const sent = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(sent.map((e) => e.template)).toEqual(['donation-approved']);
  });

  it('a VOLUNTEER may not record it received (403, nothing recorded), and may not approve it later', async () => {
    const name = `Voluntariado ${++seq}`;
    const refused = await enter({ donorName: name, method: 'cash', amount: 50, completed: true }, who.volunteer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(g.completeForbidden);
    expect(await ctx.db.select().from(donations).where(eq(donations.donorName, name))).toHaveLength(0);

    const pending = (await enter({ donorName: name, method: 'cash', amount: 50 }, who.volunteer)).json();
    const approve = (caller: Caller) => inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pending.id}/approve`, token: caller.token });
    expect((await approve(who.volunteer)).statusCode).toBe(403);
    expect(await receiptOf(pending.id)).toBeUndefined();
    // Someone with gifts.complete approves it through the review: the receipt is issued then.
    const approved = await approve(who.finance);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    expect(await receiptOf(pending.id)).toBeDefined();
  });

  it('is refused to anyone without gifts.enter', async () => {
    expect((await enter({ donorName: 'Ana', method: 'cash', amount: 50 }, null)).statusCode).toBe(401);
    expect((await enter({ donorName: 'Ana', method: 'cash', amount: 50 }, who.donor)).statusCode).toBe(403);
    expect((await enter({ donorName: 'Ana', method: 'cash', amount: 50 }, who.comms)).statusCode).toBe(403);
  });
});

describe('the rules shared with the checkout', () => {
  it('keeps the amount within the settings’ bounds, a dollar gift by its quetzal value', async () => {
    await putSettings(ctx.db, 'system', { ...DEFAULT_SETTINGS.system, min_donation_amount: 10, max_donation_amount: 2000 });
    try {
      const low = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 5 });
      expect(low.json().errors).toEqual({ amount: donateMessages.amountBelowMin('Q10.00') });
      const high = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 2500 });
      expect(high.json().errors).toEqual({ amount: donateMessages.amountAboveMax('Q2,000.00') });
      // US$300 at the default Q7.70 is Q2,310: above the maximum, worded in dollars (Q2,000 is US$259.74).
      const usd = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 300, currency: 'USD' });
      expect(usd.json().errors).toEqual({ amount: donateMessages.amountAboveMax('US$259.74') });
      expect((await enter({ donorName: 'Ana Soto', method: 'cash', amount: 2000 })).statusCode).toBe(201);
    } finally {
      await putSettings(ctx.db, 'system', DEFAULT_SETTINGS.system);
    }
    // The public maximum (Q50,000) applies, not the old Q10,000 of the service form.
    expect((await enter({ donorName: 'Fundación Amiga', method: 'transfer', reference: 'T-1', amount: 45_000, nit: '576937-K' })).statusCode).toBe(201);
  });

  it('records a dollar gift with the staff rate', async () => {
    const res = await enter({ donorName: 'John Miller', method: 'transfer', reference: 'WIRE-1', amount: 100, currency: 'USD' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().id)).toMatchObject({ currency: 'USD', amountCents: 10_000, gtqCents: 77_000, exchangeRate: '7.7' });
  });

  it('applies the fiscal rule: CF only below Q2,500 (dollars at the rate), NIT checked, in words for staff', async () => {
    const cf = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000, nit: 'CF' });
    expect(cf.json().errors).toEqual({ nit: g.cfNotAllowed });
    const blank = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000 });
    expect(blank.json().errors).toEqual({ nit: g.cfNotAllowed });
    const usd = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 400, currency: 'USD', nit: 'CF' });
    expect(usd.json().errors).toEqual({ nit: g.cfNotAllowed });
    const bad = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, nit: '576937-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['nit']);
    const ok = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000, nit: '803401k' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stored(ok.json().id)).toMatchObject({ donorNit: '803401-K', donorTaxIdKind: 'nit' });
  });

  it('reads consumidor final in words as CF and a NIT copied with NIT: before it; a CUI short of a digit is told so', async () => {
    const words = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000, nit: 'Consumidor Final' });
    expect(words.json().errors).toEqual({ nit: g.cfNotAllowed });
    const small = await enter({ donorName: 'Luisa Cac', method: 'cash', amount: 150, nit: 'consumidor final' });
    expect(small.statusCode, small.body).toBe(201);
    expect(await stored(small.json().id)).toMatchObject({ donorNit: 'CF', donorTaxIdKind: 'cf' });
    const copied = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000, nit: 'NIT: 803401-K' });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(await stored(copied.json().id)).toMatchObject({ donorNit: '803401-K', donorTaxIdKind: 'nit' });
    const short = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 3000, nit: '158035224010' });
    expect(short.json().errors).toEqual({ nit: 'Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás' });
  });
});

describe('the day it was received', () => {
  it('refuses a day in the future', async () => {
    const tomorrow = guatemalaDay(new Date(Date.now() + 2 * 86_400_000));
    const res = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, receivedOn: tomorrow });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ receivedOn: g.receivedOnFuture });
  });

  it('refuses a day before 2000, as a typo of the year writes it (0202, 1026), naming the days it takes', async () => {
    for (const receivedOn of ['0202-11-03', '1026-11-03', '1999-12-31']) {
      const res = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, receivedOn });
      expect(res.statusCode, receivedOn).toBe(400);
      expect(res.json().errors).toEqual({ receivedOn: 'La fecha en que se recibió debe estar entre el 01/01/2000 y hoy' });
    }
  });

  it('takes a day in a closed month but dates the gift today, in the open month, keeping the day received; the closed month does not change', async () => {
    const lastMonthDay = guatemalaDay(new Date(new Date(`${today().slice(0, 7)}-01T12:00:00Z`).getTime() - 86_400_000));
    const month = lastMonthDay.slice(0, 7);
    const monthBeforeDay = guatemalaDay(new Date(new Date(`${month}-01T12:00:00Z`).getTime() - 86_400_000));
    await ctx.db.insert(accountingCloses).values({ month });
    const options = async () => (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/gifts/options', token: who.volunteer.token })).json();
    try {
      expect((await options()).closed_through).toBe(month);
      const closedRegister = async () => {
        const rows = [];
        for await (const batch of registerBatches(ctx.db, { from: `${month}-01`, to: lastMonthDay })) rows.push(...batch);
        return rows.length;
      };
      const before = await closedRegister();
      for (const [day, completed] of [[lastMonthDay, true], [monthBeforeDay, false]] as const) {
        const res = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, receivedOn: day, completed });
        expect(res.statusCode, res.body).toBe(201);
        const gift = await stored(res.json().id);
        expect([gift.receivedOn, guatemalaDay(gift.createdAt), gift.status]).toEqual([day, today(), completed ? 'completed' : 'pending']);
        const review = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${gift.id}/review`, token: who.finance.token })).json();
        expect(review.history[0].message).toContain(
          `. Quedó con fecha del ${formatDay(today())}: su fecha anterior, el ${formatDay(day)}, es de ${formatMonth(month)}, un mes ya cerrado`,
        );
      }
      expect(await closedRegister()).toBe(before);
    } finally {
      await ctx.db.delete(accountingCloses).where(eq(accountingCloses.month, month));
    }
    expect((await options()).closed_through).toBeNull();
  });

  it('a pending gift received long ago waits for staff: the expiry of abandoned checkouts leaves it', async () => {
    const res = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, receivedOn: daysAgo(45) }, who.volunteer);
    expect(res.statusCode, res.body).toBe(201);
    const stale = await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - 45 * 86_400_000) });
    await expireStaleDonations(ctx.db);
    expect((await stored(res.json().id)).status).toBe('pending');
    expect((await stored(stale.id)).status).toBe('expired');
  });

  it('the register shows the gift on the day received, with its method', async () => {
    const day = daysAgo(3);
    const res = await enter({ donorName: 'Marta Xol', method: 'cheque', chequeNumber: '55', chequeBank: 'BAM', amount: 300, receivedOn: day, completed: true });
    const id = res.json().id;
    const rows = [];
    for await (const batch of registerBatches(ctx.db, { from: day, to: day })) rows.push(...batch);
    const gift = rows.find((m) => m.donationId === id);
    expect(gift).toMatchObject({ kind: 'gift', method: 'cheque', grossCents: 30_000 });
    expect(guatemalaDay(gift!.at)).toBe(day);
  });
});

describe('the donor and the designation', () => {
  it('takes an existing donor from Donantes (its name and email) and finds it in the picker with a masked email', async () => {
    const mail = email('donante');
    const first = (await enter({ donorName: 'Lucía Hernández Toj', donorEmail: mail, method: 'cash', amount: 100 })).json();
    const donorId = first.donor_id as number;
    const picked = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/gifts/donor-choices?q=Hernández Toj', token: who.volunteer.token });
    expect(picked.statusCode).toBe(200);
    const choice = picked.json().items.find((c: { id: number }) => c.id === donorId);
    expect(choice).toEqual({ id: donorId, name: 'Lucía Hernández Toj', hint: `d***@correo.gt · ${g.donorHintNoGift}` });

    const again = await enter({ donorId, method: 'deposit', reference: 'B-77', amount: 200 });
    expect(again.statusCode, again.body).toBe(201);
    expect(await stored(again.json().id)).toMatchObject({ donorId, donorName: 'Lucía Hernández Toj', donorEmail: mail });
    const gone = await enter({ donorId: 999_999, method: 'cash', amount: 100 });
    expect(gone.json().errors).toEqual({ donorId: g.donorNotFound });
    expect((await ctx.db.select().from(donors).where(eq(donors.id, donorId)))[0].name).toBe('Lucía Hernández Toj');
  });

  it('tells donors of the same name apart in the picker without their contact details', async () => {
    const first = (await enter({ donorName: 'Ana Méndez Xol', donorEmail: email('ana.uno'), donorPhone: '5512 3487', method: 'cash', amount: 100, completed: true })).json();
    const second = (await enter({ donorName: 'Ana Méndez Xol', donorEmail: email('ana.dos'), method: 'cash', amount: 50 }, who.volunteer)).json();
    expect(second.donor_id).not.toBe(first.donor_id);
    const picked = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/gifts/donor-choices?q=Méndez Xol', token: who.volunteer.token });
    const hints = new Map((picked.json().items as { id: number; hint: string }[]).map((c) => [c.id, c.hint]));
    expect(hints.get(first.donor_id)).toBe(`a***@correo.gt · tel. ***87 · último donativo: ${formatDate(new Date())}`);
    expect(hints.get(second.donor_id)).toBe('a***@correo.gt · sin donativos recibidos');
    expect(picked.body).not.toContain('5512');
    expect(picked.body).not.toContain('ana.uno');
  });

  it('refuses a new donor typed with the NIT or email of a donor on record under another name, instead of attaching the gift to them', async () => {
    const mail = email('diego');
    const first = await enter({ donorName: 'Diego Pérez Paz', donorEmail: mail, method: 'cash', amount: 100, nit: '803415-K' });
    expect(first.statusCode, first.body).toBe(201);
    const donorId = first.json().donor_id as number;
    const before = (await ctx.db.select().from(donations).where(eq(donations.donorId, donorId))).length;

    // No email and his NIT: the gift and its receipt would have become his.
    const byNit = await enter({ donorName: 'Empresa Prueba, S.A.', method: 'cheque', chequeNumber: '12', chequeBank: 'BI', amount: 3000, nit: '803415k', completed: true });
    expect(byNit.statusCode).toBe(400);
    expect(byNit.json().errors).toEqual({ nit: g.taxIdOfAnotherDonor });
    const byEmail = await enter({ donorName: 'Otra Persona', donorEmail: mail.toUpperCase(), method: 'cash', amount: 50 });
    expect(byEmail.json().errors).toEqual({ donorEmail: g.emailOfAnotherDonor });
    expect((await ctx.db.select().from(donations).where(eq(donations.donorId, donorId))).length).toBe(before);

    // The same name (case, accents and spaces aside) is the same donor, as the matching rule says; so is choosing him.
    const same = await enter({ donorName: '  diego  perez PAZ ', method: 'cash', amount: 60, nit: '803415-K' });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().donor_id).toBe(donorId);
    const chosen = await enter({ donorId, method: 'cash', amount: 70 });
    expect(chosen.json().donor_id).toBe(donorId);
  });

  it('designates a programme or "donde más se necesite", and offers only the open ones', async () => {
    const [open] = await ctx.db.insert(programs).values({ slug: `becas-${++seq}`, name: `Útiles ${seq}` }).returning();
    const [soon] = await ctx.db.insert(programs).values({ slug: `pronto-${++seq}`, name: `Pronto ${seq}`, comingSoon: true }).returning();
    const options = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/gifts/options', token: who.volunteer.token })).json();
    expect(options).toMatchObject({ min_amount: 1, max_amount: 50_000, usd_exchange_rate: 7.7, may_complete: false });
    expect(options.programs.map((p: { id: number }) => p.id)).toContain(open.id);
    expect(options.programs.map((p: { id: number }) => p.id)).not.toContain(soon.id);

    const res = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, programId: open.id });
    expect(await stored(res.json().id)).toMatchObject({ programId: open.id });
    const general = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, programId: null });
    expect(await stored(general.json().id)).toMatchObject({ programId: null });
    const refused = await enter({ donorName: 'Ana Soto', method: 'cash', amount: 100, programId: soon.id });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['programId']);
  });
});
