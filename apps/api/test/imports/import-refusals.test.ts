// The words of a past gift's refusal in the import's dry run (docs/product.md#imports): a line dated in a
// month the close reached names its own month and how far Contabilidad is closed, and every line shows its
// date as a Guatemalan reads it (dd/mm/aaaa), also when it is refused for another donor's email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@donaciones/shared/schemas/imports';
import { accountingCloses } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  // Contabilidad closed up to March 2024.
  await ctx.db.insert(accountingCloses).values({ month: '2024-03', closedBy: finance.id, summary: {} });
  await make.donation(ctx.db, { donorEmail: 'rosa.registrada@prueba.gt', donorName: 'Rosa Registrada', status: 'completed' });
});
afterAll(async () => {
  await ctx?.close();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const mapping = { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', receipt: 'Recibo' };

describe('a past gift refused in the dry run', () => {
  it('names the month of its date and how far the close reaches, and shows every date as dd/mm/aaaa', async () => {
    const csv =
      'Nombre;Correo;Fecha;Monto;Recibo\n' +
      'Carmen Solís;carmen.solis@prueba.gt;15/01/2024;1,250.00;R-1\n' +
      'Eva Mora;eva.mora@prueba.gt;20/03/2024;300.00;R-2\n' +
      'Rosa Luna;rosa.registrada@prueba.gt;11/05/2024;90.00;R-3\n';
    const res = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/imports',
      token: finance.token,
      payload: { kind: 'gifts', file_name: 'historial.csv', content_base64: base64(csv), mapping, dry_run: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().lines.map((l) => [l.line, l.outcome, l.detail, l.reason])).toEqual([
      [2, 'refused', 'Carmen Solís: Q1,250.00 del 15/01/2024, recibo R-1', 'La fecha cae en enero de 2024, y Contabilidad está cerrada hasta marzo de 2024.'],
      [3, 'refused', 'Eva Mora: Q300.00 del 20/03/2024, recibo R-2', 'La fecha cae en marzo de 2024, un mes ya cerrado en Contabilidad.'],
      [
        4,
        'refused',
        'Rosa Luna: Q90.00 del 11/05/2024, recibo R-3',
        'El correo ya es de «Rosa Registrada», un donante con otro nombre: corrige el nombre o el correo de la línea.',
      ],
    ]);
  });
});
