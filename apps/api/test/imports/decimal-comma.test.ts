// Amounts an import file writes with the decimal comma (docs/product.md#imports, decision 0079): the amount
// column's mark is read from the whole column as a bank file's is, so `1.250,50` and `Q 1.250,50` are
// Q1,250.50 where the column's amounts end in `,dd`; an amount still unclear in its column, or a column
// mixing both marks, is refused on its line naming the value; an XLSX number cell is read as its number.
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

const mapping = { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', currency: 'Moneda', receipt: 'Recibo' };

async function dryRun(kind: string, content_base64: string, map: Record<string, string> = mapping): Promise<ImportResult> {
  const res = await inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/imports',
    token: finance.token,
    payload: { kind, file_name: 'historial', content_base64, mapping: map, dry_run: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
}

const csv = (lines: string[]) => Buffer.from(['Nombre;Correo;Fecha;Monto;Moneda;Recibo', ...lines].join('\n') + '\n', 'utf8').toString('base64');
const outcomes = (result: ImportResult) => result.lines.map((l) => [l.line, l.outcome, l.outcome === 'refused' ? l.reason : l.detail]);

describe('an import whose amounts use the decimal comma', () => {
  it('reads 1.250,50 and Q 1.250,50 as Q1,250.50, and refuses what the column still leaves unclear, naming the value', async () => {
    const result = await dryRun(
      'gifts',
      csv([
        'Ana Coma;ana.coma@prueba.gt;02/02/2023;1.250,50;;C-1',
        'Ana Coma;ana.coma@prueba.gt;03/02/2023;Q 1.250,50;GTQ;C-2',
        'Ana Coma;ana.coma@prueba.gt;04/02/2023;300;;C-3',
        'Ana Coma;ana.coma@prueba.gt;05/02/2023;1,5;;C-4',
        'Ana Coma;ana.coma@prueba.gt;06/02/2023;2.000.000;;C-5',
        'Ben Dolar;ben.dolar@prueba.gt;07/02/2023;US$ 75,25;USD;C-6',
        'Ana Coma;ana.coma@prueba.gt;08/02/2023;1,250;;C-7',
        'Ana Coma;ana.coma@prueba.gt;09/02/2023;12,5,0;;C-8',
      ]),
    );
    expect(outcomes(result)).toEqual([
      [2, 'created', 'Ana Coma: Q1,250.50 del 02/02/2023, recibo C-1'],
      [3, 'created', 'Ana Coma: Q1,250.50 del 03/02/2023, recibo C-2'],
      [4, 'created', 'Ana Coma: Q300.00 del 04/02/2023, recibo C-3'],
      [5, 'created', 'Ana Coma: Q1.50 del 05/02/2023, recibo C-4'],
      [6, 'created', 'Ana Coma: Q2,000,000.00 del 06/02/2023, recibo C-5'],
      [7, 'created', 'Ben Dolar: US$75.25 del 07/02/2023, recibo C-6'],
      // Three decimals are never centavos: 1,250 in this file could be Q1.25 mistyped or a thousand written the other way.
      [8, 'refused', 'Monto «1,250»: No está claro qué monto es: en este archivo la coma marca los centavos y el punto los miles, por ejemplo 1.500,50.'],
      [9, 'refused', 'Monto «12,5,0»: Escribe el monto solo con números, como los demás montos del archivo: por ejemplo 1.500 o 1500,50.'],
    ]);
  });

  it('reads a monthly donor\'s amount the same way', async () => {
    const file = Buffer.from('Nombre;Correo;Monto\nLuis Mensual;luis.coma@prueba.gt;"1.150,75"\nEva Mensual;eva.coma@prueba.gt;200\n', 'utf8').toString('base64');
    const result = await dryRun('monthly', file, { name: 'Nombre', email: 'Correo', amount: 'Monto' });
    expect(result.lines.map((l) => [l.line, l.outcome, l.detail.split(' al mes')[0]])).toEqual([
      [2, 'created', 'Luis Mensual: Q1,150.75'],
      [3, 'created', 'Eva Mensual: Q200.00'],
    ]);
  });

  it('refuses, naming both marks by line, an amount a column of decimal commas and points leaves unclear', async () => {
    const result = await dryRun(
      'gifts',
      csv([
        'Rita Mezcla;rita.mezcla@prueba.gt;02/02/2023;1,25;;R-1',
        'Rita Mezcla;rita.mezcla@prueba.gt;03/02/2023;"1,250.00";;R-2',
        'Rita Mezcla;rita.mezcla@prueba.gt;04/02/2023;1.500,00;;R-3',
        'Rita Mezcla;rita.mezcla@prueba.gt;05/02/2023;300.50;;R-4',
      ]),
    );
    const mixed = 'La columna mezcla montos con coma decimal («1,25», línea 2) y con punto decimal («1,250.00», línea 3), así que no está claro qué monto es este. Escribe todos los montos de una misma forma.';
    expect(outcomes(result)).toEqual([
      [2, 'refused', `Monto «1,25»: ${mixed}`],
      [3, 'created', 'Rita Mezcla: Q1,250.00 del 03/02/2023, recibo R-2'],
      [4, 'refused', `Monto «1.500,00»: ${mixed}`],
      [5, 'created', 'Rita Mezcla: Q300.50 del 05/02/2023, recibo R-4'],
    ]);
  });
});

describe('an XLSX whose amount column holds numbers and text', () => {
  it('reads each number cell as its number and the text cells by their own decimal comma', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Donaciones');
    sheet.addRow(['Nombre', 'Correo', 'Fecha', 'Monto', 'Recibo']);
    sheet.addRow(['Sara Hoja', 'sara.hoja@prueba.gt', '02/02/2023', 1250.5, 'S-1']);
    sheet.addRow(['Sara Hoja', 'sara.hoja@prueba.gt', '03/02/2023', { formula: '100.25*3', result: 300.75 }, 'S-2']);
    sheet.addRow(['Sara Hoja', 'sara.hoja@prueba.gt', '04/02/2023', '1.250,50', 'S-3']);
    sheet.addRow(['Sara Hoja', 'sara.hoja@prueba.gt', '05/02/2023', 99.999, 'S-4']);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const result = await dryRun('gifts', content, { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', receipt: 'Recibo' });
    expect(outcomes(result)).toEqual([
      [2, 'created', 'Sara Hoja: Q1,250.50 del 02/02/2023, recibo S-1'],
      [3, 'created', 'Sara Hoja: Q300.75 del 03/02/2023, recibo S-2'],
      [4, 'created', 'Sara Hoja: Q1,250.50 del 04/02/2023, recibo S-3'],
      [5, 'refused', 'Monto «99.999»: El monto admite como máximo dos decimales.'],
    ]);
  });
});
