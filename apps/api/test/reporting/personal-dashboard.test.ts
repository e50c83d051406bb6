import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatMoney } from '@donaciones/shared/format';
import { events, programs, userPreferences } from '../../src/db/schema';
import { memberDashboardStats } from '../../src/domain/reporting/personal-dashboard';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, createUser, inject, openSession, type TestContext } from '../support/helpers';
import { monthsAgo } from '../support/member';
import * as make from '../support/factory';

let ctx: TestContext;
let programA: number;
let programB: number;
let donor: { id: number; email: string; token: string };
let other: { id: number; email: string; token: string };
let fresh: { id: number; email: string; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const [a, b] = await ctx.db
    .insert(programs)
    .values([
      { slug: 'alimentacion', name: 'Programa de alimentación', description: 'Refacciones escolares', goalCents: 1_000_000, sortOrder: 2 },
      { slug: 'evangelizacion', name: 'Evangelización infantil', description: 'Formación en valores', goalCents: 300_000, sortOrder: 1 },
    ])
    .returning({ id: programs.id });
  programA = a.id;
  programB = b.id;
  await ctx.db.insert(programs).values({ slug: 'cerrado', name: 'Programa cerrado', isActive: false, goalCents: 100, currentCents: 0 });

  const makeUser = async (roles: ('DONOR' | 'USER')[]) => {
    const u = await createUser(ctx.db, { roles });
    return { ...u, token: (await openSession(ctx.app, ctx.db, u.id)).token };
  };
  donor = await makeUser(['DONOR', 'USER']);
  other = await makeUser(['DONOR', 'USER']);
  fresh = await makeUser(['USER']);

  // Donor: completed donations this month and the two before (a 3-month streak), one 5 months ago,
  // plus a pending, a failed and a USD one that must not count towards the quetzal totals.
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 185, createdAt: monthsAgo(0), programId: programA });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 250, createdAt: monthsAgo(1), programId: programA });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 75.5, createdAt: monthsAgo(2), programId: programB });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 1000, createdAt: monthsAgo(5), programId: programB });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 35, status: 'pending', createdAt: monthsAgo(0) });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 15, status: 'failed', createdAt: monthsAgo(1) });
  await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 40, currency: 'USD', createdAt: monthsAgo(3) });
  // Another account's money must never show up in the donor's figures.
  await make.donation(ctx.db, { userId: other.id, donorEmail: other.email, amount: 9000, createdAt: monthsAgo(0), programId: programB });

  const day = 86_400_000;
  await ctx.db.insert(events).values([
    { type: 'event', title: 'Convivio', description: 'Fiesta', date: new Date(Date.now() + 20 * day) },
    { type: 'campaign', title: 'Campaña de útiles', description: 'Útiles', date: new Date(Date.now() + 5 * day), location: 'Mixco' },
    { type: 'program', title: 'Ya pasó', description: 'Antiguo', date: new Date(Date.now() - 5 * day) },
    { type: 'event', title: 'Borrador', description: 'No publicado', date: new Date(Date.now() + 8 * day), isPublished: false },
  ]);
});
afterAll(async () => ctx?.close());

const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });

describe('memberDashboardStats', () => {
  it('computes the totals, streak, average, favourite program and recent donations of the account', async () => {
    const stats = await memberDashboardStats(ctx.db, donor.id);
    expect(stats.total_donated).toBe(1510.5);
    expect(stats.total_amount_gtq).toBe(1510.5);
    expect(stats.donations_count).toBe(5);
    expect(stats.total_donations).toBe(7);
    expect(stats.pending_donations).toBe(1);
    expect(stats.donation_streak).toBe(4);
    // From the first completed donation (5 months ago) to this month: 6 months.
    expect(stats.monthly_average).toBe(Math.round((1510.5 / 6) * 100) / 100);
    expect(stats.favorite_program).toBe('Evangelización infantil');
    expect(stats.my_donations).toHaveLength(5);
    expect(stats.my_donations.every((d) => d.donor_email === donor.email)).toBe(true);
    const created = stats.my_donations.map((d) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(stats.recent_activity.length).toBeGreaterThan(0);
    expect(stats.recent_activity.length).toBeLessThanOrEqual(10);
    const stamps = stats.recent_activity.map((a) => a.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(stats.recent_activity.some((a) => a.type === 'donation_completed' && a.message.includes(formatMoney(185)))).toBe(true);
    expect(stats.recent_activity.some((a) => a.type === 'donation_failed' && a.message.includes(formatMoney(15)))).toBe(true);
    expect(stats.last_donation_at).not.toBeNull();
  });

  it('counts the streak from last month while this month has no completed donation', async () => {
    const stats = await memberDashboardStats(ctx.db, other.id);
    expect(stats.donation_streak).toBe(1);
    expect(stats.total_donated).toBe(9000);
    expect(stats.favorite_program).toBe('Evangelización infantil');
  });

  it('gives a new account zeros and its own join date', async () => {
    await ctx.db.update(userPreferences).set({ favoriteCause: 'Becas escolares' }).where(eq(userPreferences.userId, fresh.id));
    const stats = await memberDashboardStats(ctx.db, fresh.id);
    expect(stats).toMatchObject({
      total_donated: 0,
      donations_count: 0,
      total_donations: 0,
      pending_donations: 0,
      monthly_average: 0,
      donation_streak: 0,
      last_donation_at: null,
      my_donations: [],
      // Without donations to a program, the cause chosen in the preferences is shown.
      favorite_program: 'Becas escolares',
    });
    expect(stats.recent_activity).toEqual([expect.objectContaining({ type: 'account_created' })]);
    expect(Date.parse(stats.member_since)).not.toBeNaN();
  });
});

describe('GET /user/levels', () => {
  it('places the donor between the configured thresholds', async () => {
    const res = await get('/user/levels', donor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      current_level: 'Semilla',
      current_level_threshold: 0,
      total_donated: 1510.5,
      next_level: 'Brote',
      next_level_threshold: 3000,
      amount_to_next_level: 1489.5,
      progress_percentage: 50.4,
    });
  });

  it('gives a new account the first level and the default Q3000 milestone', async () => {
    const body = (await get('/user/levels', fresh.token)).json();
    expect(body).toMatchObject({ current_level: 'Semilla', total_donated: 0, next_level: 'Brote', next_level_threshold: 3000, amount_to_next_level: 3000, progress_percentage: 0 });
  });

  it('follows the thresholds an admin saves, up to the top level', async () => {
    await putSettings(ctx.db, 'levels', { levels: [{ name: 'Semilla', threshold: 0 }, { name: 'Árbol', threshold: 1000 }] });
    try {
      expect((await get('/user/levels', donor.token)).json()).toMatchObject({
        current_level: 'Árbol',
        next_level: null,
        next_level_threshold: null,
        amount_to_next_level: 0,
        progress_percentage: 100,
      });
      expect((await get('/user/levels', fresh.token)).json()).toMatchObject({ current_level: 'Semilla', next_level: 'Árbol', next_level_threshold: 1000 });
    } finally {
      await putSettings(ctx.db, 'levels', DEFAULT_SETTINGS.levels);
    }
  });
});

describe('GET /dashboard/impact', () => {
  it('converts the donor’s completed quetzales with the configured factors', async () => {
    const res = await get('/dashboard/impact', donor.token);
    expect(res.statusCode).toBe(200);
    // Defaults: Q150 per child, Q5 per meal, Q3000 per scholarship, Q50 per evangelism hour.
    expect(res.json()).toEqual({ children_impacted: 10, meals_provided: 302, scholarships_awarded: 0, evangelism_hours: 30, total_donated: 1510.5 });
  });

  it('changes with the factors, without a release', async () => {
    await putSettings(ctx.db, 'impact', { quetzales_per_child: 100, quetzales_per_meal: 10, quetzales_per_scholarship: 1500, quetzales_per_evangelism_hour: 25 });
    expect((await get('/dashboard/impact', donor.token)).json()).toMatchObject({ children_impacted: 15, meals_provided: 151, scholarships_awarded: 1, evangelism_hours: 60 });
  });

  it('is all zeros for an account without completed donations', async () => {
    expect((await get('/dashboard/impact', fresh.token)).json()).toEqual({ children_impacted: 0, meals_provided: 0, scholarships_awarded: 0, evangelism_hours: 0, total_donated: 0 });
  });
});

describe('GET /dashboard/programs/active', () => {
  it('lists active programs in their order with the progress of their completed donations in the ledger', async () => {
    const res = await get('/dashboard/programs/active', fresh.token);
    expect(res.statusCode).toBe(200);
    // B: 75.50 + 1,000 + 9,000 from two accounts; A: 185 + 250 (pending and failed ones not counted).
    expect(res.json()).toEqual([
      { id: programB, name: 'Evangelización infantil', description: 'Formación en valores', progress_percentage: 100, current_amount: 10_075.5, goal_amount: 3000, coming_soon: false },
      { id: programA, name: 'Programa de alimentación', description: 'Refacciones escolares', progress_percentage: 4.4, current_amount: 435, goal_amount: 10_000, coming_soon: false },
    ]);
  });
});

describe('GET /dashboard/events/upcoming', () => {
  it('lists future published events, soonest first', async () => {
    const res = await get('/dashboard/events/upcoming', donor.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((e: { title: string }) => e.title)).toEqual(['Campaña de útiles', 'Convivio']);
    expect(body[0]).toMatchObject({ type: 'campaign', description: 'Útiles', location: 'Mixco' });
    expect(Date.parse(body[0].date)).toBeGreaterThan(Date.now());
  });

  it('honours the limit and refuses a bad one', async () => {
    expect((await get('/dashboard/events/upcoming?limit=1', donor.token)).json()).toHaveLength(1);
    expect((await get('/dashboard/events/upcoming?limit=0', donor.token)).statusCode).toBe(400);
    expect((await get('/dashboard/events/upcoming?limit=abc', donor.token)).statusCode).toBe(400);
  });
});

describe('GET /dashboard/stats for DONOR and USER', () => {
  it('answers the caller’s own figures', async () => {
    const res = await get('/dashboard/stats', donor.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'member', total_donated: 1510.5, donations_count: 5, total_donations: 7, donation_streak: 4 });
    expect(body.my_donations.every((d: { donor_email: string }) => d.donor_email === donor.email)).toBe(true);
    expect(body).not.toHaveProperty('total_users');

    const other = (await get('/dashboard/stats', fresh.token)).json();
    expect(other).toMatchObject({ kind: 'member', total_donated: 0, total_donations: 0, my_donations: [] });
  });
});

describe('access', () => {
  it.each(['/dashboard/stats', '/user/levels', '/dashboard/impact', '/dashboard/programs/active', '/dashboard/events/upcoming'])('%s requires a session', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeTruthy();
    expect((await get(url, 'no-es-un-token')).statusCode).toBe(401);
  });
});
