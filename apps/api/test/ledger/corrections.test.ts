// Corrections never rewrite history (docs/product.md#the-donation-ledger): staff void a completed gift
// not paid by card (reason required, receipt voided, donor told), set a pending deposit's amount to what
// arrived (donor told, the receipt for what arrived), reopen a rejected deposit; each is a new
// correction row and a line of the donation's history with who, when and why; a card gift is refused,
// a FINANCE member may and a VOLUNTEER may not, and a closed current month refuses the correction.
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { type Caller, type TestContext, createTestApp, inject, json } from '../support/helpers';
import { monthOf } from '../../src/domain/accounting/periods';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;
let volunteer: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  volunteer = await make.signIn(ctx.app, ctx.db, { roles: ['VOLUNTEER'] });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown, token = finance.token) => inject(ctx.app, { method: 'POST', url, payload: payload as never, token });
const history = async (id: number) =>
  json<{ history: { type: string; message: string }[] }>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${id}/review`, token: finance.token })).history;
const receiptOf = async (id: number) =>
  rowsOf<{ voided_at: unknown; void_reason: string | null; amount_cents: string | number }>(await ctx.db.execute(sql`SELECT voided_at, void_reason, amount_cents FROM receipts WHERE donation_id = ${id}`))[0];
const emailsTo = async (to: string) => rowsOf<{ template: string; subject: string; text_body: string }>(await ctx.db.execute(sql`SELECT * FROM email_outbox WHERE to_address = ${to} ORDER BY id`));

describe('voiding a gift', () => {
  it.each([
    ['cash', { paymentMethod: 'cash' }],
    ['a cheque', { paymentMethod: 'cheque' }],
    ['a bank deposit', { paymentMethod: 'bank_deposit' }],
    ['goods', { donationType: 'goods' as const }],
  ])('voids a completed gift of %s with its reason: VOIDED, receipt voided, a correction, a history line, the donor told', async (_label, values) => {
    const gift = await make.donation(ctx.db, { amount: 250, ...values });
    const res = await post(`/api/v1/admin/donations/${gift.id}/void`, { reason: '  Se registró dos veces  ' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: gift.id, status: 'VOIDED' });
    expect(await receiptOf(gift.id)).toMatchObject({ void_reason: 'Se registró dos veces' });
    expect((await receiptOf(gift.id)).voided_at).not.toBeNull();

    const corrections = json<Record<string, unknown>[]>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${gift.id}/corrections`, token: finance.token }));
    expect(corrections).toEqual([
      expect.objectContaining({ kind: 'void', reason: 'Se registró dos veces', from_status: 'completed', to_status: 'voided', from_amount: 250, to_amount: 250, actor_email: finance.email }),
    ]);
    const lines = await history(gift.id);
    expect(lines.at(-1)).toMatchObject({ type: 'donation.void' });
    expect(lines.at(-1)?.message).toBe(`${finance.email} anuló la donación ${gift.referenceCode} y su recibo. Motivo: Se registró dos veces`);
    expect((await emailsTo(gift.donorEmail)).map((e) => e.template)).toContain('donation-voided');
  });

  it('leaves the completed totals and keeps the gift itself (amount, date, receipt number) as it was', async () => {
    const stats = async () => json<{ total_amount_completed: number; count_completed: number }>(await inject(ctx.app, { method: 'GET', url: '/api/v1/donations/stats', token: finance.token }));
    const gift = await make.donation(ctx.db, { amount: 1_234, paymentMethod: 'cash' });
    const before = await stats();
    await post(`/api/v1/admin/donations/${gift.id}/void`, { reason: 'Monto equivocado' });
    const after = await stats();
    expect(after.total_amount_completed).toBeCloseTo(before.total_amount_completed - 1_234, 2);
    expect(after.count_completed).toBe(before.count_completed - 1);
    const [row] = rowsOf<{ amount_cents: string | number; receipt_number: number; completed_at: unknown }>(
      await ctx.db.execute(sql`SELECT amount_cents, receipt_number, completed_at FROM donations WHERE id = ${gift.id}`),
    );
    expect(Number(row.amount_cents)).toBe(123_400);
    expect(row.receipt_number).toBe(gift.receiptNumber);
    expect(row.completed_at).not.toBeNull();
  });

  it('voids a card gift no gateway can refund (the demo has none) once its money went back another way; a refundable one is refused (recurrente.test.ts)', async () => {
    const card = await make.donation(ctx.db, { paymentMethod: 'card', paymentProvider: 'simulated', paymentReference: `sim_${Date.now()}` });
    const payment = json<{ refund_unavailable: string | null }>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${card.id}/payment`, token: finance.token }));
    expect(payment.refund_unavailable).toBe(paymentsMessages.refundUnavailable.noGateway);
    const res = await post(`/api/v1/admin/donations/${card.id}/void`, { reason: 'Se devolvió en efectivo en la oficina' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'VOIDED' });
    expect((await history(card.id)).map((h) => h.message).join('\n')).toContain('Se devolvió en efectivo en la oficina');
  });

  it('refuses a pending gift, one already voided, and a missing or too short reason, in Spanish', async () => {
    const pending = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash' });
    expect((await post(`/api/v1/admin/donations/${pending.id}/void`, { reason: 'Prueba' })).statusCode).toBe(409);
    const cash = await make.donation(ctx.db, { paymentMethod: 'cash' });
    const missing = await post(`/api/v1/admin/donations/${cash.id}/void`, { reason: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(json(missing))).toContain('Escribe el motivo de la corrección');
    // A reason is emailed to the donor and kept in the history: two letters are not one.
    const short = await post(`/api/v1/admin/donations/${cash.id}/void`, { reason: ' ab ' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(json(short))).toContain(correctionsMessages.reasonShort);
    expect((await post(`/api/v1/admin/donations/${cash.id}/void`, { reason: 'Duplicada' })).statusCode).toBe(200);
    expect((await post(`/api/v1/admin/donations/${cash.id}/void`, { reason: 'Otra vez' })).statusCode).toBe(409);
    expect((await post('/api/v1/admin/donations/99999999/void', { reason: 'Prueba' })).statusCode).toBe(404);
  });

  it('is for corrections.manage: a VOLUNTEER gets 403 and the gift stays completed', async () => {
    const gift = await make.donation(ctx.db, { paymentMethod: 'cash' });
    expect((await post(`/api/v1/admin/donations/${gift.id}/void`, { reason: 'Prueba' }, volunteer.token)).statusCode).toBe(403);
    expect((await post(`/api/v1/admin/donations/${gift.id}/void`, { reason: 'Prueba' }, '')).statusCode).toBe(401);
    const [row] = rowsOf<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM donations WHERE id = ${gift.id}`));
    expect(row.status).toBe('completed');
  });
});

describe('a deposit for which less arrived', () => {
  it('sets the pending deposit to what arrived, tells the donor, and approving issues the receipt for that amount', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 500 });
    const res = await post(`/api/v1/admin/donations/${deposit.id}/adjust-amount`, { amount: 450.5, reason: 'El banco acreditó Q450.50' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'PENDING', amount: 450.5 });
    const mail = (await emailsTo(deposit.donorEmail)).find((e) => e.template === 'deposit-amount-adjusted');
    expect(mail?.text_body).toContain('Declaraste Q500.00 y al banco llegaron Q450.50. Registramos tu donación por Q450.50');
    expect((await history(deposit.id)).at(-1)?.message).toBe(
      `${finance.email} ajustó el depósito ${deposit.referenceCode} de Q500.00 a Q450.50, lo que llegó al banco. Motivo: El banco acreditó Q450.50`,
    );

    expect((await post(`/api/v1/admin/donations/${deposit.id}/approve`, {})).statusCode).toBe(200);
    expect(Number((await receiptOf(deposit.id)).amount_cents)).toBe(45_050);
    const [correction] = json<Record<string, unknown>[]>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${deposit.id}/corrections`, token: finance.token }));
    expect(correction).toMatchObject({ kind: 'amount_adjusted', from_amount: 500, to_amount: 450.5 });
  });

  it('adjusts a deposit the office entered (Registrar una donación, pending) like one made through /donate', async () => {
    const entered = await post('/api/v1/admin/gifts', {
      donorName: 'Rosa Boleta', donorEmail: 'rosa.boleta@prueba.gt', method: 'deposit', reference: 'BOL-7781', amount: 1200, currency: 'GTQ', receivedOn: guatemalaDay(new Date()),
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const id = json<{ id: number }>(entered).id;
    const res = await post(`/api/v1/admin/donations/${id}/adjust-amount`, { amount: 1100, reason: 'El banco acreditó Q1,100' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'PENDING', amount: 1100 });
    // The office recorded the amount: the email says so, not that the donor declared it.
    const mail = (await emailsTo('rosa.boleta@prueba.gt')).find((e) => e.template === 'deposit-amount-adjusted');
    expect(mail?.text_body).toContain('Lo habíamos registrado por Q1,200.00 y al banco llegaron Q1,100.00.');
    expect(mail?.text_body).not.toContain('Declaraste');
  });

  it('refuses an amount not lower than declared, a deposit no longer pending, and a gift that is not a deposit', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 100 });
    const same = await post(`/api/v1/admin/donations/${deposit.id}/adjust-amount`, { amount: 100, reason: 'Prueba' });
    expect(same.statusCode).toBe(409);
    expect(json(same)).toMatchObject({ detail: 'El monto que llegó debe ser menor que el declarado; para aprobarlo completo usa Aprobar' });
    const bad = await post(`/api/v1/admin/donations/${deposit.id}/adjust-amount`, { amount: -3, reason: 'Prueba' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toContain('mayor que cero');
    const done = await make.donation(ctx.db, { paymentMethod: 'bank_deposit' });
    expect((await post(`/api/v1/admin/donations/${done.id}/adjust-amount`, { amount: 10, reason: 'Prueba' })).statusCode).toBe(409);
    const cash = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash' });
    expect((await post(`/api/v1/admin/donations/${cash.id}/adjust-amount`, { amount: 10, reason: 'Prueba' })).statusCode).toBe(409);
  });
});

describe('reopening a rejected deposit', () => {
  it('puts it back to pending with the reason; staff then approve it and the receipt is issued', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 300 });
    expect((await post(`/api/v1/admin/donations/${deposit.id}/reject`, { reason: 'No encontramos el depósito' })).statusCode).toBe(200);
    const res = await post(`/api/v1/admin/donations/${deposit.id}/reopen`, { reason: 'La donante trajo el comprobante del banco' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'PENDING' });
    const types = (await history(deposit.id)).map((h) => h.type);
    expect(types.slice(-2)).toEqual(['donation.reject', 'donation.reopen']);
    expect((await post(`/api/v1/admin/donations/${deposit.id}/approve`, {})).statusCode).toBe(200);
    expect(await receiptOf(deposit.id)).toBeDefined();
  });

  it('refuses a deposit that was not rejected, and a rejected gift that is not a deposit', async () => {
    const pending = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit' });
    expect((await post(`/api/v1/admin/donations/${pending.id}/reopen`, { reason: 'Prueba' })).statusCode).toBe(409);
    const failedCard = await make.donation(ctx.db, { status: 'failed', paymentProvider: 'simulated' });
    const card = await post(`/api/v1/admin/donations/${failedCard.id}/reopen`, { reason: 'Prueba' });
    expect(card.statusCode).toBe(409);
    expect(json(card)).toMatchObject({ detail: 'Solo se reabre un depósito o una transferencia bancaria que se rechazó' });
  });
});

describe('the monthly close', () => {
  it('refuses a correction while the current month is closed', async () => {
    const gift = await make.donation(ctx.db, { paymentMethod: 'cash' });
    const month = monthOf(new Date());
    await ctx.db.execute(sql`INSERT INTO accounting_closes (month) VALUES (${month})`);
    try {
      expect((await post(`/api/v1/admin/donations/${gift.id}/void`, { reason: 'Prueba' })).statusCode).toBe(409);
      const [row] = rowsOf<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM donations WHERE id = ${gift.id}`));
      expect(row.status).toBe('completed');
    } finally {
      await ctx.db.execute(sql`DELETE FROM accounting_closes WHERE month = ${month}`);
    }
  });
});
