// Migration 0039 on a database that already has gifts (decision 0059): the rollup per donor gains each
// donor's Guatemala calendar quarter, equal to the ledger, and keeps its months and years as they were;
// on the embedded database (PGlite's migrator) and on PostgreSQL (node-postgres's) alike.
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';
import { scratchDatabases } from '../support/migrations';

const scratch = scratchDatabases('q39');
afterAll(() => scratch.cleanUp());

const byDonor = (spans: string, from: string) => `
  SELECT s.span, to_char(date_trunc(s.span, created_at AT TIME ZONE 'America/Guatemala'), 'YYYY-MM-DD') AS start, lower(donor_email) AS email,
         count(*)::int AS count, sum(CASE WHEN currency = 'GTQ' THEN amount_cents ELSE gtq_cents END)::int AS cents,
         (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id, (array_agg(donor_name ORDER BY created_at DESC, id DESC))[1] AS name
  FROM ${from} CROSS JOIN (VALUES ${spans}) AS s (span)
  WHERE status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const rollup = (spans: string) => `
  SELECT span, to_char(period_start, 'YYYY-MM-DD') AS start, email, count::int AS count, cents::int AS cents, last_id, name
  FROM donation_donor_periods WHERE span IN (${spans}) ORDER BY 1, 2, 3`;

describe('migration 0039 on existing gifts', () => {
  // Every migration from an empty database, on PGlite in this worker: 12-45 s on this machine under load.
  it('fills every donor’s quarter from the ledger and leaves the months and years as they were', { timeout: 120_000 }, async () => {
    const db = await scratch.open();
    await db.migrate(scratch.folderBefore('0039'));
    // Gifts across quarters: one on the last evening of March in Guatemala (April in UTC), one in dollars,
    // a refunded one, a pending one, the same donor under an address in capitals.
    await db.query(`
      INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, currency, gtq_cents, donation_type, status, source, created_at, completed_at)
      VALUES ('#MG00000001', 'Ana', 'ana@correo.gt', 10000, 'GTQ', NULL, 'monetary', 'completed', 'public', '2026-03-31 23:30-06', '2026-03-31 23:31-06'),
             ('#MG00000002', 'Ana López', 'ANA@correo.gt', 20000, 'GTQ', NULL, 'monetary', 'completed', 'public', '2026-02-10 10:00-06', '2026-02-10 10:01-06'),
             ('#MG00000003', 'Ana', 'ana@correo.gt', 5000, 'USD', 39000, 'monetary', 'completed', 'public', '2026-04-01 08:00-06', '2026-04-01 08:01-06'),
             ('#MG00000004', 'Beto', 'beto@correo.gt', 30000, 'GTQ', NULL, 'monetary', 'completed', 'public', '2026-09-30 22:00-06', '2026-09-30 22:01-06'),
             ('#MG00000005', 'Beto', 'beto@correo.gt', 40000, 'GTQ', NULL, 'monetary', 'pending', 'public', '2026-10-02 10:00-06', NULL)`);
    await db.query(`
      INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, created_at, completed_at, refunded_at, refund_reason)
      VALUES ('#MG00000006', 'Caro', 'caro@correo.gt', 70000, 'monetary', 'refunded', 'public', '2026-06-29 10:00-06', '2026-06-29 10:01-06', '2026-07-02 09:00-06', 'Duplicada')`);
    const before = (await db.query(rollup(`'month', 'year'`))).rows;
    expect(before).toEqual((await db.query(byDonor(`('month'), ('year')`, 'donations'))).rows);

    await db.migrate(migrationsFolder());
    expect((await db.query(rollup(`'month', 'year'`))).rows).toEqual(before);
    const quarters = (await db.query(rollup(`'quarter'`))).rows;
    expect(quarters).toEqual((await db.query(byDonor(`('quarter')`, 'donations'))).rows);
    expect(quarters.map(({ start, email, count, cents }) => ({ start, email, count, cents }))).toEqual([
      { start: '2026-01-01', email: 'ana@correo.gt', count: 2, cents: 30000 },
      { start: '2026-04-01', email: 'ana@correo.gt', count: 1, cents: 39000 },
      { start: '2026-07-01', email: 'beto@correo.gt', count: 1, cents: 30000 },
    ]);

    // The triggers keep the quarter from then on: a new gift adds to it, a refund re-reads it.
    await db.query(`INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, created_at, completed_at)
                    VALUES ('#MG00000007', 'Beto', 'beto@correo.gt', 1000, 'monetary', 'completed', 'public', '2026-08-01 10:00-06', '2026-08-01 10:01-06')`);
    await db.query(`UPDATE donations SET status = 'refunded', refunded_at = '2026-04-03 10:00-06', refund_reason = 'Duplicada' WHERE reference_code = '#MG00000001'`);
    expect((await db.query(rollup(`'month', 'quarter', 'year'`))).rows).toEqual((await db.query(byDonor(`('month'), ('quarter'), ('year')`, 'donations'))).rows);
    expect((await db.query(`SELECT count(*)::int AS n FROM donation_donor_periods WHERE span = 'quarter'`)).rows).toEqual([{ n: 3 }]);
  });
});
