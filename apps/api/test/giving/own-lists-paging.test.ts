// A donor's history and receipts come a page at a time (keyset paging): walking the pages by
// next_cursor returns every row exactly once, newest first, also when many rows share one instant
// (to the millisecond and to the microsecond), and the totals cover every row whatever the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, inject, openSession, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let token: string;
let otherToken: string;
let ids: number[] = [];
let receipted: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Paula', lastName: 'Páginas' });
  const other = await createUser(ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Otro', lastName: 'Donante' });
  token = (await openSession(ctx.app, ctx.db, user.id)).token;
  otherToken = (await openSession(ctx.app, ctx.db, other.id)).token;
  const gift = (createdAt: Date, status: 'completed' | 'pending' = 'completed') =>
    make.donation(ctx.db, { userId: user.id, donorEmail: user.email, donorName: 'Paula Páginas', amount: 10, status, createdAt });
  const same = new Date(Date.UTC(2025, 11, 24, 18, 0, 0));
  const rows = [];
  // Seven gifts at one instant, a pending one among them, and gifts on other days and years.
  for (let i = 0; i < 7; i += 1) rows.push(await gift(same, i === 3 ? 'pending' : 'completed'));
  for (let i = 0; i < 5; i += 1) rows.push(await gift(new Date(Date.UTC(2024, i, 10, 18))));
  rows.push(await gift(new Date(Date.UTC(2026, 0, 2, 18))));
  // Three gifts in one millisecond, microseconds apart: a cursor cut to the millisecond would skip them.
  const close = [await gift(same), await gift(same), await gift(same)];
  rows.push(...close);
  for (const [i, d] of close.entries()) {
    await ctx.db.execute(sql`UPDATE donations SET created_at = ${`2025-06-30 12:00:00.12345${i}+00`}::timestamptz,
      completed_at = ${`2025-06-30 12:00:00.12345${i}+00`}::timestamptz WHERE id = ${d.id}`);
  }
  ids = rows.map((d) => d.id);
  receipted = rows.filter((d) => d.status === 'completed').map((d) => d.id);
  await make.donation(ctx.db, { userId: other.id, donorEmail: other.email, amount: 99, createdAt: same });
});
afterAll(async () => ctx?.close());

const get = (url: string, as = token) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: as });

type HistoryPage = {
  donations_count: number;
  completed_count: number;
  total_amount: number;
  years: { year: number; donations_count: number; months: { month: number; donations: { id: number; created_at: string; completed_at: string | null }[] }[] }[];
  next_cursor: string | null;
};

async function walk<T extends { next_cursor: string | null }>(path: string, limit: number, read: (page: T) => number[]) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as T;
    const rows = read(page);
    expect(rows.length).toBeLessThanOrEqual(limit);
    seen.push(...rows);
    cursor = page.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { seen, pages };
}

describe('GET /users/me/history, a page at a time', () => {
  it.each([1, 2, 3, 7, 50])('pages of %i give every donation once, newest first, with the totals of all', async (limit) => {
    const { seen, pages } = await walk<HistoryPage>('/users/me/history', limit, (p) => p.years.flatMap((y) => y.months.flatMap((m) => m.donations.map((d) => d.id))));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(pages).toBe(Math.max(1, Math.ceil(ids.length / limit)));

    const first = (await get(`/users/me/history?limit=${limit}`)).json() as HistoryPage;
    expect(first).toMatchObject({ donations_count: ids.length, completed_count: ids.length - 1, total_amount: (ids.length - 1) * 10 });
    expect(first.years.map((y) => y.year)).toEqual([2026, 2025, 2024]);
    expect(first.years.map((y) => y.donations_count)).toEqual([1, 10, 5]);
  });

  it('orders by the instant (completion, or creation while pending) then the id, newest first', async () => {
    const page = (await get('/users/me/history?limit=100')).json() as HistoryPage;
    const rows = page.years.flatMap((y) => y.months.flatMap((m) => m.donations));
    const at = (r: { created_at: string; completed_at: string | null }) => r.completed_at ?? r.created_at;
    const sorted = [...rows].sort((a, b) => (at(a) === at(b) ? b.id - a.id : at(b).localeCompare(at(a))));
    expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(page.next_cursor).toBeNull();
  });

  it('refuses a bad cursor or page size with a Spanish message, and never shows another account’s rows', async () => {
    const bad = await get('/users/me/history?cursor=2025-01-01_1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.cursor).toMatch(/no es válida/);
    // The right shape but no such instant (30 February) or an id past PostgreSQL's integer: refused
    // in Spanish too, not left to the database.
    for (const cursor of ['2026-02-30T10:00:00.000000Z_5', '2026-01-10T10:00:00.000000Z_99999999999', '2026-01-10T25:00:00.000000Z_5']) {
      for (const list of ['history', 'receipts']) {
        const impossible = await get(`/users/me/${list}?cursor=${encodeURIComponent(cursor)}`);
        expect(impossible.statusCode, `${list} ${cursor}`).toBe(400);
        expect(impossible.json().errors.cursor).toMatch(/no es válida/);
      }
    }
    const big = await get('/users/me/history?limit=500');
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.limit).toMatch(/más de 100/);
    const first = (await get('/users/me/history?limit=2')).json() as HistoryPage;
    const theirs = (await get(`/users/me/history?limit=50&cursor=${encodeURIComponent(first.next_cursor as string)}`, otherToken)).json() as HistoryPage;
    expect(theirs.years.flatMap((y) => y.months.flatMap((m) => m.donations.map((d) => d.id))).some((id) => ids.includes(id))).toBe(false);
  });
});

describe('GET /users/me/receipts, a page at a time', () => {
  it.each([1, 2, 4, 50])('pages of %i give every receipt once with every year’s statement', async (limit) => {
    const { seen } = await walk<{ receipts: { donation_id: number }[]; next_cursor: string | null }>('/users/me/receipts', limit, (p) => p.receipts.map((r) => r.donation_id));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...receipted].sort((a, b) => a - b));
    const first = (await get(`/users/me/receipts?limit=${limit}`)).json();
    expect(first.years).toEqual([
      { year: 2026, total_amount: 10, receipts_count: 1 },
      { year: 2025, total_amount: 90, receipts_count: 9 },
      { year: 2024, total_amount: 50, receipts_count: 5 },
    ]);
  });
});
