// The monthly close: certified receipts against money received, each kind of mismatch, the audited
// close and the edits it refuses afterwards (docs/product.md#the-register-and-the-close).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { closeMessages } from '@donaciones/shared/messages/accounting';
import { auditLog, donations, imports, receipts } from '../../src/db/schema';
import { assertOpenPeriod } from '../../src/domain/accounting/periods';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;
let volunteer: Caller;
const MONTH = '2026-09';
const at = (day: number) => new Date(`2026-09-${String(day).padStart(2, '0')}T16:00:00Z`);
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  volunteer = await make.signIn(ctx.app, ctx.db, { roles: ['VOLUNTEER'] });
  // Ties: a card gift with its receipt.
  await make.donation(ctx.db, { amount: 200, paymentMethod: 'card', createdAt: at(2) });
  // A gift whose receipt failed certification.
  const noReceipt = await make.donation(ctx.db, { amount: 80, paymentMethod: 'card', createdAt: at(4) });
  await ctx.db.update(receipts).set({ felStatus: 'failed' }).where(eq(receipts.donationId, noReceipt.id));
  ids.noReceipt = noReceipt.id;
  // A receipt standing for money that is no longer there (its gift went back to pending).
  const noMoney = await make.donation(ctx.db, { amount: 60, paymentMethod: 'card', createdAt: at(6) });
  await ctx.db.update(donations).set({ status: 'pending', completedAt: null }).where(eq(donations.id, noMoney.id));
  ids.noMoney = noMoney.id;
  // A deposit approved without its line on a bank statement.
  const deposit = await make.donation(ctx.db, { amount: 150, paymentMethod: 'bank_deposit', createdAt: at(8) });
  ids.deposit = deposit.id;
  // A deposit declared in the month that staff have not verified yet.
  const pending = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 70, createdAt: at(12) });
  ids.pending = pending.id;
  // A gift imported from the earlier records, receipted there: neither money to tie nor a mismatch.
  const [batch] = await ctx.db.insert(imports).values({ kind: 'gifts', fileName: 'historial.csv', sha256: 'f'.repeat(64) }).returning();
  await ctx.db.insert(donations).values({
    referenceCode: '#MG99000001', donorName: 'Donante Importado', donorEmail: 'importado@prueba.gt', amountCents: 90_000, currency: 'GTQ',
    donationType: 'monetary', source: 'import', status: 'completed', createdAt: at(10), completedAt: at(10), importId: batch.id, importedReceipt: 'B-0042',
  });
});
afterAll(async () => ctx?.close());

const url = `/api/v1/admin/close/${MONTH}`;

describe('the monthly close', () => {
  it('finds each kind of mismatch and says the month does not tie', async () => {
    const res = await inject(ctx.app, { method: 'GET', url, token: finance.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ month: MONTH, received_cents: 43_000, received_count: 3, certified_cents: 41_000, certified_count: 3, ties: false, closed: null });
    // The imported gift, left out of the money and the mismatches, is counted apart.
    expect(body).toMatchObject({ imported_cents: 90_000, imported_count: 1 });
    expect(body.mismatches.map((m: { kind: string; donation_id: number }) => [m.kind, m.donation_id])).toEqual([
      ['deposit_pending', ids.pending],
      ['deposit_without_statement', ids.deposit],
      ['gift_without_receipt', ids.noReceipt],
      ['receipt_without_money', ids.noMoney],
    ]);
  });

  it('refuses the close to a staff member without close.manage, and a month not over, in Spanish', async () => {
    expect((await inject(ctx.app, { method: 'POST', url, token: volunteer.token })).statusCode).toBe(403);
    const future = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/close/2099-01', token: finance.token });
    expect(future.statusCode).toBe(409);
    expect(future.json().detail).toBe('El mes de enero de 2099 aún no ha terminado; solo se puede cerrar un mes pasado.');
    const bad = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-13', token: finance.token });
    expect(bad.statusCode).toBe(400);
  });

  it('closes the month once, audited, and then refuses edits dated in it', async () => {
    const res = await inject(ctx.app, { method: 'POST', url, token: finance.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().closed).toMatchObject({ by: finance.id });
    const again = await inject(ctx.app, { method: 'POST', url, token: finance.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('El mes de septiembre de 2026 ya está cerrado.');
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'accounting.month_closed'), eq(auditLog.entityId, MONTH)));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ ties: false, mismatches: 4 });
    await expect(assertOpenPeriod(ctx.db, at(15))).rejects.toThrow('septiembre de 2026 está cerrado');
    await expect(assertOpenPeriod(ctx.db, '2026-10-01')).resolves.toBeUndefined();
  });
});

describe('a gift completed in the month after it was made', () => {
  it('counts its receipt in the month of the gift, so a month without mismatches ties', async () => {
    // Made on the last evening of July in Guatemala, paid after midnight: the receipt is dated 1 August.
    const late = await make.donation(ctx.db, {
      amount: 50,
      paymentMethod: 'card',
      createdAt: new Date('2026-07-31T23:30:00-06:00'),
      completedAt: new Date('2026-08-01T00:10:00-06:00'),
    });
    const july = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-07', token: finance.token })).json();
    expect(july).toMatchObject({ received_cents: 5_000, received_count: 1, certified_cents: 5_000, certified_count: 1, ties: true, mismatches: [] });
    const august = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-08', token: finance.token })).json();
    expect(august).toMatchObject({ received_cents: 0, certified_cents: 0, imported_cents: 0, imported_count: 0, ties: true, mismatches: [] });

    // Its receipt standing once the gift is no longer completed is that month's mismatch too.
    await ctx.db.update(donations).set({ status: 'pending', completedAt: null }).where(eq(donations.id, late.id));
    const after = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-07', token: finance.token })).json();
    expect(after.mismatches.map((m: { kind: string; donation_id: number }) => [m.kind, m.donation_id])).toEqual([['receipt_without_money', late.id]]);
  });
});

describe('gifts the office entered that staff have not approved yet', () => {
  it('lists each of the month still pending (cash, cheque, in kind), by its own name; a bank payment keeps its own', async () => {
    const october = (day: number) => new Date(`2026-10-${String(day).padStart(2, '0')}T16:00:00Z`);
    const office = (day: number, values: Parameters<typeof make.donation>[1]) =>
      make.donation(ctx.db, { status: 'pending', amount: 40, receivedOn: `2026-10-${String(day).padStart(2, '0')}`, createdAt: october(day), ...values });
    const cash = await office(3, { paymentMethod: 'cash' });
    const cheque = await office(5, { paymentMethod: 'cheque', chequeNumber: '000123', chequeBank: 'Banrural' });
    const inKind = await office(7, { paymentMethod: 'in_kind', donationType: 'goods', inKindDescription: 'Cuadernos' });
    const transfer = await office(9, { paymentMethod: 'bank_transfer' });
    // Not listed: one the office rejected, one of another month, and a pending gift the office did not enter.
    await office(11, { paymentMethod: 'cash', status: 'failed' });
    await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash', receivedOn: '2026-11-01', createdAt: new Date('2026-11-01T16:00:00Z') });
    await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash', createdAt: october(13) });

    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-10', token: finance.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ received_cents: 0, ties: false });
    expect(body.mismatches.map((m: { kind: string; donation_id: number }) => [m.kind, m.donation_id])).toEqual([
      ['office_gift_pending', cash.id],
      ['office_gift_pending', cheque.id],
      ['office_gift_pending', inKind.id],
      ['transfer_pending', transfer.id],
    ]);
    expect(body.mismatches[0]).toMatchObject({ reference: cash.referenceCode, date: '2026-10-03', amount_cents: 4_000, receipt: null });
    expect(closeMessages.kinds.office_gift_pending).toBe('Donación de oficina pendiente de aprobar');

    // Approved, it is the month's money with its receipt, and no longer waits (October is open: September is the latest
    // month closed here; a gift of a closed month takes the day it is approved, completed-after-close.test.ts).
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${cash.id}/approve`, token: finance.token })).statusCode).toBe(200);
    const after = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/close/2026-10', token: finance.token })).json();
    expect(after).toMatchObject({ received_cents: 4_000, certified_cents: 4_000 });
    expect(after.mismatches.map((m: { kind: string; donation_id: number }) => m.donation_id)).not.toContain(cash.id);
  });
});
