import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { auditLog, donations, programs } from '../../src/db/schema';
import { getSettings } from '../../src/platform/settings';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  inject(ctx.app, { method, url: `/api/v1${url}`, token: who.admin.token, payload: payload as never });

const system = { system_name: 'Manos de Guatemala', contact_email: 'hola@manos.gt', maintenance_mode: true, min_donation_amount: 5, max_donation_amount: 20_000 };
const program = { name: 'Útiles escolares', description: 'Mochilas y cuadernos', goal_amount: 5000, current_amount: 1250.5, coming_soon: false, is_active: true };
const event = { type: 'campaign', title: 'Colecta de abrigo', description: 'Ropa para el invierno', date: '2030-12-05T15:00:00-06:00', location: 'Xela' };

describe('admin settings and content: access', () => {
  it.each([
    ['GET', '/admin/settings', undefined],
    ['PUT', '/admin/settings', system],
    ['GET', '/admin/organization', undefined],
    ['PUT', '/admin/organization', DEFAULT_SETTINGS.organization],
    ['GET', '/admin/impact', undefined],
    ['PUT', '/admin/impact', DEFAULT_SETTINGS.impact],
    ['GET', '/admin/levels', undefined],
    ['PUT', '/admin/levels', DEFAULT_SETTINGS.levels],
    ['GET', '/admin/programs', undefined],
    ['POST', '/admin/programs', program],
    ['PUT', '/admin/programs/1', program],
    ['DELETE', '/admin/programs/1', undefined],
    ['GET', '/admin/events', undefined],
    ['POST', '/admin/events', event],
    ['PUT', '/admin/events/1', event],
    ['DELETE', '/admin/events/1', undefined],
  ] as const)('%s %s is 401 anonymous and 403 for DONOR and USER', async (method, url, payload) => {
    expect(await expectAdminOnly(ctx.app, who, { method, url: `/api/v1${url}`, payload })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });
});

describe('system settings', () => {
  it('reads the defaults, saves the five fields, keeps the expiry days, and audits the change', async () => {
    expect((await call('GET', '/admin/settings')).json()).toEqual(DEFAULT_SETTINGS.system);
    await call('PUT', '/admin/settings', { ...DEFAULT_SETTINGS.system, pending_expiry_days: 12 });

    const res = await call('PUT', '/admin/settings', system);
    expect(res.statusCode).toBe(200);
    // Left out, the checkout's programme choice keeps its saved value (off by default).
    expect(res.json()).toEqual({ ...system, pending_expiry_days: 12, checkout_programs: false });
    expect(await getSettings(ctx.db, 'system')).toEqual({ ...system, pending_expiry_days: 12, checkout_programs: false });

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.system.update'));
    expect(entries.at(-1)?.details).toMatchObject({ changes: { maintenance_mode: { from: false, to: true }, system_name: { to: 'Manos de Guatemala' } } });
    await call('PUT', '/admin/settings', DEFAULT_SETTINGS.system);
  });

  it('applies docs/product.md#validation-rules: name and email required, amounts integers of at least 1, min not above max', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ system_name: '  ' }, 'system_name', validationMessages.systemNameRequired],
      [{ contact_email: '' }, 'contact_email', validationMessages.contactEmailRequired],
      [{ contact_email: 'no-es-correo' }, 'contact_email', validationMessages.emailInvalid],
      [{ min_donation_amount: 0 }, 'min_donation_amount', validationMessages.integerMin1],
      [{ min_donation_amount: 2.5 }, 'min_donation_amount', validationMessages.integerMin1],
      [{ max_donation_amount: '100' }, 'max_donation_amount', validationMessages.integerMin1],
      [{ min_donation_amount: 500, max_donation_amount: 100 }, 'min_donation_amount', validationMessages.minNotAboveMax],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('PUT', '/admin/settings', { ...system, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await call('PUT', '/admin/settings', { ...system, maintenance_mode: 'si' })).statusCode).toBe(400);
    expect(await getSettings(ctx.db, 'system')).toEqual(DEFAULT_SETTINGS.system);
  });
});

describe('organisation, impact and levels', () => {
  it('saves the organisation data and the home figures', async () => {
    const org = { ...DEFAULT_SETTINGS.organization, phone: '+502 5555 1234', description: 'Nueva descripción', children_per_year: 620 };
    const res = await call('PUT', '/admin/organization', org);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/admin/organization')).json()).toEqual(org);
    expect((await call('PUT', '/admin/organization', { ...org, email: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/organization', { ...org, phone: '' })).statusCode).toBe(400);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.organization.update'));
    expect(entry.details).toMatchObject({ changes: { phone: { to: '+502 5555 1234' } } });
  });

  it('saves impact factors and level thresholds, refusing levels out of order', async () => {
    const impact = { ...DEFAULT_SETTINGS.impact, quetzales_per_meal: 7.5 };
    expect((await call('PUT', '/admin/impact', impact)).json()).toEqual(impact);
    expect((await call('PUT', '/admin/impact', { ...impact, quetzales_per_child: 0 })).statusCode).toBe(400);

    const levels = { levels: [{ name: 'Semilla', threshold: 0 }, { name: 'Árbol', threshold: 2500 }] };
    expect((await call('PUT', '/admin/levels', levels)).json()).toEqual(levels);
    const disordered = await call('PUT', '/admin/levels', { levels: [{ name: 'A', threshold: 100 }, { name: 'B', threshold: 50 }] });
    expect(disordered.statusCode).toBe(400);
    // A level without its threshold (or blank text) is asked for it; 0 is a threshold, so never "positivo".
    for (const level of [{ name: 'B' }, { name: 'B', threshold: null }, { name: 'B', threshold: ' ' }]) {
      const missing = await call('PUT', '/admin/levels', { levels: [{ name: 'A', threshold: 0 }, level] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors['levels.1.threshold']).toBe('Escribe el monto desde el que se alcanza el nivel');
    }
    expect((await call('GET', '/admin/levels')).json()).toEqual(levels);
  });
});

describe('programs', () => {
  it('creates, lists, edits and deletes a program; its donations stay', async () => {
    const created = await call('POST', '/admin/programs', program);
    expect(created.statusCode).toBe(201);
    const p = created.json();
    // What a programme raised comes from the ledger: a typed current_amount is not stored.
    expect(p).toMatchObject({ name: 'Útiles escolares', slug: 'utiles-escolares', goal_amount: 5000, current_amount: 0, progress_percentage: 0, coming_soon: false, is_active: true });
    const [row] = await ctx.db.select().from(programs).where(eq(programs.id, p.id));
    expect(row).toMatchObject({ goalCents: 500_000, currentCents: 0 });

    // The same name again gets its own slug.
    const twin = (await call('POST', '/admin/programs', program)).json();
    expect(twin.slug).toBe('utiles-escolares-2');

    const listed = (await call('GET', '/admin/programs')).json();
    expect(listed.programs.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([p.id, twin.id]));

    const edited = await call('PUT', `/admin/programs/${p.id}`, { ...program, current_amount: 6000, coming_soon: true });
    expect(edited.json()).toMatchObject({ current_amount: 0, progress_percentage: 0, coming_soon: true });

    const d = await make.donation(ctx.db, { amountCents: 125_050, createdAt: new Date(), programId: p.id });
    await make.donation(ctx.db, { amountCents: 99_999, createdAt: new Date(), programId: p.id, status: 'pending' });
    const [withLedger] = (await call('GET', '/admin/programs')).json().programs.filter((x: { id: number }) => x.id === p.id);
    expect(withLedger).toMatchObject({ current_amount: 1250.5, progress_percentage: 25 });
    const removed = await call('DELETE', `/admin/programs/${p.id}`);
    expect(removed.statusCode).toBe(200);
    const [kept] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(kept.programId).toBeNull();
    expect((await call('DELETE', `/admin/programs/${p.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/admin/programs/${p.id}`, program)).statusCode).toBe(404);

    const actions = (await ctx.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'program'), eq(auditLog.entityId, String(p.id))))).map((e) => e.action);
    expect(actions).toEqual(['program.create', 'program.update', 'program.delete']);
  });

  it('validates names and amounts', async () => {
    const noName = await call('POST', '/admin/programs', { ...program, name: '' });
    expect(noName.json().errors.name).toBe(adminMessages.validation.programNameRequired);
    expect((await call('POST', '/admin/programs', { ...program, goal_amount: -1 })).statusCode).toBe(400);
    expect((await call('POST', '/admin/programs', { ...program, goal_amount: 10.555 })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/programs/abc', program)).statusCode).toBe(400);
  });
});

describe('events', () => {
  it('creates, lists, edits and deletes an upcoming event', async () => {
    const created = await call('POST', '/admin/events', event);
    expect(created.statusCode).toBe(201);
    const e = created.json();
    expect(e).toMatchObject({ type: 'campaign', title: 'Colecta de abrigo', date: '2030-12-05T21:00:00.000Z', location: 'Xela', is_published: true });
    expect((await call('GET', '/admin/events')).json().events[0].id).toBe(e.id);
    const edited = await call('PUT', `/admin/events/${e.id}`, { ...event, type: 'event', location: null, is_published: false });
    expect(edited.json()).toMatchObject({ type: 'event', location: null, is_published: false });
    expect((await call('DELETE', `/admin/events/${e.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/events/${e.id}`)).statusCode).toBe(404);
  });

  it('validates type, title and date', async () => {
    const res = await call('POST', '/admin/events', { ...event, type: 'fiesta', title: '', date: 'mañana' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      type: adminMessages.validation.eventTypeInvalid,
      title: adminMessages.validation.eventTitleRequired,
      date: adminMessages.validation.eventDateInvalid,
    });
  });
});
