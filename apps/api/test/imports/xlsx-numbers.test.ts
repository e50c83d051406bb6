// Amounts of an XLSX import as Excel shows them (docs/product.md#imports): a cell that holds the result of
// arithmetic (a sum, a formula) keeps the binary noise of a floating-point number, 1250.4999999999998 or
// 0.30000000000000004, which Excel shows as 1,250.50 and 0.30. Such a line is read as staff see it, not
// refused for "más de dos decimales"; a real third decimal is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ImportResult } from '@donaciones/shared/schemas/imports';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => {
  await ctx?.close();
});

async function workbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Donaciones');
  sheet.addRow(['Nombre', 'Correo', 'Fecha', 'Monto', 'Recibo']);
  // 416.85 * 3 in floating point is 1250.5500000000002: Excel shows 1,250.55.
  sheet.addRow(['Rosa Xe', 'rosa.xe@prueba.gt', new Date(Date.UTC(2024, 0, 15)), 416.85 * 3, 'X-1']);
  sheet.addRow(['Rosa Xe', 'rosa.xe@prueba.gt', new Date(Date.UTC(2024, 0, 16)), { formula: '0.1+0.2', result: 0.1 + 0.2 }, 'X-2']);
  sheet.addRow(['Rosa Xe', 'rosa.xe@prueba.gt', new Date(Date.UTC(2024, 0, 17)), 99.999, 'X-3']);
  sheet.getColumn(4).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('an XLSX amount computed in the sheet', () => {
  it('is read as Excel shows it (Q1,250.55, Q0.30), and a real third decimal is still refused', async () => {
    expect(416.85 * 3).not.toBe(1250.55);
    const content = await workbook();
    const preview = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/imports/preview',
      token: finance.token,
      payload: { kind: 'gifts', file_name: 'historial.xlsx', content_base64: content },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows.map((r: string[]) => r[3])).toEqual(['1250.55', '0.3', '99.999']);

    const res = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/imports',
      token: finance.token,
      payload: {
        kind: 'gifts',
        file_name: 'historial.xlsx',
        content_base64: content,
        mapping: { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', receipt: 'Recibo' },
        dry_run: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().lines.map((l) => [l.line, l.outcome, l.detail, l.reason])).toEqual([
      [2, 'created', 'Rosa Xe: Q1,250.55 del 15/01/2024, recibo X-1', null],
      [3, 'created', 'Rosa Xe: Q0.30 del 16/01/2024, recibo X-2', null],
      // A number cell has no thousands to mistake: a third decimal is too many, not unclear.
      [4, 'refused', 'Rosa Xe', 'Monto «99.999»: El monto admite como máximo dos decimales.'],
    ]);
  });
});
