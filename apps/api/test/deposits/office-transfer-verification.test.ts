// A bank transfer the office entered (docs/product.md#staff-gift-entry) is verified against the bank as a deposit is
// (docs/product.md#bank-deposits): it waits under "Depósitos y transferencias por verificar", takes "Corregir monto" and "Reabrir",
// and the monthly close flags it while pending, and when completed without its statement line. A transfer made through the gateway
// (Recurrente) is the gateway's to settle and stays out of all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { closeMessages } from '@donaciones/shared/messages/accounting';
import type { CloseCheck } from '@donaciones/shared/schemas/accounting';
import type { AdminDonationList } from '@donaciones/shared/schemas/admin';
import type { StatementImport } from '@donaciones/shared/schemas/bank-statements';
import { rowsOf } from '../../src/db/rows';
import { type Caller, type TestContext, createTestApp, inject, json } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown) => inject(ctx.app, { method: 'POST', url, payload: payload as never, token: finance.token });
const get = (url: string) => inject(ctx.app, { method: 'GET', url, token: finance.token });
const emailsTo = async (to: string) => rowsOf<{ subject: string; text_body: string }>(await ctx.db.execute(sql`SELECT * FROM email_outbox WHERE to_address = ${to} ORDER BY id`));

/** A gift entered on "Registrar una donación"; its id. */
async function enter(gift: Record<string, unknown>): Promise<number> {
  const res = await post('/api/v1/admin/gifts', { currency: 'GTQ', receivedOn: guatemalaDay(new Date()), ...gift });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}

/** A bank statement of today's credits (`[reference, amount as the bank writes it]`), imported; the import. */
async function importCredits(bank: string, credits: [string, string][]): Promise<StatementImport> {
  const today = guatemalaDay(new Date());
  const day = `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  const rows = credits.map(([reference, amount]) => `${day};CREDITO;${reference};;${amount}\n`).join('');
  const imported = await post('/api/v1/admin/bank-statements', {
    bank,
    file_name: 'estado.csv',
    content_base64: Buffer.from(`Fecha;Descripción;No. Documento;Débito;Crédito\n${rows}`, 'utf8').toString('base64'),
    mapping: { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' },
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return json<StatementImport>(imported);
}

describe('"Depósitos y transferencias por verificar"', () => {
  it('lists a pending transfer the office entered with its reference, beside the deposits, and not a gateway transfer', async () => {
    const transfer = await enter({ donorName: 'Ana Transferencia', donorEmail: 'ana.lista@prueba.gt', method: 'transfer', reference: 'TRF-7700123', amount: 640 });
    const deposit = await enter({ donorName: 'Berta Boleta', donorEmail: 'berta.lista@prueba.gt', method: 'deposit', reference: 'BI-5500123', amount: 320 });
    const cash = await enter({ donorName: 'Carla Efectivo', donorEmail: 'carla.lista@prueba.gt', method: 'cash', amount: 50 });
    const gateway = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_transfer', paymentProvider: 'recurrente' });

    const list = json<AdminDonationList>(await get('/api/v1/admin/donations?pendingDeposits=true&limit=100'));
    const ids = list.donations.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([transfer, deposit]));
    expect(ids).not.toContain(cash);
    expect(ids).not.toContain(gateway.id);
    expect(list.total).toBe(2);
    expect(list.donations.find((d) => d.id === transfer)).toMatchObject({ payment_method: 'bank_transfer', deposit: null, office_entry: { reference: 'TRF-7700123' } });
  });
});

describe('the donor\'s emails when staff approve or reject a transfer the office entered', () => {
  it('speak of the transfer and its reference, not of a deposit or a slip, nor of giving again', async () => {
    const approved = await enter({ donorName: 'Ada Transferencia', donorEmail: 'ada.aprobada@prueba.gt', method: 'transfer', reference: 'TRF-7711001', amount: 450 });
    expect((await post(`/api/v1/admin/donations/${approved}/approve`, {})).statusCode).toBe(200);
    const [yes] = await emailsTo('ada.aprobada@prueba.gt');
    expect(yes.subject).toMatch(/^Confirmamos tu transferencia #MG\d+$/);
    expect(yes.text_body).toContain('Encontramos en nuestra cuenta tu transferencia de Q450.00');

    const rejected = await enter({ donorName: 'Bea Transferencia', donorEmail: 'bea.rechazada@prueba.gt', method: 'transfer', reference: 'TRF-7711002', amount: 460 });
    expect((await post(`/api/v1/admin/donations/${rejected}/reject`, { reason: 'No encontramos la transferencia' })).statusCode).toBe(200);
    const [no] = await emailsTo('bea.rechazada@prueba.gt');
    expect(no.subject).toMatch(/^No pudimos confirmar tu transferencia #MG\d+$/);
    expect(no.text_body).toContain('Revisamos tu transferencia de Q460.00');
    expect(no.text_body).toContain('Si ya hiciste la transferencia, escríbenos a');
    expect(no.text_body).toContain('con el comprobante de tu banco y el número de referencia de la transferencia');

    for (const mail of [yes, no]) expect(`${mail.subject} ${mail.text_body}`).not.toMatch(/depósito|boleta|donar de nuevo/i);
  });
});

describe('corrections of a transfer the office entered', () => {
  it('sets a pending transfer to what arrived ("Corregir monto") and tells the donor of their transfer', async () => {
    const id = await enter({ donorName: 'Dora Transferencia', donorEmail: 'dora.monto@prueba.gt', method: 'transfer', reference: 'TRF-7700456', amount: 900 });
    const res = await post(`/api/v1/admin/donations/${id}/adjust-amount`, { amount: 850, reason: 'El banco acreditó Q850' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'PENDING', amount: 850 });
    const [mail] = await emailsTo('dora.monto@prueba.gt');
    expect(mail.subject).toMatch(/^Recibimos tu transferencia #MG\d+$/);
    expect(mail.text_body).toContain('Revisamos tu transferencia de la donación');
    // The office recorded the amount; the donor declared nothing.
    expect(mail.text_body).toContain('La habíamos registrado por Q900.00 y al banco llegaron Q850.00. Corregimos tu donación a Q850.00');
    expect(mail.text_body).not.toContain('Declaraste');
    const history = json<{ history: { message: string }[] }>(await get(`/api/v1/admin/donations/${id}/review`)).history;
    expect(history.at(-1)?.message).toContain('ajustó la transferencia');
  });

  it('refuses an amount not lower than the one the office recorded, in those words', async () => {
    const id = await enter({ donorName: 'Dina Transferencia', donorEmail: 'dina.monto@prueba.gt', method: 'transfer', reference: 'TRF-7700457', amount: 300 });
    const res = await post(`/api/v1/admin/donations/${id}/adjust-amount`, { amount: 300, reason: 'Prueba de monto' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ detail: 'El monto que llegó debe ser menor que el registrado; para aprobarlo completo usa Aprobar' });
  });

  it('adjusts a transfer entered without the donor\'s email without queueing an email to nobody', async () => {
    const id = await enter({ donorName: 'Elsa Sin Correo', method: 'transfer', reference: 'TRF-7700789', amount: 700 });
    expect((await post(`/api/v1/admin/donations/${id}/adjust-amount`, { amount: 600, reason: 'El banco acreditó Q600' })).statusCode).toBe(200);
    expect(await emailsTo('')).toEqual([]);
  });

  it('reopens a rejected transfer ("Reabrir"), which staff then approve', async () => {
    const id = await enter({ donorName: 'Flor Transferencia', donorEmail: 'flor.reabrir@prueba.gt', method: 'transfer', reference: 'TRF-7700999', amount: 410 });
    expect((await post(`/api/v1/admin/donations/${id}/reject`, { reason: 'No encontramos la transferencia' })).statusCode).toBe(200);
    const res = await post(`/api/v1/admin/donations/${id}/reopen`, { reason: 'La donante trajo el comprobante del banco' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'PENDING' });
    const history = json<{ history: { message: string }[] }>(await get(`/api/v1/admin/donations/${id}/review`)).history;
    expect(history.at(-1)?.message).toContain('reabrió la transferencia rechazada');
    expect((await post(`/api/v1/admin/donations/${id}/approve`, {})).statusCode).toBe(200);
  });

  it('refuses both on a gateway transfer, which the gateway settles', async () => {
    const pending = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_transfer', paymentProvider: 'recurrente', amount: 300 });
    const adjust = await post(`/api/v1/admin/donations/${pending.id}/adjust-amount`, { amount: 200, reason: 'Prueba' });
    expect(adjust.statusCode).toBe(409);
    expect(json(adjust)).toMatchObject({ detail: 'Solo se ajusta el monto de un depósito o una transferencia bancaria pendiente' });
    const failed = await make.donation(ctx.db, { status: 'failed', paymentMethod: 'bank_transfer', paymentProvider: 'recurrente' });
    expect((await post(`/api/v1/admin/donations/${failed.id}/reopen`, { reason: 'Prueba' })).statusCode).toBe(409);
  });
});

describe('the monthly close', () => {
  it('flags a transfer the office completed without a bank statement line, as it flags such a deposit, and not a gateway transfer', async () => {
    const day = '2026-08-12';
    const transfer = await enter({ donorName: 'Gina Transferencia', donorEmail: 'gina.cierre@prueba.gt', method: 'transfer', reference: 'TRF-8800123', amount: 1500, receivedOn: day, completed: true });
    const deposit = await enter({ donorName: 'Hilda Boleta', donorEmail: 'hilda.cierre@prueba.gt', method: 'deposit', reference: 'BI-8800456', amount: 700, receivedOn: day, completed: true });
    const gateway = await make.donation(ctx.db, { paymentMethod: 'bank_transfer', paymentProvider: 'recurrente', createdAt: new Date(`${day}T16:00:00Z`) });

    const check = json<{ mismatches: { kind: string; donation_id: number }[] }>(await get('/api/v1/admin/close/2026-08'));
    const flagged = check.mismatches.filter((m) => m.kind.endsWith('_without_statement')).map((m) => [m.kind, m.donation_id]);
    expect(flagged).toEqual([
      ['deposit_without_statement', deposit],
      ['transfer_without_statement', transfer],
    ]);
    expect(check.mismatches.some((m) => m.donation_id === gateway.id)).toBe(false);
  });

  it('lists the bank payments of the month still waiting to be verified (deposits and office transfers), office cash by its own name', async () => {
    const day = '2026-07-14';
    const transfer = await enter({ donorName: 'Lía Transferencia', donorEmail: 'lia.cierre@prueba.gt', method: 'transfer', reference: 'TRF-7700321', amount: 800, receivedOn: day });
    const deposit = await enter({ donorName: 'Marta Boleta', donorEmail: 'marta.cierre@prueba.gt', method: 'deposit', reference: 'BI-7700654', amount: 350, receivedOn: day });
    // Declared on /donate, its slip not checked yet.
    const declared = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 275, createdAt: new Date('2026-07-20T16:00:00Z') });
    // Office cash still pending is listed by its own name (close.test.ts). Not listed: a gateway's transfer, a transfer
    // already rejected, and one pending in the next month.
    const cash = await enter({ donorName: 'Nora Efectivo', donorEmail: 'nora.cierre@prueba.gt', method: 'cash', amount: 60, receivedOn: day });
    const gateway = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_transfer', paymentProvider: 'recurrente', createdAt: new Date(`${day}T16:00:00Z`) });
    const rejected = await enter({ donorName: 'Olga Transferencia', donorEmail: 'olga.cierre@prueba.gt', method: 'transfer', reference: 'TRF-7700987', amount: 90, receivedOn: day });
    expect((await post(`/api/v1/admin/donations/${rejected}/reject`, { reason: 'No encontramos la transferencia' })).statusCode).toBe(200);
    const august = await enter({ donorName: 'Paula Transferencia', donorEmail: 'paula.cierre@prueba.gt', method: 'transfer', reference: 'TRF-7700111', amount: 120, receivedOn: '2026-08-03' });

    const check = json<CloseCheck>(await get('/api/v1/admin/close/2026-07'));
    expect(check.mismatches.map((m) => [m.kind, m.donation_id])).toEqual([
      ['deposit_pending', deposit],
      ['deposit_pending', declared.id],
      ['office_gift_pending', cash],
      ['transfer_pending', transfer],
    ]);
    expect(check.mismatches.find((m) => m.donation_id === transfer)).toMatchObject({ date: day, amount_cents: 80_000, currency: 'GTQ', receipt: null });
    expect(check.ties).toBe(false);
    expect([gateway.id, rejected, august].some((id) => check.mismatches.some((m) => m.donation_id === id))).toBe(false);
    expect(closeMessages.kinds.transfer_pending).toBe('Transferencia pendiente de verificar');
  });

  it('does not flag a transfer confirmed by its statement line', async () => {
    const today = guatemalaDay(new Date());
    const id = await enter({ donorName: 'Iris Transferencia', donorEmail: 'iris.cierre@prueba.gt', method: 'transfer', reference: 'TRF-99001122', amount: 2345.6 });
    const statement = await importCredits('Banco Cierre', [['99001122', '2.345,60']]);
    const confirmed = await post(`/api/v1/admin/bank-statements/${statement.id}/lines/${statement.lines[0].id}/confirm`, { donation_id: id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const check = json<{ mismatches: { donation_id: number }[] }>(await get(`/api/v1/admin/close/${today.slice(0, 7)}`));
    expect(check.mismatches.some((m) => m.donation_id === id)).toBe(false);
  });
});

describe('a dollar transfer against a quetzal statement line', () => {
  // Decision 0024: amounts are compared in the gift's own currency, for deposits and the office's transfers alike.
  it('is matched exactly as a dollar deposit is: named by its reference, a near-miss for its amount', async () => {
    const usd = { currency: 'USD', amount: 100 };
    const transfer = await enter({ ...usd, donorName: 'Julia Dólares', donorEmail: 'julia.usd@prueba.gt', method: 'transfer', reference: 'TRF-66112233' });
    const deposit = await enter({ ...usd, donorName: 'Karla Dólares', donorEmail: 'karla.usd@prueba.gt', method: 'deposit', reference: 'BI-66445566' });
    const [first, second] = (
      await importCredits('Banco Dólares', [
        ['66112233', '770,00'],
        ['66445566', '770,00'],
      ])
    ).lines;
    const shape = (line: StatementImport['lines'][number], id: number) => ({ state: line.state, candidate: line.candidates.find((c) => c.donation_id === id)?.kind });
    expect(shape(first, transfer)).toEqual(shape(second, deposit));
    expect(shape(first, transfer)).toEqual({ state: 'near_miss', candidate: 'amount_differs' });
  });
});
