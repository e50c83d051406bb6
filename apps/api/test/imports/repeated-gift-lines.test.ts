// Two identical past-gift lines in one file (docs/product.md#imports, decision 0084): the second is refused,
// since a row copied twice would otherwise double a gift, and its reason says what the line's key reads
// and how to bring in both if they are two real gifts: a note (or a receipt number) in one of them. The
// file so corrected imports both, and importing it again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportResult } from '@donaciones/shared/schemas/imports';
import { donations } from '../../src/db/schema';
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

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const mapping = { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', note: 'Nota' };
const EMAIL = 'julia.coc@prueba.gt';

async function run(csv: string, dryRun: boolean, kind: 'gifts' | 'donors' = 'gifts') {
  const res = await inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/imports',
    token: finance.token,
    payload: { kind, file_name: 'historial.csv', content_base64: base64(csv), mapping: kind === 'gifts' ? mapping : { name: 'Nombre', email: 'Correo' }, dry_run: dryRun },
  });
  expect(res.statusCode, res.body).toBe(dryRun ? 200 : 201);
  return res.json<ImportResult>().lines.map((l) => [l.line, l.outcome, l.reason]);
}
const importedGiftsOf = (email: string) => ctx.db.select({ id: donations.id }).from(donations).where(and(eq(donations.source, 'import'), eq(donations.donorEmail, email)));
const giftsOfJulia = () => importedGiftsOf(EMAIL);

const REFUSAL =
  'Tiene el mismo donante, fecha, monto y nota que la línea 2, así que se toma por la misma donación escrita dos veces. ' +
  'Si son dos donaciones distintas, escribe en una de las dos su No. de recibo o una Nota que las distinga (por ejemplo «segunda del día») y vuelve a revisar el archivo.';

describe('two identical gift lines in one file', () => {
  it('refuses the second with how to import both; a note then sets them apart, and the file imports once', async () => {
    const twice = `Nombre;Correo;Fecha;Monto;Nota\nJulia Coc;${EMAIL};12/04/2025;250.00;\nJulia Coc;${EMAIL};12/04/2025;250.00;\n`;
    expect(await run(twice, true)).toEqual([
      [2, 'created', null],
      [3, 'refused', REFUSAL],
    ]);
    expect(await run(twice, false)).toEqual([
      [2, 'created', null],
      [3, 'refused', REFUSAL],
    ]);
    expect(await giftsOfJulia()).toHaveLength(1);

    // They were two gifts: staff write a note in the second and bring the file in again.
    const apart = `Nombre;Correo;Fecha;Monto;Nota\nJulia Coc;${EMAIL};12/04/2025;250.00;\nJulia Coc;${EMAIL};12/04/2025;250.00;segunda del día\n`;
    // Julia is on record since the first import: her second gift matches her.
    expect(await run(apart, false)).toEqual([
      [2, 'repeated', null],
      [3, 'matched', null],
    ]);
    expect(await giftsOfJulia()).toHaveLength(2);
    // The same file again adds nothing.
    expect(await run(apart, false)).toEqual([
      [2, 'repeated', null],
      [3, 'repeated', null],
    ]);
    expect(await giftsOfJulia()).toHaveLength(2);
  });

  it('takes both when one of them gets its receipt number, and once only', async () => {
    const email = 'tomas.xol@prueba.gt';
    const csv = (receipt: string) =>
      `Nombre;Correo;Fecha;Monto;Recibo\nTomás Xol;${email};03/02/2025;75.00;\nTomás Xol;${email};03/02/2025;75.00;${receipt}\n`;
    const withReceipt = { ...mapping, note: undefined, receipt: 'Recibo' };
    const send = async (text: string) => {
      const res = await inject(ctx.app, {
        method: 'POST',
        url: '/api/v1/admin/imports',
        token: finance.token,
        payload: { kind: 'gifts', file_name: 'recibos.csv', content_base64: base64(text), mapping: withReceipt, dry_run: false },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ImportResult>().lines.map((l) => [l.line, l.outcome, l.reason]);
    };
    expect((await send(csv('')))[1]).toEqual([3, 'refused', REFUSAL]);
    expect(await send(csv('B-207'))).toEqual([
      [2, 'repeated', null],
      [3, 'matched', null],
    ]);
    expect(await send(csv('B-207'))).toEqual([
      [2, 'repeated', null],
      [3, 'repeated', null],
    ]);
    expect(await importedGiftsOf(email)).toHaveLength(2);
  });

  it('keeps the short words for a donor written twice, which is one donor', async () => {
    const csv = 'Nombre;Correo\nPedro Sic;pedro.sic@prueba.gt\nPedro Sic;pedro.sic@prueba.gt\n';
    expect(await run(csv, true, 'donors')).toEqual([
      [2, 'created', null],
      [3, 'refused', 'Es igual a la línea 2.'],
    ]);
  });
});
