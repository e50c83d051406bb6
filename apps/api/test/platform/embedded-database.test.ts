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
import { createTestApp, inject } from '../support/helpers';

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

/** A query that keeps PGlite busy for about a second or more (it counts in WebAssembly). */
const SLOW_QUERY = sql`SELECT count(*) AS n FROM generate_series(1, 6000000) AS i WHERE i % 7 = 3`;

/** How late a 10 ms timer of this thread fires while `busy` runs. */
async function timerDelayDuring(busy: Promise<unknown>): Promise<{ worstMs: number; ticks: number }> {
  let done = false;
  void busy.finally(() => {
    done = true;
  });
  let worstMs = 0;
  let ticks = 0;
  while (!done) {
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    worstMs = Math.max(worstMs, performance.now() - started - 10);
    ticks++;
  }
  await busy;
  return { worstMs, ticks };
}

// Decision 0047: PGlite runs in a worker thread; the server's thread stays free during a query.
describe('embedded database in its own thread', () => {
  it('leaves the server thread free while a slow query runs, and serializes transactions', async () => {
    const handle = await openDatabase({ dataDir: tmpdir(), memory: true });
    try {
      const started = performance.now();
      const slow = handle.db.execute(SLOW_QUERY);
      const { worstMs, ticks } = await timerDelayDuring(slow);
      const slowMs = performance.now() - started;
      // In the server's thread the timer could not fire until the query ended (one tick, as late as the query).
      expect(ticks).toBeGreaterThan(3);
      expect(worstMs).toBeLessThan(Math.max(100, slowMs / 3));

      // A transaction holds the one connection: a read outside it waits for the commit and sees the row.
      const inside = handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO supporters (name) VALUES ('Tienda La Esquina')`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`INSERT INTO supporters (name) VALUES ('Panadería San Juan')`);
      });
      const outside = handle.db.execute(sql`SELECT count(*)::int AS n FROM supporters WHERE name IN ('Tienda La Esquina', 'Panadería San Juan')`);
      await inside;
      expect(rowsOf<{ n: number }>(await outside)[0].n).toBe(2);
      // A transaction that fails is rolled back whole, and the connection serves the next query.
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO supporters (name) VALUES ('Ferretería El Martillo')`);
          await tx.execute(sql`SELECT 1/0`);
        }),
      ).rejects.toThrow();
      const after = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM supporters WHERE name = 'Ferretería El Martillo'`));
      expect(after[0].n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('runs each query\'s messages together: a statement that fails to parse or to run answers its error, and the next ones their rows', async () => {
    const handle = await openDatabase({ dataDir: tmpdir(), memory: true });
    try {
      // node-postgres sends parse, bind, describe, execute and sync in one write; the worker runs them in one call.
      const failure = (query: Promise<unknown>) => query.then(() => 'no error', (err: Error & { cause?: Error }) => (err.cause ?? err).message);
      expect(await failure(handle.db.execute(sql`SELEC ${1}::int`))).toMatch(/syntax error/);
      expect(await failure(handle.db.execute(sql`SELECT ${1}::int / ${0}::int`))).toMatch(/division by zero/);
      const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => handle.db.execute(sql`SELECT ${n}::int * 10 AS n, repeat('x', ${n * 20_000}) AS filler`)));
      expect(answers.map((a) => rowsOf<{ n: number; filler: string }>(a)[0])).toEqual([1, 2, 3, 4, 5].map((n) => ({ n: n * 10, filler: 'x'.repeat(n * 20_000) })));
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('answers /health at once while the database is busy with a query', async () => {
    const ctx = await createTestApp();
    try {
      let slowEnded = false;
      const slow = ctx.db.execute(SLOW_QUERY).then(() => {
        slowEnded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/health' });
      // Answered while the query still ran (in the server's thread it could only answer after it).
      expect(slowEnded).toBe(false);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', database_kind: 'pglite' });
      await slow;
      // Idle again, it asks the database itself.
      expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/health' })).json()).toMatchObject({ database: 'ok' });
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
