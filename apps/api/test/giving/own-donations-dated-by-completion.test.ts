// "Mis donaciones" and the dashboard's recent donations order a donor's gifts by the day they
// completed, or the day they were made while they have not, as the history, the receipts and the
// yearly statement do (decision 0076): a deposit made on 5 November and confirmed on the 10th comes
// before a card gift of the 7th, where its receipt puts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, inject, openSession, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let token: string;
const ids: Record<'deposit' | 'card' | 'pending' | 'older', number> = { deposit: 0, card: 0, pending: 0, older: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });
  token = (await openSession(ctx.app, ctx.db, user.id)).token;
  const gift = (values: Parameters<typeof make.donation>[1]) => make.donation(ctx.db, { userId: user.id, donorEmail: user.email, ...values });
  const day = (d: number) => new Date(Date.UTC(2025, 10, d, 16, 0, 0));
  ids.older = (await gift({ createdAt: day(1) })).id;
  // Made on the 5th, confirmed by staff on the 10th: its receipt and statement say the 10th.
  ids.deposit = (await gift({ createdAt: day(5), completedAt: day(10), paymentMethod: 'bank_deposit' })).id;
  ids.card = (await gift({ createdAt: day(7) })).id;
  // Still waiting: dated by the day it was made.
  ids.pending = (await gift({ createdAt: day(8), status: 'pending', paymentMethod: 'bank_deposit' })).id;
});
afterAll(async () => ctx?.close());

const get = (url: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });
const newestFirst = [() => ids.deposit, () => ids.pending, () => ids.card, () => ids.older];

describe('a donor’s own donations, dated by completion', () => {
  it('GET /users/me/donations lists them by completion (creation while pending), page after page', async () => {
    const all = (await get('/users/me/donations?limit=10&offset=0')).json() as { donations: { id: number }[] };
    expect(all.donations.map((d) => d.id)).toEqual(newestFirst.map((id) => id()));
    const second = (await get('/users/me/donations?limit=2&offset=2')).json() as { donations: { id: number }[] };
    expect(second.donations.map((d) => d.id)).toEqual([ids.card, ids.older]);
  });

  it('the dashboard’s recent donations follow the same order', async () => {
    const stats = (await get('/dashboard/stats')).json() as { my_donations: { id: number }[] };
    expect(stats.my_donations.map((d) => d.id)).toEqual(newestFirst.map((id) => id()));
  });
});
