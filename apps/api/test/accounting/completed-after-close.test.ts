// A gift dated in a month already closed, completed afterwards (a deposit approved, a card paid late), takes
// the day it completed: the closed month's check and register stay as they were closed
// (docs/product.md#the-register-and-the-close).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { donations } from '../../src/db/schema';
import { monthOf } from '../../src/domain/accounting/periods';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;
/** Pending when September was closed: a deposit pledged on the 12th, a card checkout of the 29th. */
let pledged: Awaited<ReturnType<typeof make.donation>>;
let late: Awaited<ReturnType<typeof make.donation>>;
const at = (day: number) => new Date(`2026-09-${String(day).padStart(2, '0')}T16:00:00Z`);

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  await make.donation(ctx.db, { amount: 200, paymentMethod: 'card', createdAt: at(2) });
  pledged = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 70, createdAt: at(12) });
  late = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'card', paymentProvider: 'recurrente', amount: 45, createdAt: at(29) });
  const closed = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/close/2026-09', token: finance.token });
  expect(closed.statusCode, closed.body).toBe(200);
});
afterAll(async () => ctx?.close());

const get = async (url: string) => {
  const res = await inject(ctx.app, { method: 'GET', url, token: finance.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const september = () => get('/api/v1/admin/close/2026-09');
const septemberRegister = () => get('/api/v1/admin/register?from=2026-09-01&to=2026-09-30');
const rowOf = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0]!;

describe('a gift of a closed month completed after the close', () => {
  it('a deposit approved after its month was closed is dated the day of the approval, and the closed month does not change', async () => {
    const ofOctober = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 30, createdAt: new Date('2026-10-05T16:00:00Z') });
    const [check, register] = [await september(), await septemberRegister()];
    expect(check.received_cents).toBe(20_000);

    // The review says so before the approval: the September deposit is dated in a closed month, October's is not.
    const queue = await get('/api/v1/admin/donations?pendingDeposits=true');
    const flag = (id: number) => queue.donations.find((d: { id: number }) => d.id === id)?.dated_in_closed_month;
    expect([flag(pledged.id), flag(ofOctober.id)]).toEqual([true, false]);
    expect((await get(`/api/v1/admin/donations/${pledged.id}/review`)).donation.dated_in_closed_month).toBe(true);

    const approved = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pledged.id}/approve`, token: finance.token });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await rowOf(pledged.id);
    expect(row.status).toBe('completed');
    expect(guatemalaDay(row.createdAt)).toBe(guatemalaDay(new Date()));
    expect(monthOf(row.createdAt) > '2026-09').toBe(true);

    expect(await september()).toMatchObject({ received_cents: check.received_cents, received_count: check.received_count, certified_cents: check.certified_cents });
    expect((await septemberRegister()).totals).toEqual(register.totals);
    const { history, donation } = await get(`/api/v1/admin/donations/${pledged.id}/review`);
    expect(donation.dated_in_closed_month).toBe(false);
    const day = guatemalaDay(new Date()).split('-').reverse().join('/');
    expect(history.map((h: { message: string }) => h.message)).toContain(
      `${finance.email} aprobó la donación ${pledged.referenceCode}. Quedó con fecha del ${day}: su fecha anterior, el 12/09/2026, es de septiembre de 2026, un mes ya cerrado`,
    );

    // A gift of the open month keeps its date.
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${ofOctober.id}/approve`, token: finance.token })).statusCode).toBe(200);
    expect((await rowOf(ofOctober.id)).createdAt).toEqual(ofOctober.createdAt);
  });

  it('the bank reconciliation proposes a deposit of the closed month saying so, and its Confirmar dates it today', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 55, createdAt: at(28) });
    const file = 'Fecha;Descripción;No. Documento;Débito;Crédito\n29/09/2026;DEPOSITO EFECTIVO;;;55,00\n';
    const imported = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/bank-statements',
      token: finance.token,
      payload: {
        bank: 'Banco Septiembre', file_name: 'septiembre.csv', content_base64: Buffer.from(file, 'utf8').toString('base64'),
        mapping: { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' },
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [line] = imported.json().lines;
    expect(line.candidates[0]).toMatchObject({ donation_id: deposit.id, dated_in_closed_month: true });
    const confirmed = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/bank-statements/${imported.json().id}/lines/${line.id}/confirm`,
      token: finance.token,
      payload: { donation_id: deposit.id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(guatemalaDay((await rowOf(deposit.id)).createdAt)).toBe(guatemalaDay(new Date()));
    expect((await september()).received_cents).toBe(20_000);
  });

  it("a card gift the provider pays after its month was closed is dated the day of the payment (the provider's, when it is in the open month)", async () => {
    const paidAt = new Date('2026-10-02T15:00:00Z');
    const paid = await transitionDonation(ctx.db, { id: late.id, action: 'pay', actor: null, source: 'webhook', completedAt: paidAt });
    expect(paid.createdAt).toEqual(paidAt);
    expect((await september()).received_cents).toBe(20_000);
    const history = (await get(`/api/v1/admin/donations/${late.id}/review`)).history.map((h: { message: string }) => h.message);
    expect(history).toContain(`La pasarela cobró la donación ${late.referenceCode}. Quedó con fecha del 02/10/2026: su fecha anterior, el 29/09/2026, es de septiembre de 2026, un mes ya cerrado`);
  });
});
