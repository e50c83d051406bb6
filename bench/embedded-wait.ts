// Embedded database under a slow query (docs/performance.md, "Embedded database"): how long other
// requests wait while one request runs a slow query on PGlite. The server runs on the embedded
// database with N generated donations (bench/scale/generate.ts); while a slow request runs (by
// default the search's page 50 as the web asks it: by cursor, decision 0058), the bench asks
// /api/v1/health, a cheap database read and a static file every 20 ms, and prints the p50, p99 and
// maximum wait of each, the slow request's own time, and the server's memory.
//
//   npx tsx bench/embedded-wait.ts                         10,000 and 100,000 donations
//   BENCH_WAIT_SIZES=10000 BENCH_WAIT_ROUNDS=3 npx tsx bench/embedded-wait.ts
//   BENCH_TREE=/tmp/other-checkout npx tsx bench/embedded-wait.ts   the server of another tree (before/after)
//   BENCH_SLOW_PATH='/api/v1/donations?q=lucia&limit=20&offset=980' npx tsx bench/embedded-wait.ts   another slow request
//
// The data is generated once per size in a scratch data directory (BENCH_KEEP=1 keeps it, and
// BENCH_WAIT_DATA=<dir> reuses one); the server runs from the sources (tsx), not the build.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/api/src/db/client';
import { donorsFor, generateDonations } from './scale/generate';
import { freePort, machineLoad, mb, residentMemory, result, root, sleep, staffAccessToken, target, waitForHealth } from './support';

const SIZES = (process.env.BENCH_WAIT_SIZES ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_WAIT_ROUNDS ?? 3);
const TREE = process.env.BENCH_TREE ?? root;
const EVERY_MS = 20;
/** No request waits more than this behind another's query. */
const WAIT_TARGET_MS = 100;
const ADMIN = { email: 'bench.espera@ejemplo.org', password: 'Bench-espera-2026!' };
/** The slow request: BENCH_SLOW_PATH, else page SLOW_PAGE of this search, reached by walking its cursor. */
const SLOW_PATH = process.env.BENCH_SLOW_PATH;
const SLOW_SEARCH = '/api/v1/donations?q=lucia&limit=20';
const SLOW_PAGE = 50;
const PROBES: Record<string, string> = {
  health: '/api/v1/health',
  'cheap read (stats)': '/api/v1/donations/stats',
  'static file': '/favicon.svg',
};

/** A data directory holding `size` generated donations, made once (embedded database, migrated). */
async function dataDirWith(size: number): Promise<string> {
  const base = process.env.BENCH_WAIT_DATA ?? path.join(tmpdir(), 'bench-embedded-wait');
  const dir = path.join(base, String(size));
  if (existsSync(path.join(dir, 'pgdata', 'PG_VERSION')) && existsSync(path.join(dir, 'generated'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const handle = await openDatabase({ dataDir: dir });
  try {
    await generateDonations(handle.db, 0, size, { donors: donorsFor(size), until: new Date() });
  } finally {
    await handle.close();
  }
  mkdirSync(path.join(dir, 'generated'));
  console.log(`  ${size} donations generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

/** A minimal web build, so that the static file probe is served by the static handler. */
function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-embedded-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  copyFileSync(path.join(root, 'apps/web/public/favicon.svg'), path.join(dir, 'favicon.svg'));
  return dir;
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const web = webDist();
  const since = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(TREE, 'apps/api/src/server.ts')], {
    cwd: TREE,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      RUN_JOBS: '0',
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: web,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, since, { timeoutMs: 180_000, alive: () => child.exitCode === null });
  const stop = () =>
    new Promise<void>((resolve) => {
      rmSync(web, { recursive: true, force: true });
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { port, pid: child.pid!, stop };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function timed(url: string, token?: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** One slow request with the probes fired every 20 ms (not waiting for each other) until it ends. */
async function round(port: number, token: string, slowPath: string, waits: Record<string, number[]>): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  let done = false;
  const slow = timed(base + slowPath, token).finally(() => {
    done = true;
  });
  const probes: Promise<void>[] = [];
  while (!done) {
    for (const [name, route] of Object.entries(PROBES)) {
      probes.push(
        timed(base + route).then(({ ms, status }) => {
          if (status >= 500) throw new Error(`${route} answered ${status}`);
          waits[name].push(ms);
        }),
      );
    }
    await sleep(EVERY_MS);
  }
  await Promise.all(probes);
  const { ms, status } = await slow;
  if (status !== 200) throw new Error(`${slowPath} answered ${status}`);
  return ms;
}

/** Page `page` of a list as the web asks it: the pages before walked once (untimed) by their `next_cursor`. */
async function cursorPage(port: number, token: string, url: string, page: number): Promise<{ path: string; page: number }> {
  let at = url;
  let reached = 1;
  for (let i = 1; i < page; i++) {
    const res = await fetch(`http://127.0.0.1:${port}${at}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${at} answered ${res.status}`);
    const next = ((await res.json()) as { next_cursor: string | null }).next_cursor;
    if (!next) {
      console.log(`  (${url}: ${i} pages only; its last page is the slow request)`);
      break;
    }
    at = `${url}&after=${encodeURIComponent(next)}`;
    reached = i + 1;
  }
  return { path: at, page: reached };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

async function measureSize(size: number): Promise<void> {
  console.log(`\n${size} donations (${TREE === root ? 'this tree' : TREE})`);
  const dataDir = await dataDirWith(size);
  const server = await startServer(dataDir);
  try {
    const waits: Record<string, number[]> = Object.fromEntries(Object.keys(PROBES).map((name) => [name, []]));
    const token = await staffAccessToken(server.port, ADMIN);
    const walked = SLOW_PATH ? null : await cursorPage(server.port, token, SLOW_SEARCH, SLOW_PAGE);
    const slowPath = walked?.path ?? (SLOW_PATH as string);
    await timed(`http://127.0.0.1:${server.port}${slowPath}`, token); // warm-up, not counted
    const slowTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) slowTimes.push(await round(server.port, token, slowPath, waits));
    const named = walked ? `${SLOW_SEARCH} page ${walked.page} by cursor (after=…)` : slowPath;
    result(`  slow request ${named}: ${slowTimes.map(fmt).join(', ')}`);
    for (const [name, list] of Object.entries(waits)) {
      list.sort((a, b) => a - b);
      result(`  ${name.padEnd(20)} n=${String(list.length).padStart(4)}  p50 ${fmt(percentile(list, 50)).padStart(8)}  p99 ${fmt(percentile(list, 99)).padStart(8)}  max ${fmt(list[list.length - 1]).padStart(8)}`);
    }
    // No probe answered during the slow request: nothing was measured, so the target is not met.
    const probed = Object.values(waits).flat();
    const longest = probed.length ? Math.max(...probed) : Number.NaN;
    target(`embedded ${size.toLocaleString('en-US')}: longest wait behind ${named}`, `<= ${WAIT_TARGET_MS} ms`, probed.length ? fmt(longest) : 'no probe', longest <= WAIT_TARGET_MS);
    const memory = residentMemory(server.pid);
    result(`  server memory: RSS ${mb(memory.rss)}, peak ${mb(memory.peak)}`);
  } finally {
    await server.stop();
  }
}

console.log(`Embedded database under a slow query; load ${machineLoad()}`);
const scratch = process.env.BENCH_WAIT_DATA ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-embedded-wait-'));
if (scratch) process.env.BENCH_WAIT_DATA = scratch;
try {
  for (const size of SIZES) await measureSize(size);
} finally {
  if (scratch && process.env.BENCH_KEEP !== '1') rmSync(scratch, { recursive: true, force: true });
}
