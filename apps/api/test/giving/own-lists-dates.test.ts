// A donor's history dates a gift as the receipts and the yearly statement do: by the day it completed
// (Guatemala time), or the day it was made while it has not. A bank deposit made on 31 December and
// confirmed on 2 January counts in the new year on every one of the donor's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, inject, openSession, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let token: string;
let crossing: number;
let waiting: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Ana', lastName: 'Año' });
  token = (await openSession(ctx.app, ctx.db, user.id)).token;
  const gift = (createdAt: Date, amount: number, status: 'completed' | 'pending' = 'completed') =>
    make.donation(ctx.db, { userId: user.id, donorEmail: user.email, donorName: 'Ana Año', amount, status, createdAt });
  // 31 December 2025, 20:00 in Guatemala (02:00 UTC on 1 January), confirmed on 2 January 2026 at 09:00.
  const made = await gift(new Date('2026-01-01T02:00:00Z'), 300);
  await ctx.db.execute(sql`UPDATE donations SET completed_at = '2026-01-02T15:00:00Z'::timestamptz WHERE id = ${made.id}`);
  crossing = made.id;
  await gift(new Date('2025-12-10T18:00:00Z'), 100);
  // Still waiting for its deposit: dated by the day it was made.
  waiting = (await gift(new Date('2025-12-30T18:00:00Z'), 50, 'pending')).id;
});
afterAll(async () => ctx?.close());

const get = async (url: string) => (await inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token })).json();

type History = { years: { year: number; total_amount: number; months: { month: number; total_amount: number; donations: { id: number }[] }[] }[] };

describe('the dates of a donor’s own pages', () => {
  it('puts a gift completed in the new year in that year and month, in the history as in the receipts', async () => {
    const history = (await get('/users/me/history')) as History;
    const where = (id: number) =>
      history.years.flatMap((y) => y.months.filter((m) => m.donations.some((d) => d.id === id)).map((m) => `${y.year}-${m.month}`));
    expect(where(crossing)).toEqual(['2026-1']);
    expect(where(waiting)).toEqual(['2025-12']);
    expect(history.years.map((y) => [y.year, y.total_amount])).toEqual([
      [2026, 300],
      [2025, 100],
    ]);
    const receipts = await get('/users/me/receipts');
    expect(receipts.years.map((y: { year: number; total_amount: number }) => [y.year, y.total_amount])).toEqual([
      [2026, 300],
      [2025, 100],
    ]);
  });
});
