// The HTTP edge (docs/product.md#deployment-and-scaling, #errors): which X-Forwarded-For hops are
// trusted for the client address, secrets kept out of the logs, and malformed HTTP answered in the
// house format.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { auditLog } from '../../src/db/schema';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { createMailTransport } from '../../src/platform/mailer';
import { ensureDefaultSettings } from '../../src/platform/settings';
import { createTestApp, freshDatabase, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

const baseEnv = () => ({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') });

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.0/24,fd00::/8', ['10.0.0.0/8', '192.168.1.0/24', 'fd00::/8']],
    ['loopback,10.1.2.3', ['loopback', '10.1.2.3']],
  ])('reads %j as %j', (value, expected) => {
    const config = loadConfig({ ...baseEnv(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }, { dataDir: tmpdir() });
    expect(config.trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,,'])('refuses %j at start with a clear message', (value) => {
    expect(() => loadConfig({ ...baseEnv(), TRUST_PROXY: value }, { dataDir: tmpdir() })).toThrow(ConfigError);
    expect(() => loadConfig({ ...baseEnv(), TRUST_PROXY: value }, { dataDir: tmpdir() })).toThrow(/TRUST_PROXY/);
  });

  describe('with one trusted hop', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ config: { trustProxy: 1, rateLimitEnabled: true, donateRateLimitPerMinute: 2 } });
    });
    afterAll(async () => ctx?.close());

    const donate = (forwardedFor: string, n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/donate',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor, 'idempotency-key': `proxy-${n}-${randomBytes(4).toString('hex')}` },
        payload: { donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
      });

    it('a forged leftmost X-Forwarded-For does not escape the per-IP limit', async () => {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await donate(`6.6.6.${i}, 203.0.113.7`, i)).statusCode);
      expect(codes).toEqual([201, 201, 429, 429]);
      // Another real client behind the same proxy has its own allowance.
      expect((await donate('198.51.100.4', 9)).statusCode).toBe(201);
    });

    it('the audit log records the address the proxy saw, not the forged one', async () => {
      const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
      const donation = await make.donation(ctx.db, { status: 'pending', donationType: 'goods' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/donations/${donation.id}/process`,
        remoteAddress: '10.0.0.1',
        headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': '1.2.3.4, 203.0.113.50' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(donation.id)));
      expect(entry.ip).toBe('203.0.113.50');
    });
  });
});

/** An app whose pino logger writes into an array, as the production logger would write to stdout. */
async function appWithCapturedLog(overrides: Parameters<typeof loadConfig>[1] = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-log-'));
  const config = loadConfig({ ...baseEnv(), LOG_LEVEL: 'info' }, { dataDir, runJobs: false, demoSeed: false, ...overrides });
  const database = await freshDatabase();
  await ensureDefaultSettings(database.db);
  const app = await buildApp({ config, database, logger: { stream } });
  await app.ready();
  return {
    app,
    db: database.db,
    lines,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('secrets never reach the logs', () => {
  let ctx: Awaited<ReturnType<typeof appWithCapturedLog>>;
  beforeAll(async () => {
    ctx = await appWithCapturedLog();
  });
  afterAll(async () => ctx?.close());

  it('redacts tokens from every logged URL, keeping the rest of it', async () => {
    const secret = 'SECRETO-abc123xyz';
    const urls = [
      `/api/v1/auth/verify-email?token=${secret}`,
      `/reset-password?token=${secret}&next=%2Fpanel`,
      `/verify-email?a=1&TOKEN=${secret}`,
      `/api/v1/auth/refresh?refresh_token=${secret}`,
      `/api/v1/donations?access_token=${secret}&password=${secret}`,
      `/api/v1/no-existe?token=${secret}`,
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/auth/reset-password?token=${secret}`, payload: { token: secret, password: 'Secreta123', confirmPassword: 'Secreta123' } });
    const log = ctx.lines.join('');
    expect(log).toContain('/reset-password?token=[REDACTED]&next=%2Fpanel');
    expect(log).toContain('/api/v1/auth/verify-email?token=[REDACTED]');
    expect(log).not.toContain(secret);
  });

  it('no header reaches the log: not the Authorization or Cookie of a request, nor the Set-Cookie of an answer', async () => {
    const before = ctx.lines.length;
    const caller = await make.signIn(ctx.app, ctx.db);
    await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${caller.token}`, cookie: 'otra=galleta-secreta-1' } });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: caller.email, password: 'Secreta123' } });
    expect(login.statusCode, login.body).toBe(200);
    const cookies = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0].split('=')[1]);
    expect(cookies.length).toBeGreaterThan(0);
    const logged = ctx.lines.slice(before).join('');
    expect(logged).toContain('request completed');
    for (const secret of [caller.token, 'galleta-secreta-1', ...cookies]) expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/authorization|set-cookie|"cookie"/i);
  });

  it('without SMTP_URL the mailer logs the recipient and subject, never the body or its links', async () => {
    const secret = 'enlace-secreto-987';
    await enqueueEmail(ctx.db, {
      to: 'destino@correo.gt',
      subject: 'Restablece tu contraseña',
      text: `Hola Ana:\nUsa este enlace: http://localhost:3000/reset-password?token=${secret}\nGracias.`,
      template: 'password-reset',
    });
    const before = ctx.lines.length;
    const report = await deliverDueEmails(ctx.db, createMailTransport({ mailFrom: 'x <x@localhost>' }, ctx.app.log));
    expect(report).toMatchObject({ sent: 1 });
    const logged = ctx.lines.slice(before).join('');
    expect(logged).toContain('destino@correo.gt');
    expect(logged).toContain('Restablece tu contraseña');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Hola Ana');
  });
});

describe('malformed HTTP is answered in the house format', () => {
  let app: FastifyInstance;
  let port: number;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => ctx?.close());

  function raw(request: string | Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(5000, () => reject(new Error('timeout')));
      socket.write(request);
    });
  }

  function parse(answer: string) {
    const [head, body] = answer.split('\r\n\r\n');
    const status = Number(head.split(' ')[1]);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    return { status, head, body, length };
  }

  it('a request line that is not HTTP gets a Spanish 400 {"detail"}', async () => {
    const res = parse(await raw('ESTO NO ES HTTP\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Los datos enviados no son válidos.' });
    expect(res.length).toBe(Buffer.byteLength(res.body));
    expect(res.head).toMatch(/content-type: application\/json; charset=utf-8/i);
  });

  it('headers larger than the server takes get a Spanish 431 {"detail"}', async () => {
    const res = parse(await raw(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    const body = JSON.parse(res.body) as { detail: string };
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(/encabezados/);
    expect(res.length).toBe(Buffer.byteLength(res.body));
  });
});
