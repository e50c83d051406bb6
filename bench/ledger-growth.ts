// Ledger growth benchmark (docs/performance.md): seeds 10,000 and then 1,000,000 donations in PostgreSQL and
// prints the latency of GET /donations/stats and of list pages at both sizes, through the real app
// (app.inject: routing, validation, the service, serialisation). Target: stats at 1M within 1.5x of 10k.
//
//   npx tsx bench/ledger-growth.ts
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_REQUESTS=200 npx tsx bench/ledger-growth.ts
//
// It creates its own database `bench_ledger` on that server and drops it at the end (BENCH_KEEP=1 keeps it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { bulkLoad } from './scale/generate';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_ledger';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const SIZES = [10_000, 1_000_000];

const cases = [
  { name: 'stats', url: '/api/v1/donations/stats' },
  { name: 'list, first page', url: '/api/v1/donations?limit=20' },
  { name: 'list, status=pending', url: '/api/v1/donations?status=pending&limit=20' },
  { name: 'list, page 50', url: '/api/v1/donations?limit=20&offset=1000' },
  { name: 'list, donation_type=goods', url: '/api/v1/donations?donation_type=goods&limit=20' },
] as const;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Appends donations [from, to) in one INSERT ... SELECT generate_series, each with its donor (the
 * 50,000 donors are created first, as the matching trigger would). The per-row triggers are off for
 * the bulk load and what they keep (totals, rollups, donors' figures) is rebuilt from the ledger
 * afterwards (bench/scale/generate.ts, bulkLoad); the script checks the totals at the end.
 */
async function seed(db: Database, from: number, to: number) {
  await db.execute(sql`
    INSERT INTO donors (name, emails)
    SELECT 'Donante ' || k, ARRAY['donante' || k || '@correo.gt'] FROM generate_series(0, 49999) AS k
    WHERE NOT EXISTS (SELECT 1 FROM donors)`);
  await bulkLoad(
    (text) => db.execute(sql.raw(text)),
    () =>
      db.execute(sql`
    INSERT INTO donations (reference_code, donor_id, donor_name, donor_email, amount_cents, currency, donation_type, status,
                           description, source, card_last4, card_brand, receipt_number, created_at, updated_at, completed_at)
    SELECT '#MG' || lpad(i::text, 8, '0'),
           r.id,
           (ARRAY['María','José','Lucía','Carlos','Ana','Luis','Sofía','Jorge'])[1 + i % 8] || ' ' ||
             (ARRAY['García','López','Pérez','Hernández','Morales','Castillo','Ajú'])[1 + i % 7],
           'donante' || (i % 50000) || '@correo.gt',
           (ARRAY[1500, 3500, 7500, 18500, 5000, 10000, 25000])[1 + i % 7],
           'GTQ',
           (ARRAY['monetary','monetary','monetary','goods','services'])[1 + i % 5],
           s.status,
           'Donación de prueba de carga',
           'seed',
           '4242', 'visa',
           CASE WHEN s.status = 'completed' THEN i END,
           now() - (i * interval '37 seconds'),
           now() - (i * interval '37 seconds'),
           CASE WHEN s.status = 'completed' THEN now() - (i * interval '37 seconds') + interval '1 day' END
    FROM generate_series(${from}::int, ${to - 1}::int) AS i
    JOIN donors r ON r.emails[1] = 'donante' || (i % 50000) || '@correo.gt'
    CROSS JOIN LATERAL (
      SELECT CASE WHEN i % 20 < 14 THEN 'completed' WHEN i % 20 < 16 THEN 'pending' WHEN i % 20 < 18 THEN 'failed'
                  WHEN i % 20 < 19 THEN 'cancelled' ELSE 'expired' END AS status
    ) s`),
  );
  await db.execute(sql`SELECT setval('receipt_number_seq', (SELECT coalesce(max(receipt_number), 0) + 1 FROM donations))`);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

type Figures = Record<string, { median: number; p95: number }>;

async function measure(app: Awaited<ReturnType<typeof buildApp>>): Promise<Figures> {
  const figures: Figures = {};
  for (const c of cases) {
    for (let i = 0; i < WARMUP; i++) await app.inject({ method: 'GET', url: c.url });
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${c.url} answered ${res.statusCode}: ${res.body}`);
    }
    times.sort((a, b) => a - b);
    figures[c.name] = { median: percentile(times, 50), p95: percentile(times, 95) };
  }
  return figures;
}

const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10);

async function main() {
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ledger-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 5 });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') },
    { dataDir, runJobs: false, demoSeed: false },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const results: { size: number; figures: Figures; seedSeconds: number }[] = [];
  try {
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await seed(database.db, seeded + 1, size + 1);
      seeded = size;
      const seedSeconds = (performance.now() - started) / 1000;
      const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM donations`));
      console.log(`\n${n.toLocaleString('en-US')} donations (seeded in ${seedSeconds.toFixed(1)} s); ${REQUESTS} requests per case after ${WARMUP} warm-up`);
      const figures = await measure(app);
      for (const [name, f] of Object.entries(figures)) console.log(`  ${name.padEnd(28)} median ${ms(f.median)}   p95 ${ms(f.p95)}`);
      results.push({ size, figures, seedSeconds });
    }

    const [small, large] = results;
    console.log(`\nRatio ${large.size.toLocaleString('en-US')} / ${small.size.toLocaleString('en-US')} (median, p95)`);
    for (const name of Object.keys(small.figures)) {
      const a = small.figures[name];
      const b = large.figures[name];
      console.log(`  ${name.padEnd(28)} ${(b.median / a.median).toFixed(2)}x   ${(b.p95 / a.p95).toFixed(2)}x`);
    }
    const statsRatio = large.figures.stats.median / small.figures.stats.median;
    console.log(`\nStats at 1M within 1.5x of 10k: ${statsRatio <= 1.5 ? 'yes' : 'NO'} (${statsRatio.toFixed(2)}x median)`);

    const check = await database.db.execute(sql`
      SELECT (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, count(*)::bigint AS n, sum(amount_cents)::bigint AS c FROM donations GROUP BY status) t) =
             (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, sum(count)::bigint AS n, sum(amount_cents)::bigint AS c FROM donation_totals GROUP BY status) t) AS ok`);
    console.log(`Totals equal to the ledger: ${rowsOf<{ ok: boolean }>(check)[0].ok ? 'yes' : 'NO'}`);
    process.exitCode = statsRatio <= 1.5 ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
