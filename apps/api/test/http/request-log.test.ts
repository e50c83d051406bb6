// The request log: one JSON line per request, written when it is answered, with the method, the
// URL (secrets redacted, http/http-edge.ts), the status and the time taken (app.ts).
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { syncLines } from '../../src/http/http-edge';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { ensureDefaultSettings } from '../../src/platform/settings';
import { freshDatabase } from '../support/helpers';

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-log-'));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') },
      { dataDir, runJobs: false, demoSeed: false },
    );
    database = await freshDatabase();
    await ensureDefaultSettings(database.db);
    app = await buildApp({ config, database, logger: { stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes exactly one line per request, when it is answered, with what an operator needs', async () => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/v1/donations/stats', headers: { 'x-request-id': 'prueba-registro-1' } });
    expect(res.statusCode).toBe(200);
    const mine = lines.slice(before).filter((l) => l.reqId === 'prueba-registro-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/donations/stats' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0].responseTime).toBe('number');
    // The fields and their order are pino's own, as in its other lines (the start, the errors).
    expect(Object.keys(mine[0])).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(mine[0]).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Math.abs((mine[0].time as number) - Date.now())).toBeLessThan(60_000);
    // remotePort too over a socket (app.inject has none).
    expect(Object.keys(mine[0].req as object)).toEqual(['method', 'url', 'host', 'remoteAddress']);
  });

  it('logs refused requests too, with their status', async () => {
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/api/v1/no-existe', headers: { 'x-request-id': 'prueba-registro-2' } });
    const mine = lines.slice(before).filter((l) => l.reqId === 'prueba-registro-2' && l.msg === 'request completed');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ res: { statusCode: 404 } });
  });

  it('above info (LOG_LEVEL=warn) writes no line for an answered request', async () => {
    const quiet: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        quiet.push(String(chunk));
        done();
      },
    });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') },
      { dataDir, runJobs: false, demoSeed: false },
    );
    const warnApp = await buildApp({ config, database, logger: { stream } });
    const res = await warnApp.inject({ method: 'GET', url: '/api/v1/donations/stats' });
    expect(res.statusCode).toBe(200);
    await warnApp.close();
    expect(quiet.join('')).not.toContain('request completed');
  });
});

describe('the log destination', () => {
  it('writes each line whole to its file, non-ASCII text included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'donaciones-lines-'));
    const file = path.join(dir, 'log.jsonl');
    const fd = openSync(file, 'w');
    const destination = syncLines(fd);
    const lines = ['{"msg":"uno"}\n', `{"msg":"${'ñandú '.repeat(20_000)}"}\n`, '{"msg":"tres"}\n'];
    for (const line of lines) destination.write(line);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    rmSync(dir, { recursive: true, force: true });
  });
});
