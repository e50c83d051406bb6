// Donations in (benchmark 3 of docs/performance.md): the sustained rate of POST /api/v1/donate on PostgreSQL, each
// request with its own Idempotency-Key (a new donation every time), 50 connections.
// Target: >= 1,000 donations/s with 0 errors. Afterwards the ledger must hold exactly one donation
// per 201 answer and the totals must equal the ledger.
//
//   npx tsx bench/donate-in.ts
//   BENCH_REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/donate-in.ts   (also a run with rate-limit counters in Redis)
//
// The per-IP limit of the checkout (20 a minute) is raised for the run through configuration:
// DONATE_RATE_LIMIT_PER_MINUTE=1000000 — the limiter itself stays on and counts every request.
// For scale, the same run measures a bare node:http server that stores each donation with one INSERT.
// Creates the databases `bench_donate` and `bench_donate_bare` on BENCH_DATABASE_URL's server and drops them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { type Child, type LoadFigures, describe, load, machineLoad, result, scratchDatabase, startChild } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;
const TARGET = 1_000;
/** Requests per second of the bare one-INSERT server in this run. */
let ceiling = 0;

const body = JSON.stringify({
  donorName: 'María Pérez',
  email: 'maria.perez@correo.gt',
  phone: '+502 5555-1234',
  nit: '1234567-9',
  amount: 185,
  cardLast4: '4242',
  cardBrand: 'visa',
  acceptTerms: true,
});

/**
 * What the ledger holds after the run, against what the client saw acknowledged: every 201 answer's
 * reference stored exactly once, one idempotency key per donation, totals equal to the ledger.
 * Requests cut off by the end of a run may still have committed without the client seeing the
 * answer; there can be at most one per connection and run.
 */
async function check(url: string, acknowledged: string[], inFlightAllowance: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ donations: number; keys: number; found: number; ok: boolean }>(
      `SELECT (SELECT count(*)::int FROM donations) AS donations,
              (SELECT count(*)::int FROM idempotency_keys WHERE status_code = 201) AS keys,
              (SELECT count(*)::int FROM donations WHERE reference_code = ANY($1::text[])) AS found,
              (SELECT count(*) FROM donations) = (SELECT coalesce(sum(count), 0) FROM donation_totals)
                AND (SELECT coalesce(sum(amount_cents), 0) FROM donations) = (SELECT coalesce(sum(amount_cents), 0) FROM donation_totals) AS ok`,
      [acknowledged],
    );
    const { donations, keys, found, ok } = rows[0];
    const distinct = new Set(acknowledged).size === acknowledged.length;
    const exact = distinct && found === acknowledged.length && keys === donations && donations - acknowledged.length <= inFlightAllowance && ok;
    return { donations, keys, found, totalsMatch: ok, exact };
  } finally {
    await client.end();
  }
}

async function run(label: string, redisUrl: string | undefined): Promise<boolean> {
  const database = await scratchDatabase('bench_donate');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-donate-'));
  let api: Child | null = null;
  try {
    api = await startChild('bench/servers/api-server.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RUN_JOBS: '0',
      DEMO_SEED: '0',
      DONATE_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    if (redisUrl) {
      // A fresh window: counters of an earlier run on the same Redis must not count here.
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl);
      const keys = await redis.keys('rl:*');
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    const acknowledged: string[] = [];
    const options = {
      url: `http://127.0.0.1:${api.port}/api/v1/donate`,
      connections: CONNECTIONS,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'bench-[<id>]' },
      body,
      uniqueIds: true,
      onResponse: (status: number, text: string) => {
        if (status === 201) acknowledged.push((JSON.parse(text) as { reference_code: string }).reference_code);
      },
    };
    const warm: LoadFigures | null = WARMUP_SECONDS > 0 ? await load({ ...options, seconds: WARMUP_SECONDS }) : null;
    const figures = await load({ ...options, seconds: SECONDS });
    const stored = await check(database.url, acknowledged, CONNECTIONS * (warm ? 2 : 1));
    const exact = stored.exact;
    const met = figures.requestsPerSecond >= TARGET && figures.errors === 0 && figures.non2xx === 0 && (warm?.errors ?? 0) === 0 && exact;
    console.log(`\nPOST /api/v1/donate, ${label}`);
    console.log(`  ${describe(figures)}`);
    console.log(
      `  ledger: ${stored.donations.toLocaleString('en-US')} donations, ${stored.found.toLocaleString('en-US')} of the ` +
        `${acknowledged.length.toLocaleString('en-US')} acknowledged references (warm-up included) found once each, ` +
        `${stored.keys.toLocaleString('en-US')} idempotency keys, totals ${stored.totalsMatch ? 'equal to' : 'DIFFERENT from'} the ledger`,
    );
    const ratio = ceiling ? ` (${((figures.requestsPerSecond / ceiling) * 100).toFixed(0)}% of the bare one-INSERT server's ${Math.round(ceiling).toLocaleString('en-US')}/s)` : '';
    console.log(`  API / bare one-INSERT server${ratio}`);
    result(
      `donate-in (${label}): ${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} donations/s${ratio}, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
        `${figures.errors} errors, ${figures.non2xx} non-2xx, stored exactly once: ${exact ? 'yes' : 'NO'}; target >= ${TARGET.toLocaleString('en-US')}/s, 0 errors: ${met ? 'met' : 'MISSED'}`,
    );
    return met;
  } finally {
    await api?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The machine's ceiling for a write: a bare node:http server storing each donation with one INSERT
 * (bench/servers/bare-insert-server.ts) on the same PostgreSQL, same pool size, same load generator.
 */
async function bare(): Promise<number> {
  const database = await scratchDatabase('bench_donate_bare');
  let server: Child | null = null;
  try {
    const migrated = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir(), poolSize: 1 });
    await migrated.close();
    server = await startChild('bench/servers/bare-insert-server.ts', { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10' });
    const options = { url: `http://127.0.0.1:${server.port}/`, connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
    if (WARMUP_SECONDS > 0) await load({ ...options, seconds: WARMUP_SECONDS });
    const figures = await load({ ...options, seconds: SECONDS });
    console.log('\nBare node:http + one INSERT per request (the ceiling of this machine for a write)');
    console.log(`  ${describe(figures)}`);
    return figures.requestsPerSecond;
  } finally {
    await server?.stop();
    await database.drop();
  }
}

async function main() {
  console.log(`Donations in: ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, a new Idempotency-Key per request`);
  console.log(`Machine at start: ${machineLoad()}`);
  ceiling = await bare();
  let met = await run('rate-limit counters in PostgreSQL', undefined);
  if (process.env.BENCH_REDIS_URL) met = (await run('rate-limit counters in Redis', process.env.BENCH_REDIS_URL)) && met;
  console.log(`\nMachine at end: ${machineLoad()}`);
  process.exitCode = met ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
