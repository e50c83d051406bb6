// The settings that the benchmarks and the scale-out tests turn (config.ts): DONATE_RATE_LIMIT_PER_MINUTE
// raises the checkout's per-IP limit without code changes, JOBS_INTERVAL_MS makes every job run often.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../src/config';
import { donations } from '../../src/db/schema';
import { startJobs } from '../../src/jobs';
import { createTestApp, type TestContext } from '../support/helpers';

const env = { JWT_SECRET: 'x'.repeat(32), COOKIE_SECRET: 'y'.repeat(32) };

describe('config', () => {
  it('defaults to 20 checkout requests per IP a minute and to each job’s own interval', () => {
    const config = loadConfig(env, { dataDir: '/tmp' });
    expect(config.donateRateLimitPerMinute).toBe(20);
    expect(config.jobsIntervalMs).toBeUndefined();
  });

  it('reads DONATE_RATE_LIMIT_PER_MINUTE and JOBS_INTERVAL_MS, and refuses nonsense', () => {
    const config = loadConfig({ ...env, DONATE_RATE_LIMIT_PER_MINUTE: '1000000', JOBS_INTERVAL_MS: '200' }, { dataDir: '/tmp' });
    expect(config).toMatchObject({ donateRateLimitPerMinute: 1_000_000, jobsIntervalMs: 200 });
    expect(() => loadConfig({ ...env, DONATE_RATE_LIMIT_PER_MINUTE: '0' }, { dataDir: '/tmp' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, JOBS_INTERVAL_MS: '5' }, { dataDir: '/tmp' })).toThrow(ConfigError);
  });
});

describe('with DONATE_RATE_LIMIT_PER_MINUTE=3 and JOBS_INTERVAL_MS=100', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { donateRateLimitPerMinute: 3, jobsIntervalMs: 100 } });
  });
  afterAll(async () => ctx?.close());

  it('answers 429 to the 4th checkout request of one address within the minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/donate',
        remoteAddress: '10.9.8.7',
        headers: { 'idempotency-key': randomUUID() },
        payload: { donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('runs the expiry job every 100 ms instead of every 15 minutes', async () => {
    const stop = startJobs(ctx.app);
    try {
      // After the first run of every job (which happens at start whatever the interval).
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const [row] = await ctx.db
        .insert(donations)
        .values({
          referenceCode: '#MG77777777',
          donorName: 'Donante Vencida',
          donorEmail: 'vencida@correo.gt',
          amountCents: 1_000,
          donationType: 'monetary',
          source: 'public',
          createdAt: new Date(Date.now() - 40 * 86_400_000),
        })
        .returning({ id: donations.id });
      const deadline = Date.now() + 5_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [{ status }] = await ctx.db.select({ status: donations.status }).from(donations).where(eq(donations.id, row.id));
      }
      expect(status).toBe('expired');
    } finally {
      await stop();
    }
  });
});
