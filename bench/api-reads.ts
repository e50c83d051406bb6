// API reads under load (benchmark 1 of docs/performance.md): GET /api/v1/donations?limit=20 and
// GET /api/v1/donations/stats on PostgreSQL with 100,000 donations, 50 connections (autocannon),
// against a bare node:http server answering the same bytes in the same run.
// Targets: stats >= 5,000 req/s, >= 10% of bare, p99 <= 30 ms; list >= 2,500 req/s, p99 <= 50 ms.
//
//   npx tsx bench/api-reads.ts
//   BENCH_SECONDS=3 BENCH_WARMUP_SECONDS=1 npx tsx bench/api-reads.ts      (a quick look)
//
// Creates the database `bench_api` on BENCH_DATABASE_URL's server and drops it at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { ensureDefaultSettings } from '../apps/api/src/platform/settings';
import { bulkLoad } from './scale/generate';
import { type Child, type LoadFigures, captureAnswers, describe, load, machineLoad, result, scratchDatabase, startChild } from './support';

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;

const cases = [
  { name: 'stats', path: '/api/v1/donations/stats', minRate: 5_000, minRatio: 0.1, maxP99: 30 },
  { name: 'list', path: '/api/v1/donations?limit=20', minRate: 2_500, minRatio: 0, maxP99: 50 },
] as const;

function rowsOf<T>(value: unknown): T[] {
  return ((value as { rows?: T[] }).rows ?? (value as T[])) as T[];
}

/**
 * 100,000 donations over ~43 days in one INSERT ... SELECT, each with its donor (the 20,000 donors
 * are created first, as the matching trigger would); the per-row triggers are off for the bulk load
 * and what they keep is rebuilt from the ledger (bench/scale/generate.ts, bulkLoad), then checked.
 */
async function seed(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir(), poolSize: 2 });
  try {
    await ensureDefaultSettings(database.db);
    await database.db.execute(sql`
      INSERT INTO donors (name, emails) SELECT 'Donante ' || k, ARRAY['donante' || k || '@correo.gt'] FROM generate_series(0, 19999) AS k`);
    await bulkLoad(
      (text) => database.db.execute(sql.raw(text)),
      () =>
        database.db.execute(sql`
      INSERT INTO donations (reference_code, donor_id, donor_name, donor_email, donor_phone, amount_cents, currency, donation_type, status,
                             description, source, card_last4, card_brand, receipt_number, created_at, updated_at, completed_at)
      SELECT '#MG' || lpad(i::text, 8, '0'),
             r.id,
             (ARRAY['María','José','Lucía','Carlos','Ana','Luis','Sofía','Jorge'])[1 + i % 8] || ' ' ||
               (ARRAY['García','López','Pérez','Hernández','Morales','Castillo','Ajú'])[1 + i % 7],
             'donante' || (i % 20000) || '@correo.gt',
             '+502 5555-' || lpad((i % 10000)::text, 4, '0'),
             (ARRAY[1500, 3500, 7500, 18500, 5000, 10000, 25000])[1 + i % 7],
             'GTQ',
             (ARRAY['monetary','monetary','monetary','goods','services'])[1 + i % 5],
             s.status,
             'Donación para útiles escolares',
             'public',
             '4242', 'visa',
             CASE WHEN s.status = 'completed' THEN i END,
             now() - (i * interval '37 seconds'),
             now() - (i * interval '37 seconds'),
             CASE WHEN s.status = 'completed' THEN now() - (i * interval '37 seconds') + interval '1 hour' END
      FROM generate_series(1, ${DONATIONS}::int) AS i
      JOIN donors r ON r.emails[1] = 'donante' || (i % 20000) || '@correo.gt'
      CROSS JOIN LATERAL (
        SELECT CASE WHEN i % 20 < 14 THEN 'completed' WHEN i % 20 < 16 THEN 'pending' WHEN i % 20 < 18 THEN 'failed'
                    WHEN i % 20 < 19 THEN 'cancelled' ELSE 'expired' END AS status
      ) s`),
    );
    await database.db.execute(sql`SELECT setval('receipt_number_seq', ${DONATIONS + 1})`);
    await database.db.execute(sql`VACUUM ANALYZE`);
    const [check] = rowsOf<{ ok: boolean }>(
      await database.db.execute(sql`
        SELECT (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, count(*)::bigint AS n, sum(amount_cents)::bigint AS c FROM donations GROUP BY status) t) =
               (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, sum(count)::bigint AS n, sum(amount_cents)::bigint AS c FROM donation_totals GROUP BY status) t) AS ok`),
    );
    if (!check.ok) throw new Error('donation_totals differs from the ledger after seeding');
  } finally {
    await database.close();
  }
}

async function measure(port: number, urlPath: string): Promise<LoadFigures> {
  const url = `http://127.0.0.1:${port}${urlPath}`;
  if (WARMUP_SECONDS > 0) await load({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  return load({ url, connections: CONNECTIONS, seconds: SECONDS });
}

async function main() {
  console.log(`API reads: ${DONATIONS.toLocaleString('en-US')} donations, ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up`);
  console.log(`Machine at start: ${machineLoad()}`);
  const database = await scratchDatabase('bench_api');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const children: Child[] = [];
  let allMet = true;
  try {
    const started = Date.now();
    await seed(database.url);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (row triggers off, what they keep rebuilt and checked against the ledger)`);

    const api = await startChild('bench/servers/api-server.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RUN_JOBS: '0',
      DEMO_SEED: '0',
    });
    children.push(api);
    const responsesFile = path.join(dataDir, 'responses.json');
    console.log('Captured answers of the real API:');
    await captureAnswers(api.port, cases.map((c) => c.path), responsesFile, { log: true });
    const bare = await startChild('bench/servers/bare-server.ts', { BARE_RESPONSES: responsesFile });
    children.push(bare);

    for (const c of cases) {
      const bareFigures = await measure(bare.port, c.path);
      const apiFigures = await measure(api.port, c.path);
      const ratio = apiFigures.requestsPerSecond / bareFigures.requestsPerSecond;
      const clean = apiFigures.errors === 0 && apiFigures.non2xx === 0;
      const met = apiFigures.requestsPerSecond >= c.minRate && ratio >= c.minRatio && apiFigures.p99 <= c.maxP99 && clean;
      allMet &&= met;
      console.log(`\nGET ${c.path}`);
      console.log(`  bare node:http ${describe(bareFigures)}`);
      console.log(`  API            ${describe(apiFigures)}`);
      console.log(`  API / bare     ${(ratio * 100).toFixed(1)}%`);
      const target = `>= ${c.minRate.toLocaleString('en-US')} req/s${c.minRatio ? `, >= ${c.minRatio * 100}% of bare` : ''}, p99 <= ${c.maxP99} ms`;
      result(
        `api-reads ${c.name}: ${Math.round(apiFigures.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${apiFigures.p50} ms, p99 ${apiFigures.p99} ms, ` +
          `${(ratio * 100).toFixed(1)}% of bare (${Math.round(bareFigures.requestsPerSecond).toLocaleString('en-US')} req/s); target ${target}: ${met ? 'met' : 'MISSED'}`,
      );
    }
    console.log(`\nMachine at end: ${machineLoad()}`);
    process.exitCode = allMet ? 0 : 1;
  } finally {
    for (const child of children) await child.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
