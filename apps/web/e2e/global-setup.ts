// Starts a real SMTP listener that captures mail, and the built server (apps/api/dist/server.js) on a
// fresh temporary data directory with the demo seed, then waits for /api/v1/health. Servers that
// charge cards through Recurrente's local stand-in (startPayments) serve payments.spec.ts: one on the
// embedded database (port + 2) and, with TEST_DATABASE_URL, one on PostgreSQL (port + 4).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, init?: RequestInit) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(url, init);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`El servidor no respondió en ${timeoutMs} ms`);
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3210);
  const smtpPort = port + 1;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-e2e-'));
  const mailbox = path.join(dataDir, 'mailbox.jsonl');
  writeFileSync(mailbox, '');
  process.env.E2E_MAILBOX = mailbox;
  process.env.E2E_DATA_DIR = dataDir;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        appendFileSync(mailbox, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }) + '\n');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));

  // Jobs every 2 s: the simulated provider's monthly charges (monthly.spec.ts) happen within the test.
  const server = startServer({ port, smtpPort, dataDir, databaseUrl: '', extra: { JOBS_INTERVAL_MS: '2000' } });
  // Card payments through Recurrente: on the embedded database, and also on PostgreSQL (a fresh
  // database of TEST_DATABASE_URL's server) when one is given, so payments.spec.ts runs on both.
  const payments = [await startPayments({ port: port + 2, smtpPort, databaseUrl: '' })];
  process.env.E2E_PAYMENTS_URL = payments[0].url;
  if (process.env.TEST_DATABASE_URL) {
    payments.push(await startPayments({ port: port + 4, smtpPort, databaseUrl: await createDatabase(process.env.TEST_DATABASE_URL) }));
    process.env.E2E_PAYMENTS_PG_URL = payments[1].url;
  }

  await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, server, 120_000);
  for (const started of payments) await started.ready();

  return async () => {
    server.kill('SIGTERM');
    for (const started of payments) await started.stop();
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The built server (apps/api/dist/server.js) on `port`, mailing through the capturing SMTP listener. */
function startServer(o: { port: number; smtpPort: number; dataDir: string; databaseUrl: string; extra?: Record<string, string> }): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl,
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${o.smtpPort}`,
      PUBLIC_URL: `http://localhost:${o.port}`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // The suite signs the same demo accounts in dozens of times from one address within minutes,
      // past the per-account and per-address limits; those limits are proven by the API tests.
      RATE_LIMIT_ENABLED: 'false',
      E2E: '1',
      ...o.extra,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** A fresh database on the PostgreSQL server of `serverUrl`, dropped when the run ends (see startPayments). */
async function createDatabase(serverUrl: string): Promise<string> {
  const name = `e2e_pagos_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * A server that charges cards through Recurrente, played by the local stand-in of the API tests
 * (port + 1), which serves the checkout page and signs its webhooks. `databaseUrl` '' is the
 * embedded database in a temporary directory.
 */
async function startPayments({ port, smtpPort, databaseUrl }: { port: number; smtpPort: number; databaseUrl: string }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-e2e-pagos-'));
  const keys = { publicKey: 'pk_test_e2e', secretKey: 'sk_test_e2e', webhookSecret: `whsec_${randomBytes(24).toString('base64')}` };
  const standInPort = port + 1;
  // The stand-in is the API tests' own (apps/api/test/support), run as a program.
  // One process (node with tsx's loader, not tsx's CLI, which forks a child), so the kill below stops it.
  const standIn = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/test/support/recurrente-stand-in.ts')], {
    cwd: root,
    env: {
      ...process.env,
      RECURRENTE_PUBLIC_KEY: keys.publicKey,
      RECURRENTE_SECRET_KEY: keys.secretKey,
      RECURRENTE_WEBHOOK_SECRET: keys.webhookSecret,
      RECURRENTE_STAND_IN_PORT: String(standInPort),
      RECURRENTE_STAND_IN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/v1/payments/recurrente/webhook`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const recurrenteApi = `http://127.0.0.1:${standInPort}/api`;
  const server = startServer({
    port,
    smtpPort,
    dataDir,
    databaseUrl,
    extra: {
      PAYMENT_PROVIDER: 'recurrente',
      RECURRENTE_PUBLIC_KEY: keys.publicKey,
      RECURRENTE_SECRET_KEY: keys.secretKey,
      RECURRENTE_WEBHOOK_SECRET: keys.webhookSecret,
      RECURRENTE_API_URL: recurrenteApi,
    },
  });
  return {
    url: `http://localhost:${port}`,
    async ready() {
      await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, server, 120_000);
      // The stand-in answers its test endpoint once it listens (401 without keys is an answer too).
      await waitForHealth(`${recurrenteApi}/test`, standIn, 30_000, { headers: { 'X-PUBLIC-KEY': keys.publicKey, 'X-SECRET-KEY': keys.secretKey } });
    },
    async stop() {
      standIn.kill('SIGTERM');
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropDatabase(databaseUrl);
    },
  };
}
