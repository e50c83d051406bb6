// Read batching of the public donation reads (services/read-batching.ts): concurrent callers share
// one read that starts after they all arrived, so no answer is ever older than its request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DonationList, DonationStats } from '@donaciones/shared/schemas/donations';
import { readBatcher, serializeOncePerAnswer } from '../src/services/read-batching';
import { createTestApp, inject, type TestContext } from './helpers';
import { pendingDonation, signedInUser } from './donations-fixtures';

/** A read that the test finishes by hand, recording when it started. */
function controlledReads() {
  const started: { at: number; finish: (value: number) => void; fail: (err: Error) => void }[] = [];
  let clock = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started.push({ at: clock, finish: resolve, fail: reject });
    });
  return { started, read, tick: () => (clock += 1) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readBatcher', () => {
  it('runs at once when nothing is running, and forgets the key afterwards', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const first = batch('k', reads.read);
    expect(reads.started).toHaveLength(1);
    reads.started[0].finish(1);
    expect(await first).toBe(1);
    await flush();
    const second = batch('k', reads.read);
    expect(reads.started).toHaveLength(2);
    reads.started[1].finish(2);
    expect(await second).toBe(2);
  });

  it('serves callers that arrive during a read with ONE new read started after they all arrived', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const early = batch('k', reads.read);
    reads.tick();
    const late = [batch('k', reads.read), batch('k', reads.read), batch('k', reads.read)];
    await flush();
    expect(reads.started).toHaveLength(1);
    reads.started[0].finish(10);
    expect(await early).toBe(10);
    await flush();
    // The late callers did not get the result of the read that was already running when they came.
    expect(reads.started).toHaveLength(2);
    expect(reads.started[1].at).toBe(1);
    reads.started[1].finish(20);
    expect(await Promise.all(late)).toEqual([20, 20, 20]);
  });

  it('keeps keys apart', async () => {
    const batch = readBatcher<string>();
    const a = controlledReads();
    const b = controlledReads();
    const pa = batch('a', () => a.read().then(String));
    const pb = batch('b', () => b.read().then((n) => `b${n}`));
    expect(a.started).toHaveLength(1);
    expect(b.started).toHaveLength(1);
    a.started[0].finish(1);
    b.started[0].finish(2);
    expect(await Promise.all([pa, pb])).toEqual(['1', 'b2']);
  });

  it('gives a failed read to its callers only, and the next callers a new read', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const first = batch('k', reads.read);
    const joined = batch('k', reads.read);
    reads.started[0].fail(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await flush();
    reads.started[1].fail(new Error('still down'));
    await expect(joined).rejects.toThrow('still down');
    await flush();
    const later = batch('k', reads.read);
    reads.started[2].finish(3);
    expect(await later).toBe(3);
  });
});

describe('serializeOncePerAnswer', () => {
  it('encodes and stringifies an answer object once, however many requests send it, and strips unknown keys', () => {
    let checks = 0;
    const schema = z.object({ amount: z.number().refine(() => ++checks > 0) });
    const serialize = serializeOncePerAnswer({ schema, method: 'GET', url: '/prueba', httpStatus: '200' });
    const shared = { amount: 185, secret: 'no se envía' };
    expect(serialize(shared)).toBe('{"amount":185}');
    expect(serialize(shared)).toBe('{"amount":185}');
    expect(checks).toBe(1);
    expect(serialize({ amount: 185 })).toBe('{"amount":185}');
    expect(checks).toBe(2);
  });

  it('still refuses an answer that does not match the schema, every time', () => {
    const serialize = serializeOncePerAnswer({ schema: z.object({ amount: z.number() }), method: 'GET', url: '/prueba', httpStatus: '200' });
    const wrong = { amount: 'mucho' };
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });
});

describe('GET /donations/stats and /donations under concurrent reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const stats = async () => (await inject(ctx.app, { url: '/api/v1/donations/stats' })).json<DonationStats>();
  const donate = () =>
    inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/donate',
      headers: { 'idempotency-key': randomUUID() },
      payload: { donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    });

  it('never answers with figures older than the request, while other reads are running', async () => {
    let stop = false;
    // Background readers keep a read in flight all the time, so every checked read joins a batch.
    // (Each yields to the event loop: with the embedded database a read may finish in microtasks only.)
    const background = Array.from({ length: 8 }, async () => {
      while (!stop) {
        await stats();
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    try {
      for (let i = 1; i <= 12; i++) {
        expect((await donate()).statusCode).toBe(201);
        const [mine, concurrent] = await Promise.all([stats(), stats()]);
        expect(mine.count_pending).toBe(i);
        expect(concurrent.count_pending).toBe(i);
        expect(mine.total_amount_pending).toBe(10 * i);
      }
    } finally {
      stop = true;
      await Promise.all(background);
    }
  });

  it('shares a list read between anonymous callers only; a signed-in admin still gets the full view', async () => {
    await pendingDonation(ctx.db, { donorName: 'Lucía Hernández Pérez', donorEmail: 'lucia@correo.gt' });
    const admin = await signedInUser(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const [anonymous, asAdmin, anonymousAgain] = await Promise.all([
      inject(ctx.app, { url: '/api/v1/donations?limit=5' }),
      inject(ctx.app, { url: '/api/v1/donations?limit=5', token: admin.token }),
      inject(ctx.app, { url: '/api/v1/donations?limit=5' }),
    ]);
    const first = (res: typeof anonymous) => res.json<DonationList>().donations[0];
    expect(first(anonymous)).toMatchObject({ donor_name: 'Lucía P.', donor_email: 'l***@correo.gt', donor_masked: true });
    expect(first(anonymousAgain)).toEqual(first(anonymous));
    expect(first(asAdmin)).toMatchObject({ donor_name: 'Lucía Hernández Pérez', donor_email: 'lucia@correo.gt', donor_masked: false, can_process: true });
  });

  it('keeps different filters apart', async () => {
    const [all, completed] = await Promise.all([
      inject(ctx.app, { url: '/api/v1/donations?limit=50' }),
      inject(ctx.app, { url: '/api/v1/donations?limit=50&status=completed' }),
    ]);
    expect(all.json<DonationList>().total).toBeGreaterThan(0);
    expect(completed.json<DonationList>()).toMatchObject({ total: 0, donations: [] });
  });
});
