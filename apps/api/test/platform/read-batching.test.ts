// Read batching of the hot public reads (platform/read-batching.ts): concurrent callers share one
// read that starts after they all arrived, so no answer is ever older than its request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DonationList, DonationStats } from '@donaciones/shared/schemas/donations';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { donations } from '../../src/db/schema';
import { readBatcher, serializeOncePerAnswer } from '../../src/platform/read-batching';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

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

/** Lets every pending setImmediate (the start of a batch's read) and promise callback run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readBatcher', () => {
  it('starts a read one turn of the event loop later, so that every caller of this turn shares it', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const callers = [batch('k', reads.read), batch('k', reads.read), batch('k', reads.read)];
    // Not started yet: a synchronous read (the embedded database) would otherwise end before the
    // next request is parsed, and no batch would hold more than one caller.
    expect(reads.started).toHaveLength(0);
    await flush();
    expect(reads.started).toHaveLength(1);
    reads.started[0].finish(7);
    expect(await Promise.all(callers)).toEqual([7, 7, 7]);
  });

  it('serves a lone caller with its own read, and forgets the key afterwards', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const first = batch('k', reads.read);
    await flush();
    reads.started[0].finish(1);
    expect(await first).toBe(1);
    await flush();
    const second = batch('k', reads.read);
    await flush();
    expect(reads.started).toHaveLength(2);
    reads.started[1].finish(2);
    expect(await second).toBe(2);
  });

  it('serves callers that arrive during a read with ONE new read started after that read ended', async () => {
    const batch = readBatcher<number>();
    const reads = controlledReads();
    const early = batch('k', reads.read);
    await flush();
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
    await flush();
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
    await flush();
    const joined = batch('k', reads.read);
    reads.started[0].fail(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await flush();
    reads.started[1].fail(new Error('still down'));
    await expect(joined).rejects.toThrow('still down');
    await flush();
    const later = batch('k', reads.read);
    await flush();
    reads.started[2].finish(3);
    expect(await later).toBe(3);
  });

  it('gives a read that throws before returning a promise to its callers as a rejection', async () => {
    const batch = readBatcher<number>();
    const callers = [
      batch('k', () => {
        throw new Error('no se pudo leer');
      }),
      batch('k', () => Promise.resolve(1)),
    ];
    for (const caller of callers) await expect(caller).rejects.toThrow('no se pudo leer');
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

describe('the hot public reads under concurrent requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const stats = async () => (await inject(ctx.app, { url: '/api/v1/donations/stats' })).json<DonationStats>();
  const site = async () => (await inject(ctx.app, { url: '/api/v1/public/site' })).json<PublicSite>();
  /** A donation of Q10 completed now (inserted pending, as every donation is, then completed). */
  const completedDonation = async (values: Parameters<typeof make.donation>[1] = {}) => {
    const row = await make.donation(ctx.db, { status: 'pending', amountCents: 1_000, ...values });
    await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date() }).where(eq(donations.id, row.id));
  };

  /** How many statements reach the database client (PGlite, or the pg pool) while `work` runs. */
  async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it.each([
    ['/api/v1/donations/stats'],
    ['/api/v1/donations?limit=20'],
    ['/api/v1/public/site'],
  ])('%s: 30 concurrent requests cost the queries of one', async (url) => {
    await completedDonation();
    const one = await statementsDuring(() => inject(ctx.app, { url }));
    expect(one).toBeGreaterThan(0);
    let answers: { statusCode: number; body: string }[] = [];
    const many = await statementsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 30 }, () => inject(ctx.app, { url })));
    });
    expect(many).toBe(one);
    expect(answers.every((a) => a.statusCode === 200 && a.body === answers[0].body)).toBe(true);
  });

  it('never answers with figures older than the request, while other reads are running', async () => {
    const before = await stats();
    const siteBefore = await site();
    let stop = false;
    // Background readers keep batches forming and running all the time, so every checked read joins one.
    const background = Array.from({ length: 8 }, async (_, n) => {
      while (!stop) {
        await (n % 2 ? stats() : site());
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    try {
      for (let i = 1; i <= 12; i++) {
        await completedDonation();
        const [mine, concurrent, home] = await Promise.all([stats(), stats(), site()]);
        expect(mine.count_completed).toBe(before.count_completed + i);
        expect(concurrent.count_completed).toBe(before.count_completed + i);
        expect(mine.total_amount_completed).toBe(before.total_amount_completed + 10 * i);
        expect(home.stats.donated_this_month).toBe(siteBefore.stats.donated_this_month + 10 * i);
      }
    } finally {
      stop = true;
      await Promise.all(background);
    }
  });

  it('shares a list read between anonymous callers only; a signed-in admin still gets the full view', async () => {
    await completedDonation({ donorName: 'Lucía Hernández Pérez', donorEmail: 'lucia@correo.gt' });
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const [anonymous, asAdmin, anonymousAgain] = await Promise.all([
      inject(ctx.app, { url: '/api/v1/donations?limit=5' }),
      inject(ctx.app, { url: '/api/v1/donations?limit=5', token: admin.token }),
      inject(ctx.app, { url: '/api/v1/donations?limit=5' }),
    ]);
    const first = (res: typeof anonymous) => res.json<DonationList>().donations[0];
    expect(first(anonymous)).toMatchObject({ donor_email: 'l***@correo.gt', donor_masked: true });
    expect(first(anonymous).donor_name).not.toBe('Lucía Hernández Pérez');
    expect(first(anonymousAgain)).toEqual(first(anonymous));
    expect(first(asAdmin)).toMatchObject({ donor_name: 'Lucía Hernández Pérez', donor_email: 'lucia@correo.gt', donor_masked: false });
  });

  it('keeps different filters apart', async () => {
    const [all, failed] = await Promise.all([
      inject(ctx.app, { url: '/api/v1/donations?limit=50' }),
      inject(ctx.app, { url: '/api/v1/donations?limit=50&status=failed' }),
    ]);
    expect(all.json<DonationList>().total).toBeGreaterThan(0);
    expect(failed.json<DonationList>()).toMatchObject({ total: 0, donations: [] });
  });
});
