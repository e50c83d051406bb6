// Shared pieces of the benchmarks: a scratch PostgreSQL database, child processes for the servers
// under test (so the load generator never shares their event loop), autocannon runs, and the
// machine's load, printed beside every figure.
import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { authenticator } from 'otplib';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One line per figure that run-all.ts gathers into its summary. */
export function result(line: string) {
  console.log(`RESULT ${line}`);
}

/**
 * One row of run-all's table of targets: what is measured, the target, the figure, met or missed.
 * Returns whether it was met.
 */
export function target(figure: string, goal: string, measured: string, met: boolean): boolean {
  console.log(`TARGET ${[figure, goal, measured, met ? 'met' : 'missed'].join('\t')}`);
  return met;
}

export function machineLoad(): string {
  const [one, five, fifteen] = loadavg();
  return `load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1/5/15 min)`;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the benchmark server; returns its URL and a function that drops it. */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') return;
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The environment of a production API process on a scratch database, jobs and demo data off, with one admin. */
export function benchApiEnv(databaseUrl: string, dataDir: string, admin: { email: string; password: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    RUN_JOBS: '0',
    DEMO_SEED: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

/**
 * An access token for a staff account of a production server (benchApiEnv). Staff must use a second
 * step there, so the account's first sign-in enrols an authenticator app, its code computed here as a
 * phone would; a later sign-in of the same account in the same run is refused (the bench signs in once).
 */
export async function staffAccessToken(port: number, account: { email: string; password: string }): Promise<string> {
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = (await post('/auth/login', account)) as { access_token?: string; enrolment_required?: { token: string } };
  if (login.access_token) return login.access_token;
  if (!login.enrolment_required) throw new Error(`sign-in of ${account.email} asks for a step the bench does not take: ${JSON.stringify(login)}`);
  const { token } = login.enrolment_required;
  const { secret } = (await post('/auth/enrol/totp', { token })) as { secret: string };
  const enrolled = (await post('/auth/enrol/totp/confirm', { token, code: authenticator.generate(secret) })) as { access_token: string };
  return enrolled.access_token;
}

export interface Child {
  process: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Runs a TypeScript server script in its own Node process (tsx as a loader, so the pid is the
 * server's own) and waits for the line `LISTENING <port>` on its stdout.
 */
export function startChild(
  script: string,
  env: Record<string, string | undefined> = {},
  options: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<Child> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, port: Number(match[1]), stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before listening\n${stderr}`));
    });
  });
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  connections?: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Replace `[<id>]` in headers and body with a fresh unique id per request (autocannon's idReplacement). */
  uniqueIds?: boolean;
  /** Sees every answer (status and body), for example to record what the server acknowledged. */
  onResponse?: (status: number, body: string) => void;
}

export async function load(options: LoadOptions): Promise<LoadFigures> {
  const run = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    idReplacement: options.uniqueIds ?? false,
    ...(options.onResponse
      ? { requests: [{ method: options.method ?? 'GET', headers: options.headers, body: options.body, onResponse: options.onResponse }] }
      : {}),
  });
  return {
    requestsPerSecond: run.requests.average,
    p50: run.latency.p50,
    p99: run.latency.p99,
    total: run.requests.total,
    errors: run.errors + run.timeouts,
    non2xx: run.non2xx,
  };
}

export function describe(figures: LoadFigures): string {
  return (
    `${Math.round(figures.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s   ` +
    `p50 ${String(figures.p50).padStart(3)} ms   p99 ${String(figures.p99).padStart(3)} ms   ` +
    `(${figures.total.toLocaleString('en-US')} requests, ${figures.errors} errors, ${figures.non2xx} non-2xx)`
  );
}

export async function sleep(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls the health check until it answers 200; returns the milliseconds since `since`. */
export async function waitForHealth(url: string, since: number, options: { timeoutMs?: number; everyMs?: number; alive?: () => boolean } = {}): Promise<number> {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (options.alive && !options.alive()) throw new Error('the server exited before it was healthy');
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(options.everyMs ?? 20);
  }
  throw new Error(`${url} was not healthy in time`);
}

/**
 * `npm run build` (web + API), unless BENCH_SKIP_BUILD=1 (run-all builds once for the scripts that
 * need the built server). A failing build stops the benchmark with the build's output.
 */
export async function buildOnce(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const { spawnSync } = await import('node:child_process');
  console.log('Building (npm run build)...');
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The built server (`apps/api/dist/server.js`, what `npm start` runs) on the embedded database in `dataDir`. */
export function builtServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  };
}

/** The live processes of a process group (npm, its shell and the server it starts). */
export function groupMembers(group: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return members;
}

/** SIGTERM to a whole process group, then waits until every process of it is gone (the database closed). */
export async function stopGroup(group: number): Promise<void> {
  try {
    process.kill(-group, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (groupMembers(group).length > 0) {
    if (Date.now() > deadline) {
      process.kill(-group, 'SIGKILL');
      break;
    }
    await sleep(50);
  }
}

/** The Node process that serves (`node scripts/start.mjs`) inside npm's process group, if it runs yet. */
export function startedServerPid(group: number): number | undefined {
  return groupMembers(group).find((member) => {
    try {
      // `node scripts/start.mjs`, not npm nor the `sh -c` that npm runs it through.
      const [program, ...args] = readFileSync(`/proc/${member}/cmdline`, 'utf8').split('\0');
      return path.basename(program) === 'node' && args.includes('scripts/start.mjs');
    } catch {
      return false;
    }
  });
}

/** Resident memory of a process now and its peak so far (VmRSS, VmHWM), in bytes. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id']);

/** The real answers to `paths`, byte for byte, written to `file` for the bare server to repeat. */
export async function captureAnswers(port: number, paths: readonly string[], file: string, options: { log?: boolean } = {}) {
  const captured: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const urlPath of paths) {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}: ${body.toString()}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      if (!DROPPED_HEADERS.has(key)) headers[key] = value;
    });
    captured[urlPath] = { status: response.status, headers, body: body.toString('base64') };
    if (options.log) console.log(`  ${urlPath}: ${body.length.toLocaleString('en-US')} bytes, ${Object.keys(headers).length} headers`);
  }
  writeFileSync(file, JSON.stringify(captured));
}
