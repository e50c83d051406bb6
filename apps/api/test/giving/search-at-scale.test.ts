// The donation search at a million rows (docs/performance.md, "Scale"): its count stops at the cap
// instead of reading every match, and each of its conditions is one the trigram index answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@donaciones/shared/constants';
import { donations, userPreferences } from '../../src/db/schema';
import { searchCondition } from '../../src/domain/giving/donation-search';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let member: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  member = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  // More matches than the cap, inserted in one statement (the ledger's triggers keep the totals).
  await ctx.db.execute(sql`INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, completed_at, created_at)
    SELECT '#MG' || lpad(g::text, 8, '0'), 'Marta Cabrera Ixcoy', 'marta' || g || '@correo.gt', 5000, 'monetary', 'completed', 'seed', now(), now() - g * interval '1 minute'
    FROM generate_series(1, ${SEARCH_COUNT_CAP + 5}) AS g`);
  for (const name of ['Óscar Quiñónez', 'Oscar Quinonez Pop', 'Rosa Quiñónez']) await make.donation(ctx.db, { status: 'completed', donorName: name });
});
afterAll(async () => ctx?.close());

const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url, token });

describe('search counts', () => {
  it('stops at 1,000 matches and says the count is capped, for visitors and staff alike', async () => {
    const visitor = (await get('/api/v1/donations?q=marta&limit=50')).json();
    expect(visitor.donations).toHaveLength(50);
    expect(visitor).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });

    const staff = (await get('/api/v1/admin/donations?q=cabrera&limit=50', admin.token)).json();
    expect(staff).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
  });

  it('counts exactly under the cap, ignoring accents and case', async () => {
    const body = (await get('/api/v1/donations?q=QUINONEZ', admin.token)).json();
    expect(body).toMatchObject({ total: 3, total_capped: false });
    const staff = (await get('/api/v1/admin/donations?q=quiñónez', admin.token)).json();
    expect(staff).toMatchObject({ total: 3, total_capped: false });
  });

  it('pages beyond the cap still count at least up to the page read', async () => {
    const body = (await get('/api/v1/donations?q=marta&limit=50&offset=1000')).json();
    expect(body.donations).toHaveLength(5);
    expect(body.total).toBe(1_005);
    expect(body.total_capped).toBe(false);
  });

  it('lists without a search keep their exact totals', async () => {
    const body = (await get('/api/v1/donations?limit=1', admin.token)).json();
    expect(body.total).toBe(SEARCH_COUNT_CAP + 5 + 3);
    expect(body.total_capped).toBe(false);
  });
});

describe('search plan', () => {
  /**
   * The plan with whole-table reads priced out (sequential and full index scans): a condition the
   * trigram index cannot answer still reads the table.
   */
  async function planOf(viewer: Caller | null, roles: string[]): Promise<string> {
    const condition = await searchCondition(ctx.db, 'cabrera', viewer ? { id: viewer.id, roles } : null);
    const query = ctx.db.select({ id: donations.id }).from(donations).leftJoin(userPreferences, sql`${userPreferences.userId} = ${donations.userId}`).where(condition);
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      const rows = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows?: Record<string, string>[] } | Record<string, string>[];
      const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
      return list.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  it.each([
    ['a visitor', null, []],
    ['a member', 'member', ['DONOR', 'USER']],
    ['staff', 'admin', ['ADMIN']],
  ] as const)('reads the trigram index for %s, never the whole ledger', async (_who, caller, roles) => {
    const plan = await planOf(caller === 'admin' ? admin : caller === 'member' ? member : null, [...roles]);
    expect(plan).toContain('donations_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on donations\b|Index Scan using \S+ on donations\b/);
  });
});
