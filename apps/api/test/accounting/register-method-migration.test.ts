// Migration 0046 on a database that already has gifts: the register's daily rollup, which split the gifts in
// kind into "En especie" (staff gift entry's) and "En especie (bienes)" / "(servicios)" (those recorded
// without a method), is rebuilt with one method for all of them, and the trigger keeps it so afterwards; on
// the embedded database (PGlite's migrator) and on PostgreSQL (node-postgres's) alike.
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';
import { scratchDatabases } from '../support/migrations';

const scratch = scratchDatabases('m46');
afterAll(() => scratch.cleanUp());

const byMethod = `SELECT method, sum(count)::int AS n, sum(gross_cents)::int AS gross FROM register_daily GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`;
const insert = (values: string) => `
  INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, currency, donation_type, payment_method, in_kind_description, valuation_basis,
                         status, source, created_at, completed_at)
  VALUES ${values}`;

describe('migration 0046 on existing gifts', () => {
  // Every migration from an empty database, on PGlite in this worker: 12-45 s on this machine under load.
  it('puts every gift in kind on one line of the register, for the gifts before it and after', { timeout: 120_000 }, async () => {
    const db = await scratch.open();
    await db.migrate(scratch.folderBefore('0046'));
    await db.query(
      insert(`
      ('#MG00000001', 'Ana', 'ana@correo.gt', 40000, 'GTQ', 'goods', 'in_kind', 'Víveres', 'Factura de compra', 'completed', 'service', '2026-05-04 10:00-06', '2026-05-04 10:00-06'),
      ('#MG00000002', 'Beto', 'beto@correo.gt', 25000, 'GTQ', 'goods', NULL, NULL, NULL, 'completed', 'service', '2026-05-05 10:00-06', '2026-05-05 10:00-06'),
      ('#MG00000003', 'Caro', 'caro@correo.gt', 15000, 'GTQ', 'services', NULL, NULL, NULL, 'completed', 'seed', '2026-05-06 10:00-06', '2026-05-06 10:00-06'),
      ('#MG00000004', 'Dora', 'dora@correo.gt', 10000, 'GTQ', 'monetary', 'card', NULL, NULL, 'completed', 'public', '2026-05-07 10:00-06', '2026-05-07 10:00-06'),
      ('#MG00000005', 'Eva', 'eva@correo.gt', 5000, 'GTQ', 'monetary', NULL, NULL, NULL, 'completed', 'import', '2026-05-08 12:00-06', '2026-05-08 12:00-06')`),
    );
    expect((await db.query(byMethod)).rows).toEqual([
      { method: 'card', n: 1, gross: 10000 },
      { method: 'goods', n: 1, gross: 25000 },
      { method: 'in_kind', n: 1, gross: 40000 },
      { method: 'monetary', n: 1, gross: 5000 },
      { method: 'services', n: 1, gross: 15000 },
    ]);

    await db.migrate(migrationsFolder());
    expect((await db.query(byMethod)).rows).toEqual([
      { method: 'card', n: 1, gross: 10000 },
      { method: 'in_kind', n: 3, gross: 80000 },
      { method: 'monetary', n: 1, gross: 5000 },
    ]);

    // The trigger keeps it: a new gift of goods without a method joins the line, and a deleted one leaves it.
    await db.query(insert(`('#MG00000006', 'Fabi', 'fabi@correo.gt', 2000, 'GTQ', 'goods', NULL, NULL, NULL, 'completed', 'service', '2026-05-09 10:00-06', '2026-05-09 10:00-06')`));
    expect((await db.query(byMethod)).rows).toContainEqual({ method: 'in_kind', n: 4, gross: 82000 });
    await db.query(`DELETE FROM donations WHERE reference_code = '#MG00000002'`);
    expect((await db.query(byMethod)).rows).toContainEqual({ method: 'in_kind', n: 3, gross: 57000 });
  });
});
