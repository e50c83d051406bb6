// The donation lists (GET /donations, the public and the member's, and GET /admin/donations) page by
// cursor (decision 0058): walking the pages by next_cursor returns, row for row and shown the same
// way (masking unchanged), exactly the list that offset paging returns, newest first, also when many
// rows share one instant (to the millisecond and to the microsecond), with a search and with the
// status and type filters, for a visitor, a member and staff; a bad cursor is refused in Spanish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let member: Caller;
let shownPublicly: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  member = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  shownPublicly = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], showPublicly: true });
  const same = new Date(Date.UTC(2025, 11, 24, 18, 0, 0));
  const statuses = ['completed', 'pending', 'completed', 'failed', 'completed', 'completed', 'cancelled', 'completed'] as const;
  const types = ['monetary', 'goods', 'services'] as const;
  // Sixteen gifts at one instant: statuses, types, owners, anonymous and "Lucía" names among them.
  for (let i = 0; i < 16; i += 1) {
    await make.donation(ctx.db, {
      createdAt: same,
      status: statuses[i % statuses.length],
      donationType: types[i % types.length],
      donorName: i % 2 ? `Lucía Hernández Toj${i}` : `Marta López${i}`,
      donorAnonymous: i === 5,
      ...(i % 4 === 1 ? { userId: member.id, donorEmail: member.email } : {}),
      ...(i % 4 === 3 ? { userId: shownPublicly.id, donorEmail: shownPublicly.email } : {}),
    });
  }
  // Gifts on other days, before and after that instant.
  for (let i = 0; i < 12; i += 1) {
    await make.donation(ctx.db, {
      createdAt: new Date(Date.UTC(2024 + (i % 3), i % 12, 10, 18)),
      status: i % 5 === 2 ? 'pending' : 'completed',
      donationType: types[i % types.length],
      donorName: i % 3 ? `Lucía Pérez${i}` : `Ana Cruz${i}`,
      ...(i % 4 === 0 ? { userId: member.id, donorEmail: member.email } : {}),
    });
  }
  // Three gifts in one millisecond, microseconds apart: a cursor cut to the millisecond would skip them.
  const close = [];
  for (let i = 0; i < 3; i += 1) close.push(await make.donation(ctx.db, { createdAt: same, donorName: `Lucía Micro${i}`, donationType: 'goods' }));
  for (const [i, d] of close.entries()) {
    await ctx.db.execute(sql`UPDATE donations SET created_at = ${`2025-06-30 12:00:00.12345${2 - i}+00`}::timestamptz,
      completed_at = ${`2025-06-30 12:00:00.12345${2 - i}+00`}::timestamptz WHERE id = ${d.id}`);
  }
});
afterAll(async () => ctx?.close());

const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });

interface Page {
  donations: { id: number; created_at: string }[];
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
}

/** Every page from the first, each after the previous page's next_cursor. */
async function walk(path: string, query: string, limit: number, token?: string) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${path}?${query}&limit=${limit}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.donations.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(60);
  } while (cursor);
  return pages;
}

/** The whole list in one page read by offset, as before cursors. */
async function whole(path: string, query: string, token?: string): Promise<Page> {
  const res = await get(`${path}?${query}&limit=100&offset=0`, token);
  expect(res.statusCode).toBe(200);
  const page = res.json() as Page;
  expect(page.next_cursor).toBeNull();
  return page;
}

/**
 * The rows in the ledger's order, newest first to the microsecond (which created_at, cut to the
 * millisecond, does not show: the three close gifts are newest in the reverse order of their ids),
 * then by id.
 */
async function newestFirst(rows: { id: number }[]) {
  const ordered = rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM donations ORDER BY created_at DESC, id DESC`));
  const rank = new Map(ordered.map((r, i) => [Number(r.id), i]));
  return [...rows].sort((a, b) => (rank.get(a.id) as number) - (rank.get(b.id) as number));
}

const viewers = () => ({ visitor: undefined, member: member.token, staff: admin.token });
const filters = ['', 'q=lucia', 'donation_type=goods', 'q=lucia&donation_type=services', 'status=completed&donation_type=monetary', 'status=pending'];

describe('GET /donations?after=: cursor paging', () => {
  it.each(['visitor', 'member', 'staff'] as const)('as %s, every filter and page size gives each row once, as offset paging shows it', async (who) => {
    const token = viewers()[who];
    for (const query of filters) {
      const all = await whole('/donations', query, token);
      // A visitor's "pending" finds nothing (only completed gifts are public): one empty page.
      expect(all.donations.length).toBe(all.total);
      if (who !== 'visitor' || query !== 'status=pending') expect(all.total).toBeGreaterThan(1);
      expect(all.donations.map((d) => d.id)).toEqual((await newestFirst(all.donations)).map((d) => d.id));
      for (const limit of [1, 3, 7, 20]) {
        const pages = await walk('/donations', query, limit, token);
        // The same rows, in the same order, each shown exactly as the offset page shows it.
        expect(pages.flatMap((p) => p.donations)).toEqual(all.donations);
        expect(pages.length).toBe(Math.max(1, Math.ceil(all.total / limit)));
        for (const p of pages) expect({ total: p.total, total_capped: p.total_capped }).toEqual({ total: all.total, total_capped: false });
      }
    }
  });

  it('shows a visitor the masked names and no pending gift on every cursor page', async () => {
    const pages = await walk('/donations', 'q=lucia', 4);
    const rows = pages.flatMap((p) => p.donations) as unknown as { donor_name: string; status: string; donor_email: string; reference_code: string | null }[];
    expect(rows.length).toBeGreaterThan(4);
    expect(rows.every((d) => d.status === 'completed' && d.reference_code === null && !d.donor_email.startsWith('lucia'))).toBe(true);
    expect(rows.some((d) => /^Lucía [A-Z]\.$/.test(d.donor_name))).toBe(true);
  });

  it.each(['visitor', 'member', 'staff'] as const)('as %s, an offset page (its ids picked first) shows the rows of the whole list at that place', async (who) => {
    const token = viewers()[who];
    for (const query of filters) {
      const all = await whole('/donations', query, token);
      for (const [offset, limit] of [[1, 3], [4, 7], [all.total - 2, 5], [all.total + 3, 5]]) {
        if (offset < 1) continue;
        const res = await get(`/donations?${query}&limit=${limit}&offset=${offset}`, token);
        expect(res.statusCode).toBe(200);
        const page = res.json() as Page;
        // Each row shown exactly as the first page read shows it (masking, opt-in, receipt series).
        expect(page.donations).toEqual(all.donations.slice(offset, offset + limit));
        expect(page.next_cursor === null).toBe(offset + limit >= all.total);
      }
    }
  });

  it('keeps offset paging as it was, and gives its next_cursor too', async () => {
    const all = await whole('/donations', '', admin.token);
    const second = (await get('/donations?limit=5&offset=5', admin.token)).json() as Page & { offset: number };
    expect(second.offset).toBe(5);
    expect(second.donations.map((d) => d.id)).toEqual(all.donations.slice(5, 10).map((d) => d.id));
    const third = (await get(`/donations?limit=5&after=${encodeURIComponent(second.next_cursor as string)}`, admin.token)).json() as Page;
    expect(third.donations.map((d) => d.id)).toEqual(all.donations.slice(10, 15).map((d) => d.id));
  });

  it('refuses a bad cursor, or a cursor with an offset, with a Spanish message', async () => {
    for (const after of ['2025-01-01_1', 'abc', '2025-02-30T00:00:00.000000Z_5', '2025-01-01T00:00:00.000000Z_99999999999']) {
      const res = await get(`/donations?after=${encodeURIComponent(after)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.after).toBe('after no es una página válida de esta lista: usa el next_cursor de la página anterior');
    }
    const first = (await get('/donations?limit=2')).json() as Page;
    const both = await get(`/donations?offset=2&after=${encodeURIComponent(first.next_cursor as string)}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.offset).toMatch(/no se usan juntos/);
  });
});

describe('GET /admin/donations?after=: cursor paging', () => {
  it.each(['', 'status=PENDING', 'q=lucia', 'q=lucia&status=APPROVED'])('with "%s", every page size gives each row once, as offset paging shows it', async (query) => {
    const all = await whole('/admin/donations', query, admin.token);
    expect(all.donations.length).toBeGreaterThan(0);
    expect(all.donations.map((d) => d.id)).toEqual((await newestFirst(all.donations)).map((d) => d.id));
    for (const limit of [1, 4, 20]) {
      const pages = await walk('/admin/donations', query, limit, admin.token);
      expect(pages.flatMap((p) => p.donations)).toEqual(all.donations);
      for (const p of pages) expect(p.total).toBe(all.total);
    }
  });

  it('refuses a bad cursor in Spanish, and stays staff-only', async () => {
    const bad = await get('/admin/donations?after=ayer', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.after).toMatch(/no es una página válida/);
    const first = (await get('/admin/donations?limit=2', admin.token)).json() as Page;
    const visitor = await get(`/admin/donations?after=${encodeURIComponent(first.next_cursor as string)}`);
    expect(visitor.statusCode).toBe(401);
    expect((await get(`/admin/donations?after=${encodeURIComponent(first.next_cursor as string)}`, member.token)).statusCode).toBe(403);
  });
});
