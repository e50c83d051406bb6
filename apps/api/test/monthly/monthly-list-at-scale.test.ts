// The console's monthly gifts list at scale (docs/performance.md, "Scale"): the page is chosen first,
// then only its gifts' charges are counted and added up, never those of every gift before the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_MONTHLY_PAGE_SIZE } from '@donaciones/shared/schemas/monthly-admin';
import { adminMonthlyPageSql, listAdminMonthlyGifts } from '../../src/domain/monthly/gift-console';
import { createTestApp, type TestContext } from '../support/helpers';
import { aMonthlyGift } from '../support/monthly';
import * as make from '../support/factory';

let ctx: TestContext;
const gifts: number[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  for (let i = 0; i < 45; i += 1) {
    const gift = await aMonthlyGift(ctx.db, { createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 30), 12)) });
    gifts.push(gift.id);
    if (i % 5 === 0) await make.donation(ctx.db, { amount: 150, recurringGiftId: gift.id, donationType: 'monetary' });
  }
});
afterAll(async () => ctx?.close());

type Plan = { 'Node Type': string; 'Subplan Name'?: string; 'Actual Loops'?: number; Plans?: Plan[] };
const subPlans = (plan: Plan): Plan[] => [...(plan['Subplan Name'] ? [plan] : []), ...(plan.Plans ?? []).flatMap(subPlans)];

describe('the monthly gifts list', () => {
  it('counts the charges of the page’s gifts only, on the last page as on the first', async () => {
    await ctx.db.execute(sql`ANALYZE recurring_gifts`);
    const all = [...gifts].sort((a, b) => b - a);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / ADMIN_MONTHLY_PAGE_SIZE); page += 1) {
      const list = await listAdminMonthlyGifts(ctx.db, { page });
      expect(list.total).toBe(all.length);
      seen.push(...list.gifts.map((g) => g.id));
      const charged = list.gifts.filter((g) => g.chargesCount === 1);
      for (const g of charged) expect(g.totalGivenCents).toBe(15_000);
    }
    expect(new Set(seen).size).toBe(all.length);
    expect(seen.sort((a, b) => a - b)).toEqual([...gifts].sort((a, b) => a - b));

    // The plan of the last page: each charge subquery runs once per gift of the page, not per gift skipped.
    const result = await ctx.db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${adminMonthlyPageSql(sql`true`, 40)}`);
    const rows = (result as unknown as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as Record<string, unknown>[]);
    const raw = Object.values(rows[0])[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[];
    const loops = subPlans(plan[0].Plan).map((p) => p['Actual Loops'] ?? 0);
    expect(loops.length).toBeGreaterThan(0);
    for (const n of loops) expect(n).toBeLessThanOrEqual(all.length - 40);
  });
});
