import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../support/helpers';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed';
import { donations, users } from '../../src/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('API foundation', () => {
  it('answers health with the database state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', version: '1.0.0' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a sane request id and replaces a malicious one', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': '<script>' } });
    expect(bad.headers['x-request-id']).not.toBe('<script>');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ detail: 'Recurso no encontrado' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/no-existe', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeDefined();
  });

  it('seeds demo data once, however often it runs', async () => {
    const first = await seedDemo(ctx.db);
    const second = await seedDemo(ctx.db);
    expect(first.accountsCreated).toHaveLength(DEMO_ACCOUNTS.length);
    expect(first.donationsCreated).toBeGreaterThan(200);
    expect(second).toEqual({ accountsCreated: [], donationsCreated: 0 });
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(n).toBe(DEMO_ACCOUNTS.length);
    const statuses = await ctx.db.selectDistinct({ s: donations.status }).from(donations);
    expect(statuses.map((s) => s.s).sort()).toEqual(['cancelled', 'completed', 'expired', 'failed', 'pending']);
    // Seeding 366 gifts with their receipts takes ~8 s alone and ~45 s on a busy 2-core machine.
  }, 90_000);

  it('keeps the stats totals equal to the ledger', async () => {
    const ledger = await ctx.db.execute(sql`SELECT status, count(*)::int AS n, sum(amount_cents)::bigint AS c FROM donations GROUP BY status ORDER BY status`);
    const totals = await ctx.db.execute(sql`SELECT status, sum(count)::int AS n, sum(amount_cents)::bigint AS c FROM donation_totals GROUP BY status HAVING sum(count) > 0 ORDER BY status`);
    const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as { status: string; n: number; c: string | number }[];
    expect(rows(totals).map((r) => [r.status, r.n, Number(r.c)])).toEqual(rows(ledger).map((r) => [r.status, r.n, Number(r.c)]));
  });
});

describe('internal errors', () => {
  it('are answered with a generic Spanish 500 and no stack trace', async () => {
    const local = await createTestApp({
      extraRoutes: (app) =>
        app.get('/api/v1/__boom', async () => {
          throw new Error('SELECT secret FROM users -- stack');
        }),
    });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/v1/__boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Error interno del servidor. Por favor intenta más tarde.' });
      expect(res.body).not.toMatch(/SELECT|stack|at /);
    } finally {
      await local.close();
    }
  });
});
