// The sponsorship settings in the console (docs/product.md#sponsorship): staff with settings.manage
// read and save the monthly amount and the hold minutes (audited), a bad value is refused next to its
// field in Spanish, and the public pages and a new hold follow what was saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { getSettings } from '../../src/platform/settings';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const url = '/api/v1/admin/settings/sponsorship';

describe('the sponsorship settings', () => {
  it('ADMIN reads and saves them (audited); the public list and a new hold use the saved amount and minutes', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    expect((await inject(ctx.app, { method: 'GET', url, token: admin.token })).json()).toEqual({ monthly_amount: 250, hold_minutes: 30, holds_per_connection: 5, transfer_hold_days: 7, child_left_grace_days: 60, sponsor_stopped_grace_days: 90, program_amounts: [], birthday_gift_amount: 100 });
    const saved = await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { monthly_amount: 300, hold_minutes: 45, transfer_hold_days: 10, child_left_grace_days: 30, sponsor_stopped_grace_days: 0 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ monthly_amount: 300, hold_minutes: 45, holds_per_connection: 5, transfer_hold_days: 10, child_left_grace_days: 30, sponsor_stopped_grace_days: 0, program_amounts: [], birthday_gift_amount: 100 });
    expect(await getSettings(ctx.db, 'sponsorship')).toEqual({ monthly_amount: 300, hold_minutes: 45, holds_per_connection: 5, transfer_hold_days: 10, child_left_grace_days: 30, sponsor_stopped_grace_days: 0, program_amounts: [], birthday_gift_amount: 100 });
    const audited = rowsOf<{ details: { changes: Record<string, unknown> } }>(
      await ctx.db.execute(sql`SELECT details FROM audit_log WHERE action = 'settings.sponsorship.update'`),
    );
    expect(audited).toHaveLength(1);
    expect(audited[0].details.changes).toEqual({
      monthly_amount: { from: 250, to: 300 },
      hold_minutes: { from: 30, to: 45 },
      transfer_hold_days: { from: 7, to: 10 },
      child_left_grace_days: { from: 60, to: 30 },
      sponsor_stopped_grace_days: { from: 90, to: 0 },
    });

    const child = await aChild(ctx.db, { firstName: 'Lucía' });
    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    expect(list.json().monthlyAmount).toBe(300);
    const before = Date.now();
    const held = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: child.id } });
    expect(held.statusCode).toBe(201);
    expect(held.json().monthlyAmount).toBe(300);
    const minutes = (new Date(held.json().heldUntil).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(44);
    expect(minutes).toBeLessThanOrEqual(45.1);
  });

  it('refuses an amount or minutes out of range, each next to its field in Spanish, and keeps what was saved', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const before = await getSettings(ctx.db, 'sponsorship');
    const bad = await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { monthly_amount: 0, hold_minutes: 2, transfer_hold_days: 0, child_left_grace_days: 6, sponsor_stopped_grace_days: 366 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      monthly_amount: 'Indica una cuota entera entre Q1 y Q100,000',
      hold_minutes: 'Indica entre 5 y 1,440 minutos (24 horas)',
      transfer_hold_days: 'Indica entre 1 y 30 días',
      child_left_grace_days: 'Indica entre 7 y 180 días',
      sponsor_stopped_grace_days: 'Indica entre 0 y 365 días',
    });
    const fractional = await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { monthly_amount: 12.5, hold_minutes: '30', transfer_hold_days: 1.5, child_left_grace_days: 60.5, sponsor_stopped_grace_days: -1 } });
    expect(fractional.statusCode).toBe(400);
    expect(Object.keys(fractional.json().errors).sort()).toEqual(['child_left_grace_days', 'hold_minutes', 'monthly_amount', 'sponsor_stopped_grace_days', 'transfer_hold_days']);
    expect(await getSettings(ctx.db, 'sponsorship')).toEqual(before);
  });

  it('is refused to sponsorship staff, who do not hold settings.manage', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    expect((await inject(ctx.app, { method: 'GET', url, token: staff.token })).statusCode).toBe(403);
    expect((await inject(ctx.app, { method: 'PUT', url, token: staff.token, payload: { monthly_amount: 1, hold_minutes: 5 } })).statusCode).toBe(403);
  });
});
