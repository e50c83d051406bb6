// A bank transfer the office entered (docs/product.md#staff-gift-entry) is verified against the bank as a deposit is
// (docs/product.md#bank-deposits): it waits under "Depósitos por verificar" and is matched as a deposit is. A transfer
// made through the gateway (Recurrente) is the gateway's to settle and stays out of all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guatemalaDay } from '@donaciones/shared/format';
import type { AdminDonationList } from '@donaciones/shared/schemas/admin';
import type { StatementImport } from '@donaciones/shared/schemas/bank-statements';
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

/** A gift entered on "Registrar una donación"; its id. */
async function enter(gift: Record<string, unknown>): Promise<number> {
  const res = await post('/api/v1/admin/gifts', { currency: 'GTQ', receivedOn: guatemalaDay(new Date()), ...gift });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}

describe('"Depósitos por verificar"', () => {
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

describe('a dollar transfer against a quetzal statement line', () => {
  // Decision 0024: amounts are compared in the gift's own currency, for deposits and the office's transfers alike.
  it('is matched exactly as a dollar deposit is: named by its reference, a near-miss for its amount', async () => {
    const today = guatemalaDay(new Date());
    const usd = { currency: 'USD', amount: 100 };
    const transfer = await enter({ ...usd, donorName: 'Julia Dólares', donorEmail: 'julia.usd@prueba.gt', method: 'transfer', reference: 'TRF-66112233' });
    const deposit = await enter({ ...usd, donorName: 'Karla Dólares', donorEmail: 'karla.usd@prueba.gt', method: 'deposit', reference: 'BI-66445566' });
    const day = `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const file = `Fecha;Descripción;No. Documento;Débito;Crédito\n${day};CREDITO ACH;66112233;;770,00\n${day};DEPOSITO;66445566;;770,00\n`;
    const imported = await post('/api/v1/admin/bank-statements', {
      bank: 'Banco Dólares',
      file_name: 'dolares.csv',
      content_base64: Buffer.from(file, 'utf8').toString('base64'),
      mapping: { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [first, second] = json<StatementImport>(imported).lines;
    const shape = (line: StatementImport['lines'][number], id: number) => ({ state: line.state, candidate: line.candidates.find((c) => c.donation_id === id)?.kind });
    expect(shape(first, transfer)).toEqual(shape(second, deposit));
    expect(shape(first, transfer)).toEqual({ state: 'near_miss', candidate: 'amount_differs' });
  });
});
