// The "Donantes" search at 50,000 donors (docs/product.md#donors, decision 0039): 50,000 donors made
// by the donations' insert trigger from ~80,000 gifts on PostgreSQL, then each kind of query of the
// list (a frequent name, a rare surname, an email part, a NIT, a phone, a reference, filters alone,
// the second page) run repeatedly through domain/donors/search.ts. Prints p50/p99 per kind and
// overall. Target: p99 <= 300 ms.
//
//   npx tsx bench/donors-search.ts
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_DONORS=50000 npx tsx bench/donors-search.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { rowsOf } from '../apps/api/src/db/rows';
import { listDonors } from '../apps/api/src/domain/donors/search';
import { machineLoad, result, scratchDatabase, target } from './support';

const DONORS = Number(process.env.BENCH_DONORS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FIRST = ['María', 'José', 'Lucía', 'Juan', 'Ana', 'Carlos', 'Rosa', 'Pedro', 'Elena', 'Luis'];
const LAST = ['Pérez', 'López', 'García', 'Xocop', 'Tuyuc', 'Ajú', 'Chán', 'Morales', 'Castillo', 'Quiñónez'];

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

async function main() {
  console.log(`Donors search: ${DONORS} donors, ${RUNS} runs per query  ${machineLoad()}`);
  const database = await scratchDatabase('bench_donors_search');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-donors-'));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir, poolSize: 2 });
  const db = handle.db;
  try {
    const started = performance.now();
    // Donor i gives 1-2 gifts (a third give twice, one of them with the email in capitals).
    await db.execute(sql`INSERT INTO donations (reference_code, donor_name, donor_email, donor_phone, donor_nit, amount_cents, currency,
        donation_type, status, source, created_at, updated_at, completed_at)
      SELECT '#MG' || lpad((70000000 + g.n)::text, 8, '0'), f.name, CASE WHEN g.n % 2 = 1 THEN upper(f.email) ELSE f.email END,
             '+502 ' || (50000000 + f.i)::text, CASE WHEN f.i % 5 = 0 THEN (1000000 + f.i)::text || 'K' END,
             5000 + (f.i % 50) * 1000, 'GTQ', 'monetary', 'completed', 'seed', f.t, f.t, f.t
      FROM (SELECT i, ${sql.raw(`(ARRAY['${FIRST.join("','")}'])`)}[1 + i % 10] || ' ' || ${sql.raw(`(ARRAY['${LAST.join("','")}'])`)}[1 + (i / 10) % 10] || ' ' || i AS name,
                   'donante' || i || '@bench.local' AS email, timestamptz '2024-01-01' + (i % 700 || ' days')::interval AS t
            FROM generate_series(1, ${DONORS}) AS i) f,
           LATERAL (SELECT f.i * 2 AS n UNION ALL SELECT f.i * 2 + 1 WHERE f.i % 3 = 0) g`);
    await db.execute(sql`ANALYZE`);
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM donors`));
    console.log(`seeded ${n} donors in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const second = (await listDonors(db, { q: 'maria' })).nextCursor ?? undefined;
    const queries: [string, Parameters<typeof listDonors>[1]][] = [
      ['frequent first name', { q: 'maria' }],
      ['name and surname', { q: 'lucia xocop' }],
      ['rare: one donor', { q: 'quinonez 4321' }],
      ['email part', { q: 'donante4321@' }],
      ['NIT', { q: '1004320K' }],
      ['phone', { q: '50004321' }],
      ['gift reference', { q: '#MG70008642' }],
      ['filters: total and last gift', { minTotal: 400, lastFrom: '2025-01-01' }],
      ['no filter, first page', {}],
      ['second page of a frequent name', { q: 'maria', cursor: second }],
    ];
    const all: number[] = [];
    for (const [label, query] of queries) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t = performance.now();
        await listDonors(db, query);
        times.push(performance.now() - t);
      }
      all.push(...times);
      result(`donors search ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`);
    }
    const p99 = pct(all, 99);
    target(`Donors search p99 at ${n} donors`, '<= 300 ms', `${p99.toFixed(1)} ms`, p99 <= 300);
  } finally {
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
