// The embedded database (PGlite) in a data directory, as `npm start` opens it: created on the first
// start (in a child process, so that the server does not keep initdb's memory), reopened afterwards,
// with small shared buffers (db/client.ts, docs/performance.md "Memory").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

// Only on the embedded database: the api-postgres project leaves this file out (vitest.config.ts).
describe('embedded database in a data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created and migrated on the first start, keeps its data across restarts, and runs with 16 MB of shared buffers', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await first.db.execute(sql`INSERT INTO supporters (name) VALUES ('Librería El Estudiante')`);
      const [buffers] = rowsOf<{ shared_buffers: string }>(await first.db.execute(sql`SHOW shared_buffers`));
      expect(buffers.shared_buffers).toBe('16MB');
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      const names = rowsOf<{ name: string }>(await again.db.execute(sql`SELECT name FROM supporters`)).map((r) => r.name);
      expect(names).toContain('Librería El Estudiante');
    } finally {
      await again.close();
    }
  }, 120_000);
});
