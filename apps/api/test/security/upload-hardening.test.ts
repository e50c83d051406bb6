// Hostile requests that must neither freeze the server nor get a wrong answer: a 5 MB anonymous
// slip upload, the slip upload over its rate limit, and a request while the database is down.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLIP_MAX_BYTES } from '@donaciones/shared/messages/deposits';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, json, type TestContext } from '../support/helpers';
import { heicDeclaring, pngDeclaring } from '../support/hostile-files';

const donation = () => ({ donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true });

describe('a 5 MB anonymous slip upload', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => ctx?.close());

  // A real listening server: the health checks and the uploads share its one event loop as in
  // production, and each check's time is measured from outside.
  it('leaves the API answering its health check within 500 ms', async () => {
    const body = randomBytes(SLIP_MAX_BYTES - 1024);
    // A real deposit donation, so that the image bombs reach the slip's processing.
    await putSettings(ctx.db, 'bankAccounts', {
      accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '000-123456-7', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 }],
    });
    const donated = await fetch(`${base}/api/v1/donate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `bomb-${randomBytes(4).toString('hex')}` },
      body: JSON.stringify({ donorName: 'Lucía Ajú', email: 'lucia.aju@prueba.gt', amount: 250, paymentMethod: 'bank_deposit', acceptTerms: true }),
    });
    expect(donated.status).toBe(201);
    const { id, deposit_token: token } = (await donated.json()) as { id: number; deposit_token: string };
    const query = new URLSearchParams({ token, bank: 'Banco Industrial', depositDate: '2026-11-20', slipNumber: 'abc-123', amount: '250.00' });
    const send = (url: string, file: Buffer) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(file) }).then((r) => r.status);
    let uploading = true;
    const uploads = Promise.all([
      ...Array.from({ length: 6 }, () => send(`${base}/api/v1/donations/999999/slip`, body)),
      send(`${base}/api/v1/donations/${id}/slip?${query}`, heicDeclaring(6000, 6000)),
      send(`${base}/api/v1/donations/${id}/slip?${query}`, pngDeclaring(20_000, 20_000)),
      send(`${base}/api/v1/donations/${id}/slip?${query}`, body),
    ]).finally(() => {
      uploading = false;
    });
    const times: number[] = [];
    while (uploading || times.length < 5) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/health`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const statuses = await uploads;
    // Refused (no such donation, no declared data): what matters is how long the others waited.
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
    expect(Math.max(...times)).toBeLessThan(500);
  }, 60_000);
});

describe('the slip upload over its rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { rateLimitEnabled: true } });
  });
  afterAll(async () => ctx?.close());

  it('answers 429 with the house Spanish error and Retry-After', async () => {
    let last = await ctx.app.inject({ method: 'POST', url: '/api/v1/donations/1/slip', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await ctx.app.inject({ method: 'POST', url: '/api/v1/donations/1/slip', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    }
    expect(last.statusCode).toBe(429);
    // The rate limiter's wait (a minute's window) in its Retry-After and, in minutes, in the detail.
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(json(last)).toEqual({ detail: 'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.' });
  });
});

describe('POST /donate while the database is down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { rateLimitEnabled: true } });
  });
  afterAll(async () => ctx?.close().catch(() => undefined));

  it('answers 503 with Retry-After, not 500', async () => {
    await ctx.database.close();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/donate', headers: { 'idempotency-key': `down-${randomBytes(4).toString('hex')}` }, payload: donation() });
    expect(res.statusCode).toBe(503);
    expect(json(res).detail).toBe('La base de datos no responde.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
