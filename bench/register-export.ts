// Register export at year-end (docs/performance.md, docs/product.md#the-register-and-the-close): 100,000
// completed gifts over a year (a tenth in USD, with fees and VAT), exported as CSV and as Excel through
// the API of a server in its own process on PostgreSQL. Prints each export's time, size and the
// server's memory growth (resident set, peak): the files are streamed batch by batch, so memory stays
// flat whatever the number of movements. Targets: each export <= 60 s, <= 150 MB more memory.
//
//   npx tsx bench/register-export.ts
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_MOVEMENTS=100000 npx tsx bench/register-export.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bulkLoad } from './scale/generate';
import { benchApiEnv, type Child, machineLoad, mb, residentMemory, result, scratchDatabase, staffAccessToken, startChild, target } from './support';

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);
const ADMIN = { email: 'contabilidad@bench.local', password: randomBytes(12).toString('hex') };

/**
 * The year's gifts, each from its own donor: the donor records in one statement, then the gifts with
 * their donor named and the per-row triggers off, the rollups and figures rebuilt after (bulkLoad).
 */
async function seedGifts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO donors (name, emails) SELECT 'Donante ' || i, ARRAY['donante' || i || '@bench.local'] FROM generate_series(0, $1 - 1) AS i ORDER BY i`,
      [MOVEMENTS],
    );
    await bulkLoad(
      (text) => client.query(text),
      () =>
        client.query(
          `INSERT INTO donations (reference_code, donor_id, donor_name, donor_email, donor_nit, amount_cents, currency, gtq_cents, exchange_rate,
                                  donation_type, status, source, payment_method, fee_cents, vat_withheld_cents,
                                  created_at, updated_at, completed_at)
           SELECT '#MG' || lpad((80000000 + i)::text, 8, '0'), r.id, 'Donante ' || i, 'donante' || i || '@bench.local', 'CF',
                  10000 + (i % 40) * 2500, CASE WHEN i % 10 = 0 THEN 'USD' ELSE 'GTQ' END,
                  CASE WHEN i % 10 = 0 THEN (10000 + (i % 40) * 2500) * 77 / 10 END, CASE WHEN i % 10 = 0 THEN '7.70' END,
                  'monetary', 'completed', 'public', CASE WHEN i % 3 = 0 THEN 'bank_deposit' ELSE 'card' END,
                  CASE WHEN i % 3 = 0 THEN 0 ELSE 450 END, CASE WHEN i % 3 = 0 THEN 0 ELSE 54 END,
                  t, t, t
           FROM generate_series(0, $1 - 1) AS i
           JOIN donors r ON r.emails[1] = 'donante' || i || '@bench.local'
           CROSS JOIN LATERAL (SELECT timestamptz '2031-01-01 12:00:00+00' + ((i::float * 364 / $1) || ' days')::interval AS t) s`,
          [MOVEMENTS],
        ),
    );
  } finally {
    await client.end();
  }
}

async function download(port: number, url: string, token: string, pid: number) {
  const before = residentMemory(pid);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const ms = performance.now() - started;
  const after = residentMemory(pid);
  return { ms, bytes, growth: Math.max(after.rss - before.rss, after.peak - before.rss), before, after };
}

async function main() {
  console.log(`Register export: ${MOVEMENTS} movements  ${machineLoad()}`);
  const database = await scratchDatabase('bench_register_export');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-register-'));
  let api: Child | undefined;
  let met = true;
  try {
    api = await startChild('bench/servers/api-server.ts', benchApiEnv(database.url, dataDir, ADMIN));
    const seeding = performance.now();
    await seedGifts(database.url);
    console.log(`Seeded ${MOVEMENTS} gifts and their donors in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${machineLoad()}`);
    const token = await staffAccessToken(api.port, ADMIN);
    const pid = api.process.pid as number;
    const range = 'from=2031-01-01&to=2031-12-31';
    // Warm the code paths with a one-day export.
    await download(api.port, '/api/v1/admin/register/export?from=2031-01-01&to=2031-01-01&format=csv', token, pid);
    for (const format of ['csv', 'xlsx'] as const) {
      const figures = await download(api.port, `/api/v1/admin/register/export?${range}&format=${format}`, token, pid);
      console.log(`${format}: ${(figures.ms / 1000).toFixed(1)} s, ${mb(figures.bytes)}; server memory ${mb(figures.before.rss)} before, ${mb(figures.after.rss)} after, peak ${mb(figures.after.peak)}`);
      result(`register-export ${format}: ${(figures.ms / 1000).toFixed(1)} s, memory +${mb(figures.growth)} (${MOVEMENTS} movements)`);
      met = target(`register export ${format}, ${MOVEMENTS} movements`, '<= 60 s', `${(figures.ms / 1000).toFixed(1)} s`, figures.ms <= 60_000) && met;
      met = target(`register export ${format}, server memory growth`, '<= 150 MB', mb(figures.growth), figures.growth <= 150 * 1024 * 1024) && met;
    }
  } finally {
    await api?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = met ? 0 : 1;
}

await main();
