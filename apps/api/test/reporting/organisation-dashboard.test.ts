import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_HEALTH } from '@donaciones/shared/constants';
import { activityMessages } from '../../src/messages/activity';
import { auditLog, emailOutbox, users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { adminDashboardStats } from '../../src/domain/reporting/organisation-dashboard';
import { callers } from '../support/staff';
import { createTestApp, createUser, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

/**
 * Noon in Guatemala (UTC-6) on the 1st of the month `offset` months from this one: always inside
 * the stretch of the previous month that the month in course is compared with.
 */
function startOfMonth(offset: number): Date {
  const local = new Date(Date.now() - 6 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + offset, 1, 18));
}

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const stats = (token = who.admin.token) => inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token });

describe('GET /dashboard/stats', () => {
  it('is 401 anonymous', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats' })).statusCode).toBe(401);
  });

  it('gives DONOR and USER their own figures, not the organisation’s', async () => {
    for (const caller of [who.donor, who.user]) {
      const body = (await stats(caller.token)).json();
      expect(body.kind).toBe('member');
      expect(body.member_since).toBeTruthy();
      expect(body.total_users).toBeUndefined();
      expect(body.recent_users).toBeUndefined();
    }
  });

  it('gives ADMIN totals, growth and recent lists computed from the data', async () => {
    const inactive = await createUser(ctx.db, { isActive: false });
    // Last month: two accounts and Q300 in two completed donations; this month: Q450 in three.
    for (const n of [1, 2]) {
      const u = await createUser(ctx.db, { email: `antes${n}@prueba.gt` });
      await ctx.db.update(users).set({ createdAt: startOfMonth(-1) }).where(eq(users.id, u.id));
    }
    await make.donation(ctx.db, { amountCents: 10_000, createdAt: startOfMonth(-1) });
    await make.donation(ctx.db, { amountCents: 20_000, createdAt: startOfMonth(-1) });
    await make.donation(ctx.db, { amountCents: 5_000, createdAt: startOfMonth(-3) });
    const recent = [];
    for (const cents of [15_000, 15_000, 15_000]) recent.push(await make.donation(ctx.db, { amountCents: cents, createdAt: new Date(Date.now() - 60_000 * (recent.length + 1)) }));
    await make.donation(ctx.db, { amountCents: 7_000, createdAt: new Date(Date.now() - 30_000), status: 'pending', donorEmail: 'pendiente@correo.gt' });
    await make.donation(ctx.db, { amountCents: 9_000, createdAt: new Date(Date.now() - 40_000), status: 'failed' });

    const res = await stats();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'admin',
      total_users: 6, // three callers, one inactive, two from last month
      active_users: 5,
      total_donations: 6,
      total_amount_gtq: 800,
      pending_donations: 1,
      pending_amount_gtq: 70,
      system_health: DEFAULT_SYSTEM_HEALTH,
      system_health_source: 'default',
      growth_metrics: {
        users_growth_percentage: 100, // 4 this month against 2
        donations_growth_percentage: 50, // 3 against 2
        amount_growth_percentage: 50, // Q450 against Q300
        users_before: 2,
        donations_before: 2,
        amount_before: 300,
      },
    });
    expect(body.recent_users).toHaveLength(5);
    expect(body.recent_users[0]).toEqual({ id: inactive.id, email: inactive.email, roles: ['USER'], status: 'inactive', joined_at: expect.any(String) });
    expect(body.recent_donations).toHaveLength(5);
    expect(body.recent_donations[0]).toMatchObject({ donor_email: 'pendiente@correo.gt', status: 'PENDING', amount: 70 });
    expect(body.recent_donations.map((d: { status: string }) => d.status)).toContain('DECLINED');
  });

  it('lists recent admin activity from the audit log, newest first', async () => {
    const pending = await make.donation(ctx.db, { amountCents: 2_500, createdAt: new Date(), status: 'pending' });
    await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pending.id}/approve`, token: who.admin.token });
    await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/users',
      token: who.admin.token,
      payload: { email: 'actividad@prueba.gt', first_name: 'Rosa', last_name: 'Ajú', role: 'USER', is_active: true },
    });
    // Sign-ins are security records, not activity: they never crowd the feed.
    await ctx.db.insert(auditLog).values({ actorUserId: who.admin.id, actorEmail: who.admin.email, action: 'auth.login', entityType: 'session' });
    const body = (await stats()).json();
    expect(body.recent_activity.map((a: { type: string }) => a.type)).not.toContain('auth.login');
    const [latest, previous] = body.recent_activity;
    expect(latest).toEqual({ type: 'user.create', message: activityMessages.admin.userCreate(who.admin.email, 'actividad@prueba.gt'), timestamp: expect.any(String) });
    expect(previous).toMatchObject({ type: 'donation.approve', message: activityMessages.admin.donationApprove(who.admin.email, pending.referenceCode) });
    expect(Date.parse(latest.timestamp)).toBeGreaterThanOrEqual(Date.parse(previous.timestamp));
  });

  it('computes system health from email delivery of the last 7 days', async () => {
    const local = await createTestApp();
    try {
      const admin = (await callers(local.app, local.db)).admin;
      const get = async () => (await inject(local.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: admin.token })).json();
      const mail = (status: 'sent' | 'failed' | 'pending', minutesAgo: number) => ({
        toAddress: 'x@prueba.gt',
        subject: 's',
        textBody: 't',
        template: 'prueba',
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      expect(await get()).toMatchObject({ system_health: 98, system_health_source: 'default' });
      // Just queued: no signal yet. Older than a week: out of the window.
      await local.db.insert(emailOutbox).values([mail('pending', 1), mail('failed', 8 * 24 * 60)]);
      expect(await get()).toMatchObject({ system_health: 98, system_health_source: 'default' });
      await local.db.insert(emailOutbox).values([mail('sent', 60), mail('sent', 60), mail('sent', 60), mail('failed', 60)]);
      expect(await get()).toMatchObject({ system_health: 75, system_health_source: 'email_delivery' });
      await local.db.insert(emailOutbox).values([mail('pending', 30)]);
      expect((await get()).system_health).toBe(60);
    } finally {
      await local.close();
    }
  });
});

describe('growth on the admin dashboard', () => {
  /** A wall-clock time in Guatemala (UTC-6) as an instant. */
  const gt = (local: string) => new Date(`${local}-06:00`);

  it('compares the month in course with the same days of the previous month, never a partial month with a whole one', async () => {
    const local = await createTestApp();
    try {
      const now = gt('2031-05-20T12:00:00');
      // This month so far: Q600 in two donations (00:00 on the 1st counts).
      await make.donation(local.db, { amountCents: 40_000, createdAt: gt('2031-05-01T00:00:00') });
      await make.donation(local.db, { amountCents: 20_000, createdAt: gt('2031-05-20T11:00:00') });
      await make.donation(local.db, { amountCents: 70_000, createdAt: gt('2031-05-02T10:00:00'), status: 'pending' });
      // 1 to 20 April: Q400 in two donations.
      await make.donation(local.db, { amountCents: 10_000, createdAt: gt('2031-04-01T00:00:00') });
      await make.donation(local.db, { amountCents: 30_000, createdAt: gt('2031-04-20T23:59:00') });
      // Later in April: outside the comparison.
      await make.donation(local.db, { amountCents: 500_000, createdAt: gt('2031-04-21T00:00:00') });
      await make.donation(local.db, { amountCents: 500_000, createdAt: gt('2031-04-30T23:59:00') });
      for (const [when, email] of [
        ['2031-05-03T10:00:00', 'mayo@prueba.gt'],
        ['2031-04-05T10:00:00', 'abril1@prueba.gt'],
        ['2031-04-20T10:00:00', 'abril2@prueba.gt'],
        ['2031-04-25T10:00:00', 'abril3@prueba.gt'],
      ]) {
        const u = await createUser(local.db, { email });
        await local.db.update(users).set({ createdAt: gt(when) }).where(eq(users.id, u.id));
      }
      const stats = await adminDashboardStats(local.db, { contacts: true, accounts: true }, now);
      expect(stats.growth_metrics).toEqual({
        users_growth_percentage: -50, // 1 against 2
        donations_growth_percentage: 0, // 2 against 2
        amount_growth_percentage: 50, // Q600 against Q400
        users_before: 2,
        donations_before: 2,
        amount_before: 400,
      });
    } finally {
      await local.close();
    }
  });
});
