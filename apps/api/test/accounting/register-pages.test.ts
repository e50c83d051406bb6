// The register's keyset pages (accounting/register.ts): each kind of movement is read by its own index
// up to the page's size, so every page size gives every movement once, in the order (instant, kind, gift),
// with gifts, refunds and voids at one instant and several gifts sharing an instant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations, receipts } from '../../src/db/schema';
import { type Movement, registerBatches } from '../../src/domain/accounting/register';
import { voidReceipt } from '../../src/domain/receipts/receipts';
import { createTestApp, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
const PERIOD = { from: '2026-06-01', to: '2026-06-30' };
const noon = new Date('2026-06-10T18:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  // Three gifts at noon, a refund and a void at the same instant, more gifts around it.
  for (let i = 0; i < 3; i++) await make.donation(ctx.db, { amount: 10 + i, createdAt: noon });
  await make.donation(ctx.db, { amount: 40, status: 'refunded', completedAt: noon, refundedAt: noon, createdAt: new Date('2026-06-02T18:00:00Z') });
  const voided = await make.donation(ctx.db, { amount: 50, createdAt: new Date('2026-06-03T18:00:00Z') });
  await voidReceipt(ctx.db, voided.id, 'Registrada por error');
  await ctx.db.update(receipts).set({ voidedAt: noon }).where(eq(receipts.donationId, voided.id));
  await ctx.db.update(donations).set({ status: 'cancelled' }).where(eq(donations.id, voided.id));
  for (let day = 1; day <= 29; day += 4) await make.donation(ctx.db, { amount: day, createdAt: new Date(`2026-06-${String(day).padStart(2, '0')}T20:00:00Z`) });
  await make.donation(ctx.db, { amount: 60, status: 'refunded', completedAt: new Date('2026-06-20T18:00:00Z'), refundedAt: new Date('2026-06-25T18:00:00Z'), createdAt: new Date('2026-06-20T18:00:00Z') });
});
afterAll(async () => ctx?.close());

async function walk(batchSize: number): Promise<Movement[]> {
  const all: Movement[] = [];
  for await (const batch of registerBatches(ctx.db, PERIOD, batchSize)) {
    expect(batch.length).toBeLessThanOrEqual(batchSize);
    all.push(...batch);
  }
  return all;
}

describe('the register in pages', () => {
  it('gives every movement once, in order, whatever the page size', async () => {
    const whole = await walk(1000);
    const kindOrder = { gift: 1, refund: 2, void: 3 };
    const key = (m: Movement) => [m.at.getTime(), kindOrder[m.kind], m.donationId] as const;
    const sorted = [...whole].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    expect(whole).toEqual(sorted);
    expect(whole.filter((m) => m.kind === 'refund')).toHaveLength(2);
    expect(whole.filter((m) => m.kind === 'void')).toHaveLength(1);
    expect(whole.filter((m) => m.at.getTime() === noon.getTime())).toHaveLength(5);
    for (const size of [1, 2, 3, 4, 5, 7]) expect(await walk(size), `page size ${size}`).toEqual(whole);
  });
});
