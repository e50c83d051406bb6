// Scale-out test harness: real API processes (src/server.ts under tsx, as `npm run dev` runs it) on
// one PostgreSQL database (and Redis when TEST_REDIS_URL is set), a real SMTP listener, and a fetch
// helper that speaks to a process the way a load balancer would (X-Forwarded-For with TRUST_PROXY=1).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const postgresUrl = process.env.TEST_DATABASE_URL;
export const redisUrl = process.env.TEST_REDIS_URL || undefined;

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true; fails with `what` after the deadline. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A new, empty database on the server of `baseUrl`; dropped by `drop`. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await dropper.end();
    },
  };
}

export { startSmtp } from '../test/support/smtp';

/** Settings every process of one deployment shares: the same secrets, database, Redis and SMTP. */
export function deployment(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redisUrl ?? '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    RUN_JOBS: '1',
    JOBS_INTERVAL_MS: '200',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** One API process. `start` and `kill` can be called again (same port, same settings). */
export class ApiProcess {
  child: ChildProcess | null = null;
  private log = '';
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'scale-api-'));

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts `src/server.ts` and waits until /api/v1/health answers 200. */
  async start(timeoutMs = 90_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
      cwd: apiRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), DATA_DIR: this.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    try {
      await until(
        `${this.name} to be healthy`,
        async () => {
          if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.log}`);
          const res = await fetch(`${this.url}/api/v1/health`).catch(() => null);
          return res?.status === 200;
        },
        timeoutMs,
        100,
      );
    } catch (err) {
      await this.kill('SIGKILL');
      throw err;
    }
  }

  /** Sends the signal and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.kill('SIGTERM');
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The last lines the process wrote, for a failing test's message. */
  output(): string {
    return this.log;
  }
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A request to one process as a proxy would forward it: the client's address in X-Forwarded-For. */
export async function call<T = Record<string, unknown>>(
  api: ApiProcess,
  urlPath: string,
  options: { method?: string; body?: unknown; token?: string; ip: string; headers?: Record<string, string>; timeoutMs?: number },
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${api.url}${urlPath}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** A client address of its own per test run, so that runs sharing a Redis never share counters. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2] % 250) + 1}`;
}
