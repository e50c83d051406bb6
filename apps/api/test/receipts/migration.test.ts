// Migration 0006 on a database that already has donations (docs/product.md#receipts, decision 0020):
// every donation that had a receipt number keeps it as a stored receipt, in completion order, with its
// tax id kind; a refunded one is void; the counter continues after the largest number.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { embeddedExtensions, migrationsFolder } from '../../src/db/client';

const client = new PGlite({ extensions: await embeddedExtensions() });
const dir = mkdtempSync(path.join(tmpdir(), 'migraciones-'));
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before 0006 (the journal cut after 0005). */
function foldersBefore0006(): string {
  const folder = path.join(dir, 'antes');
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0006');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0006 on existing donations', () => {
  it('issues a receipt for every numbered donation, keeping its number, and continues the counter', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: foldersBefore0006() });
    await client.exec(`
      INSERT INTO settings (key, value) VALUES ('organization', '{"name":"Fundación Antigua","address":"Zona 1","phone":"+502 2222 0000","email":"info@antigua.gt"}');
      INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, donor_nit, donor_tax_id_kind, receipt_number, completed_at)
      VALUES ('#MG00000001', 'Ana', 'ana@correo.gt', 10000, 'monetary', 'completed', 'public', '1234567-9', 'nit', 5, now() - interval '2 days'),
             ('#MG00000002', 'Beto', 'beto@correo.gt', 20000, 'monetary', 'completed', 'public', '2345678901234', NULL, 3, now() - interval '3 days'),
             ('#MG00000003', 'Caro', 'caro@correo.gt', 30000, 'monetary', 'pending', 'public', NULL, NULL, NULL, NULL);
      INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, receipt_number, completed_at, refunded_at, refund_reason)
      VALUES ('#MG00000004', 'Dani', 'dani@correo.gt', 40000, 'monetary', 'refunded', 'public', 7, now() - interval '1 day', now(), 'Duplicada');
    `);
    await migrate(db, { migrationsFolder: migrationsFolder() });

    const { rows } = await client.query<{ reference_code: string; series: string; number: number; kind: string; tax_id: string; void_reason: string | null; org: string }>(`
      SELECT reference_code, series, number, donor_tax_id_kind AS kind, donor_tax_id AS tax_id, void_reason, issuer->'organization'->>'name' AS org
      FROM receipts ORDER BY id`);
    // In completion order, each with the number the donor already had.
    expect(rows).toEqual([
      { reference_code: '#MG00000002', series: 'A', number: 3, kind: 'cui', tax_id: '2345678901234', void_reason: null, org: 'Fundación Antigua' },
      { reference_code: '#MG00000001', series: 'A', number: 5, kind: 'nit', tax_id: '1234567-9', void_reason: null, org: 'Fundación Antigua' },
      { reference_code: '#MG00000004', series: 'A', number: 7, kind: 'cf', tax_id: 'CF', void_reason: 'Duplicada', org: 'Fundación Antigua' },
    ]);
    const counters = await client.query<{ series: string; last_number: number }>('SELECT series, last_number FROM receipt_counters');
    expect(counters.rows).toEqual([{ series: 'A', last_number: 7 }]);
  });
});
