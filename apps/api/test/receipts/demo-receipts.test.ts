// The demo's receipts are issued as real ones are (docs/product.md#demo-data): on the day the gift completed,
// so a receipt never prints the seeding day while the receipts list shows the gift's date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedDemo } from '../../src/db/seed';
import { donations, receipts } from '../../src/db/schema';
import { createTestApp, type TestContext } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('demo receipts', () => {
  it('carry the completion date of their gift as their issue date', async () => {
    const now = new Date();
    await seedDemo(ctx.db, now);
    const rows = await ctx.db
      .select({ issuedAt: receipts.issuedAt, donatedAt: receipts.donatedAt, completedAt: donations.completedAt })
      .from(receipts)
      .innerJoin(donations, eq(donations.id, receipts.donationId));
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      expect(r.issuedAt.toISOString()).toBe(r.completedAt?.toISOString());
      expect(r.issuedAt.toISOString()).toBe(r.donatedAt.toISOString());
    }
    // Most gifts completed well before the seeding day.
    expect(rows.filter((r) => now.getTime() - r.issuedAt.getTime() > 86_400_000).length).toBeGreaterThan(rows.length / 2);
  });
});
