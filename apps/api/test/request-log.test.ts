// The request log: one JSON line per request, written when it is answered, with the method, the
// URL (secrets redacted, plugins/http-edge.ts), the status and the time taken (app.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { ensureDefaultSettings } from '../src/services/settings';
import { freshDatabase } from './helpers';

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
  });

  it('logs refused requests too, with their status', async () => {
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/api/v1/no-existe', headers: { 'x-request-id': 'prueba-registro-2' } });
    const mine = lines.slice(before).filter((l) => l.reqId === 'prueba-registro-2' && l.msg === 'request completed');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ res: { statusCode: 404 } });
  });
});
