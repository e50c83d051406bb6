// The product as a new user runs it: `npm start` (scripts/start.mjs) with default settings, logging
// on, on a spare port and a temporary DATA_DIR; nothing tuned for the benchmark. Measures the public
// reads a crowd hits (stats, the list's first page, the home page's data) at 50 connections against
// a bare node:http server answering the same bytes in the same run, and the server's resident memory
// during start and after 20,000 requests. Then the same with DATABASE_URL (PostgreSQL, production
// settings: NODE_ENV=production, the logger at its default level `info`).
//
//   npx tsx bench/as-installed.ts
//   BENCH_SECONDS=3 BENCH_WARMUP_SECONDS=1 npx tsx bench/as-installed.ts     (a quick look)
//   BENCH_INSTALLED_MODES=embedded npx tsx bench/as-installed.ts            (one mode only)
//
// Targets (docs/performance.md): embedded stats >= 25% of bare with p99 <= 30 ms, list >= 15% of
// bare with p99 <= 30 ms, /api/v1/public/site p99 <= 30 ms, RSS <= 450 MB during start and after
// 20,000 requests; PostgreSQL stats >= 50% of bare, RSS <= 200 MB.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import {
  type Child,
  type LoadFigures,
  buildOnce,
  captureAnswers,
  describe,
  freePort,
  load,
  machineLoad,
  mb,
  residentMemory,
  root,
  scratchDatabase,
  sleep,
  startChild,
  startedServerPid,
  stopGroup,
  target,
} from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 50;
const REQUESTS_BEFORE_MEMORY = 20_000;
const MODES = (process.env.BENCH_INSTALLED_MODES ?? 'embedded,postgres').split(',');
const MAX_RSS = { embedded: 450, postgres: 200 } as const;

interface Case {
  name: string;
  path: string;
  /** Least share of the bare server's rate, per mode (0: reported, not a target). */
  minRatio: { embedded: number; postgres: number };
  maxP99?: number;
}

const cases: Case[] = [
  { name: 'stats', path: '/api/v1/donations/stats', minRatio: { embedded: 0.25, postgres: 0.5 }, maxP99: 30 },
  { name: 'list', path: '/api/v1/donations?limit=20', minRatio: { embedded: 0.15, postgres: 0 }, maxP99: 30 },
  { name: 'public site', path: '/api/v1/public/site', minRatio: { embedded: 0, postgres: 0 }, maxP99: 30 },
];

/** Every setting config.ts reads, removed so that the defaults apply as on a new machine. */
const SETTINGS = [
  'NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL',
  'JWT_SECRET', 'COOKIE_SECRET', 'DATA_ENCRYPTION_KEY', 'LOG_LEVEL', 'TRUST_PROXY', 'COOKIE_SECURE', 'DEMO_SEED', 'ADMIN_EMAIL', 'ADMIN_PASSWORD',
  'WEB_DIST', 'RUN_JOBS', 'JOBS_INTERVAL_MS', 'ACCESS_TOKEN_TTL_SECONDS', 'REFRESH_TOKEN_TTL_DAYS', 'RATE_LIMIT_ENABLED',
  'DONATE_RATE_LIMIT_PER_MINUTE',
];

function installedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of SETTINGS) delete env[name];
  return { ...env, ...extra };
}

interface Installed {
  npm: ChildProcess;
  pid: number;
  port: number;
  /** Peak RSS of the server process from its spawn to its first healthy answer. */
  startPeak: number;
}

/** `npm start` in its own process group; samples the server's memory until /api/v1/health answers. */
async function npmStart(extra: Record<string, string>): Promise<Installed> {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: installedEnv({ ...extra, PORT: String(port) }),
    // The log lines go to /dev/null: written as in production, never read.
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 300_000;
  let pid: number | undefined;
  let startPeak = 0;
  while (Date.now() < deadline) {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
    pid ??= startedServerPid(npm.pid!);
    if (pid) {
      try {
        startPeak = Math.max(startPeak, residentMemory(pid).peak);
      } catch {
        // between fork and exec
      }
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy && pid) return { npm, pid, port, startPeak: Math.max(startPeak, residentMemory(pid).peak) };
    await sleep(25);
  }
  await stopGroup(npm.pid!);
  throw new Error('npm start was not healthy within 5 minutes');
}

/** 20,000 requests of what visitors cause: the page, its data, the ledger's public reads, the health check. */
async function visitorTraffic(port: number) {
  const paths = ['/', '/donate', ...cases.map((c) => c.path), '/api/v1/health'];
  const each = Math.ceil(REQUESTS_BEFORE_MEMORY / paths.length);
  for (const p of paths) await autocannon({ url: `http://127.0.0.1:${port}${p}`, connections: 10, amount: each });
  return each * paths.length;
}

async function measure(port: number, urlPath: string): Promise<LoadFigures> {
  const url = `http://127.0.0.1:${port}${urlPath}`;
  if (WARMUP_SECONDS > 0) await load({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  return load({ url, connections: CONNECTIONS, seconds: SECONDS });
}

async function runMode(mode: 'embedded' | 'postgres'): Promise<boolean> {
  console.log(`\n── ${mode === 'embedded' ? 'Embedded database (npm start, defaults)' : 'PostgreSQL (npm start, NODE_ENV=production, DATABASE_URL)'} ──  ${machineLoad()}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-installed-'));
  const database = mode === 'postgres' ? await scratchDatabase('bench_installed') : null;
  const extra: Record<string, string> =
    mode === 'embedded'
      ? { DATA_DIR: dataDir }
      : {
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          DATABASE_URL: database!.url,
          JWT_SECRET: randomBytes(32).toString('hex'),
          COOKIE_SECRET: randomBytes(32).toString('hex'),
          DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        };
  let installed: Installed | null = null;
  let bare: Child | null = null;
  let met = true;
  try {
    installed = await npmStart(extra);
    const atStart = residentMemory(installed.pid);
    const sent = await visitorTraffic(installed.port);
    const afterTraffic = residentMemory(installed.pid);
    console.log(
      `Resident memory of the server: peak ${mb(installed.startPeak)} during start, ${mb(atStart.rss)} when healthy, ` +
        `${mb(afterTraffic.rss)} after ${sent.toLocaleString('en-US')} requests (peak so far ${mb(afterTraffic.peak)})`,
    );
    const responses = path.join(dataDir, 'bench-responses.json');
    await captureAnswers(installed.port, cases.map((c) => c.path), responses);
    bare = await startChild('bench/servers/bare-server.ts', { BARE_RESPONSES: responses });
    for (const c of cases) {
      const bareFigures = await measure(bare.port, c.path);
      const figures = await measure(installed.port, c.path);
      const ratio = figures.requestsPerSecond / bareFigures.requestsPerSecond;
      console.log(`GET ${c.path}`);
      console.log(`  bare node:http ${describe(bareFigures)}`);
      console.log(`  npm start      ${describe(figures)}`);
      console.log(`  npm start / bare ${(ratio * 100).toFixed(1)}%`);
      const clean = figures.errors === 0 && figures.non2xx === 0;
      const minRatio = c.minRatio[mode];
      const goals = [minRatio ? `>= ${minRatio * 100}% of bare` : '', mode === 'embedded' && c.maxP99 ? `p99 <= ${c.maxP99} ms` : '', '0 errors']
        .filter(Boolean)
        .join(', ');
      const ok = ratio >= minRatio && (mode !== 'embedded' || !c.maxP99 || figures.p99 <= c.maxP99) && clean;
      met = target(
        `${mode} ${c.name}`,
        goals,
        `${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} req/s = ${(ratio * 100).toFixed(1)}% of bare ` +
          `(${Math.round(bareFigures.requestsPerSecond).toLocaleString('en-US')}), p99 ${figures.p99} ms, ${figures.errors + figures.non2xx} errors`,
        ok,
      ) && met;
    }
    const end = residentMemory(installed.pid);
    const limit = MAX_RSS[mode];
    met = target(`${mode} RSS during start`, `<= ${limit} MB`, `peak ${mb(installed.startPeak)}`, installed.startPeak <= limit * 1024 * 1024) && met;
    met =
      target(
        `${mode} RSS after ${(REQUESTS_BEFORE_MEMORY / 1000).toFixed(0)}k requests`,
        `<= ${limit} MB`,
        `${mb(afterTraffic.rss)} (peak ${mb(afterTraffic.peak)}; ${mb(end.rss)} after the load runs, peak ${mb(end.peak)})`,
        afterTraffic.peak <= limit * 1024 * 1024,
      ) && met;
  } finally {
    await bare?.stop();
    if (installed) await stopGroup(installed.npm.pid!);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return met;
}

async function main() {
  console.log(`As installed: npm start with default settings; ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up`);
  console.log(`Machine at start: ${machineLoad()}`);
  // npm start builds when the sources are newer than the build; building first keeps that out of the start.
  await buildOnce();
  let met = true;
  for (const mode of MODES) {
    if (mode !== 'embedded' && mode !== 'postgres') throw new Error(`unknown mode ${mode}`);
    met = (await runMode(mode)) && met;
  }
  console.log(`\nMachine at end: ${machineLoad()}`);
  process.exitCode = met ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
