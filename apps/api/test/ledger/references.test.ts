// insertDonation's reference collisions (domain/ledger/transitions.ts): a taken reference is retried with a
// new one without a savepoint, the caller's transaction stays usable, and it gives up after 6 tries.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { donations } from '../../src/db/schema';
import { insertDonation } from '../../src/domain/ledger/transitions';
import type * as ReferenceCodes from '../../src/platform/reference-codes';
import { createTestApp, type TestContext } from '../support/helpers';

const queue = vi.hoisted(() => ({ codes: [] as string[] }));
vi.mock('../../src/platform/reference-codes', async (importOriginal) => {
  const original = await importOriginal<typeof ReferenceCodes>();
  return { ...original, newReferenceCode: () => queue.codes.shift() ?? original.newReferenceCode() };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const values = { donorName: 'Ana López', donorEmail: 'ana@correo.gt', amountCents: 5_000, donationType: 'monetary' as const, source: 'public' as const };

describe('insertDonation', () => {
  it('retries a taken reference with a new one, inside the caller’s transaction, which stays usable', async () => {
    queue.codes = ['#MG10000001'];
    const first = await insertDonation(ctx.db, values);
    expect(first.referenceCode).toBe('#MG10000001');

    queue.codes = ['#MG10000001', '#MG10000001', '#MG10000002'];
    const second = await ctx.db.transaction(async (tx) => {
      const row = await insertDonation(tx, { ...values, donorEmail: 'otra@correo.gt' });
      // A raised unique violation would have aborted the transaction; this statement proves it did not.
      await tx.execute(sql`SELECT 1`);
      return row;
    });
    expect(second).toMatchObject({ referenceCode: '#MG10000002', donorEmail: 'otra@correo.gt', status: 'pending' });
    const stored = await ctx.db.select({ id: donations.id }).from(donations).where(eq(donations.referenceCode, '#MG10000002'));
    expect(stored).toEqual([{ id: second.id }]);
  });

  it('gives up after 6 taken references and stores nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(donations);
    queue.codes = Array(6).fill('#MG10000001');
    await expect(insertDonation(ctx.db, values)).rejects.toThrow('no free donation reference after 6 attempts');
    expect(queue.codes).toEqual([]);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(donations);
    expect(after[0].n).toBe(before[0].n);
  });
});
