// The register's method of each gift (docs/product.md#the-register-and-the-close, migration 0046): a past gift
// imported with its method (card, deposit, cash) shows under it, and every gift in kind (imported, entered
// by staff, or recorded of goods or services without a method) is one line, "En especie"; in the rows, the
// totals and the exported file alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@donaciones/shared/schemas/imports';
import type { Register } from '@donaciones/shared/schemas/accounting';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;
const period = 'from=2025-05-01&to=2025-05-31';
const noon = (day: string) => new Date(`${day}T12:00:00-06:00`);

const csv = [
  'Nombre;Correo;Fecha;Monto;Forma de pago;Recibo',
  'Tere Tarjeta;tere.metodo@prueba.gt;03/05/2025;100;Tarjeta;MP-1',
  'Dora Depósito;dora.metodo@prueba.gt;04/05/2025;200;Depósito bancario;MP-2',
  'Efra Efectivo;efra.metodo@prueba.gt;05/05/2025;300;efectivo;MP-3',
  'Enma Especie;enma.metodo@prueba.gt;06/05/2025;400;En especie;MP-4',
  'Sofi Sin Método;sofi.metodo@prueba.gt;07/05/2025;50;;MP-5',
  'Beto Bitcoin;beto.metodo@prueba.gt;08/05/2025;60;Bitcoin;MP-6',
].join('\n');

function importGifts(dry_run: boolean) {
  return inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/imports',
    token: finance.token,
    payload: {
      kind: 'gifts',
      file_name: 'historial.csv',
      content_base64: Buffer.from(csv, 'utf8').toString('base64'),
      mapping: { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', method: 'Forma de pago', receipt: 'Recibo' },
      dry_run,
    },
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  expect((await importGifts(false)).statusCode).toBe(201);
  // A gift in kind the office entered as received (payment method in_kind, type goods).
  const entered = await inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/gifts',
    token: finance.token,
    payload: { donorName: 'Olga Oficina', method: 'in_kind', inKindDescription: '20 mochilas', valuationBasis: 'Factura de compra', amount: 500, currency: 'GTQ', receivedOn: '2025-05-10', completed: true },
  });
  expect(entered.statusCode, entered.body).toBe(201);
  // Gifts of goods and of services recorded without a method, as the service API records them.
  await make.donation(ctx.db, { amount: 600, donationType: 'goods', description: 'Útiles', createdAt: noon('2025-05-11') });
  await make.donation(ctx.db, { amount: 700, donationType: 'services', description: 'Consultas médicas', createdAt: noon('2025-05-12') });
});
afterAll(async () => ctx?.close());

describe('an import\'s method column', () => {
  it('is guessed from its header, read in the dry run, and refuses a method it does not know, naming it', async () => {
    const preview = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/imports/preview',
      token: finance.token,
      payload: { kind: 'gifts', file_name: 'historial.csv', content_base64: Buffer.from(csv, 'utf8').toString('base64') },
    });
    expect(preview.json().suggested_mapping).toMatchObject({ method: 'Forma de pago', date: 'Fecha' });
    const again = (await importGifts(true)).json<ImportResult>();
    expect(again.lines.map((l) => [l.line, l.outcome, l.outcome === 'refused' ? l.reason : l.detail])).toEqual([
      [2, 'repeated', 'Tere Tarjeta: Q100.00 del 03/05/2025, recibo MP-1, Tarjeta'],
      [3, 'repeated', 'Dora Depósito: Q200.00 del 04/05/2025, recibo MP-2, Depósito bancario'],
      [4, 'repeated', 'Efra Efectivo: Q300.00 del 05/05/2025, recibo MP-3, Efectivo'],
      [5, 'repeated', 'Enma Especie: Q400.00 del 06/05/2025, recibo MP-4, En especie'],
      [6, 'repeated', 'Sofi Sin Método: Q50.00 del 07/05/2025, recibo MP-5'],
      [7, 'refused', 'El método de pago «Bitcoin» no se reconoce (Efectivo, Cheque, Tarjeta, Transferencia, Depósito o En especie).'],
    ]);
  });
});

describe('the register', () => {
  it('shows an imported gift under the method its file gave, and every gift in kind on one line', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/register?${period}`, token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Register>();
    expect(body.movements.map((m) => [m.donor, m.method])).toEqual([
      ['Tere Tarjeta', 'card'],
      ['Dora Depósito', 'bank_deposit'],
      ['Efra Efectivo', 'cash'],
      ['Enma Especie', 'in_kind'],
      ['Sofi Sin Método', 'monetary'],
      ['Olga Oficina', 'in_kind'],
      [expect.any(String), 'in_kind'],
      [expect.any(String), 'in_kind'],
    ]);
    expect(body.totals.by_method.map((t) => [t.label, t.count, t.gross_cents])).toEqual([
      ['Depósito o transferencia bancaria', 1, 20_000],
      ['Tarjeta', 1, 10_000],
      ['Efectivo', 1, 30_000],
      ['En especie', 4, 220_000],
      ['Sin especificar', 1, 5_000],
    ]);
  });

  it('writes the same methods in its file', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/register/export?${period}&format=csv`, token: finance.token });
    expect(res.statusCode).toBe(200);
    const rows = res.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    const methods = rows.map((row) => ['Tarjeta', 'Depósito o transferencia bancaria', 'Efectivo', 'En especie', 'Sin especificar'].find((label) => row.includes(`,${label},`)));
    expect(methods).toEqual(['Tarjeta', 'Depósito o transferencia bancaria', 'Efectivo', 'En especie', 'Sin especificar', 'En especie', 'En especie', 'En especie']);
  });
});
