import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toCents } from '@donaciones/shared/format';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { createTestApp, json, type TestContext } from './helpers';
import { donations, events, programs, supporters } from '../src/db/schema';
import { getSettings, putSettings } from '../src/services/settings';
import { guatemalaMonthRange } from '../src/services/public-site';
import { newReferenceCode } from '../src/services/reference-codes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
});
afterAll(async () => ctx?.close());

async function site(): Promise<PublicSite> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/site' });
  expect(res.statusCode).toBe(200);
  return json<PublicSite>(res);
}

async function addDonation(values: { cents: number; status: 'completed' | 'pending'; completedAt: Date | null; currency?: string }) {
  await ctx.db.insert(donations).values({
    referenceCode: newReferenceCode(),
    donorName: 'Prueba Mensual',
    donorEmail: 'mensual@prueba.gt',
    amountCents: values.cents,
    currency: values.currency ?? 'GTQ',
    donationType: 'monetary',
    status: values.status,
    source: 'service',
    completedAt: values.completedAt,
  });
}

describe('guatemalaMonthRange', () => {
  it('takes the month of the Guatemalan wall clock, not of UTC', () => {
    // 05:59:59 UTC on 1 March is still 28 February, 23:59:59 in Guatemala (UTC-6).
    const late = guatemalaMonthRange(new Date('2026-03-01T05:59:59Z'));
    expect(late.start.toISOString()).toBe('2026-02-01T06:00:00.000Z');
    expect(late.end.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    const next = guatemalaMonthRange(new Date('2026-03-01T06:00:00Z'));
    expect(next.start.toISOString()).toBe('2026-03-01T06:00:00.000Z');
  });

  it('rolls December over to January of the next year', () => {
    const dec = guatemalaMonthRange(new Date('2026-12-15T12:00:00Z'));
    expect(dec.start.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(dec.end.toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });
});

describe('GET /api/v1/public/site', () => {
  it('answers the organisation, system bounds, programs, supporters and upcoming events from the database', async () => {
    const data = await site();
    const organization = await getSettings(ctx.db, 'organization');
    const system = await getSettings(ctx.db, 'system');
    expect(data.organization).toEqual({
      name: organization.name,
      description: organization.description,
      phone: organization.phone,
      email: organization.email,
      address: organization.address,
    });
    expect(data.system).toEqual({
      system_name: system.system_name,
      maintenance_mode: false,
      min_donation_amount: system.min_donation_amount,
      max_donation_amount: system.max_donation_amount,
    });
    expect(data.impact).toEqual(await getSettings(ctx.db, 'impact'));
    expect(data.stats.children_per_year).toBe(organization.children_per_year);
    expect(data.stats.schools_benefited).toBe(organization.schools_benefited);
    expect(data.stats.scholarships).toBe(organization.scholarships);

    const programRows = await ctx.db.select().from(programs).where(eq(programs.isActive, true));
    expect(data.programs.map((p) => p.slug).sort()).toEqual(programRows.map((p) => p.slug).sort());
    const scholarships = data.programs.find((p) => p.coming_soon);
    expect(scholarships).toBeDefined();
    for (const p of data.programs) {
      const row = programRows.find((r) => r.id === p.id)!;
      expect(p.goal_amount).toBe(row.goalCents / 100);
      expect(p.current_amount).toBe(row.currentCents / 100);
      expect(p.progress_percentage).toBe(Math.round((row.currentCents / row.goalCents) * 1000) / 10);
      expect(p.highlight_value).toBe(row.highlightValue);
    }

    const supporterRows = await ctx.db.select().from(supporters);
    expect(data.supporters.map((s) => s.name).sort()).toEqual(supporterRows.map((s) => s.name).sort());

    expect(data.upcoming_events.length).toBeGreaterThan(0);
    const dates = data.upcoming_events.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates.every((d) => d >= Date.now() - 60_000)).toBe(true);
  });

  it('changes as soon as a setting changes (no stale figures)', async () => {
    const organization = await getSettings(ctx.db, 'organization');
    const system = await getSettings(ctx.db, 'system');
    const impact = await getSettings(ctx.db, 'impact');
    await site();
    await putSettings(ctx.db, 'impact', { ...impact, quetzales_per_meal: 7.5 });
    await putSettings(ctx.db, 'organization', { ...organization, name: 'Fundación Prueba', phone: '+502 5555 1234', children_per_year: 812, schools_benefited: 7, scholarships: 25 });
    await putSettings(ctx.db, 'system', { ...system, maintenance_mode: true, min_donation_amount: 10, max_donation_amount: 2000 });
    const data = await site();
    expect(data.organization.name).toBe('Fundación Prueba');
    expect(data.organization.phone).toBe('+502 5555 1234');
    expect(data.stats).toMatchObject({ children_per_year: 812, schools_benefited: 7, scholarships: 25 });
    expect(data.system).toMatchObject({ maintenance_mode: true, min_donation_amount: 10, max_donation_amount: 2000 });
    expect(data.impact.quetzales_per_meal).toBe(7.5);
    await putSettings(ctx.db, 'impact', impact);
    await putSettings(ctx.db, 'organization', organization);
    await putSettings(ctx.db, 'system', system);
    const restored = await site();
    expect(restored.organization.name).toBe(organization.name);
    expect(restored.system.maintenance_mode).toBe(false);
  });

  it('sums only the GTQ donations completed this calendar month in Guatemala', async () => {
    const before = (await site()).stats.donated_this_month;
    const { start } = guatemalaMonthRange();
    const [{ cents }] = await ctx.db
      .select({ cents: sql<number>`coalesce(sum(amount_cents), 0)::bigint` })
      .from(donations)
      .where(sql`status = 'completed' AND currency = 'GTQ' AND completed_at >= ${start}`);
    expect(toCents(before)).toBe(Number(cents));

    await addDonation({ cents: 12_345, status: 'completed', completedAt: new Date() });
    await addDonation({ cents: 1_000, status: 'completed', completedAt: start });
    // Not counted: last month (one second before the month starts), pending, another currency.
    await addDonation({ cents: 50_000, status: 'completed', completedAt: new Date(start.getTime() - 1000) });
    await addDonation({ cents: 70_000, status: 'pending', completedAt: null });
    await addDonation({ cents: 90_000, status: 'completed', completedAt: new Date(), currency: 'USD' });

    const after = (await site()).stats.donated_this_month;
    expect(toCents(after) - toCents(before)).toBe(13_345);
  });

  it('lists only active programs, in their order, and only published future events', async () => {
    await ctx.db.insert(programs).values({ slug: 'inactivo', name: 'Programa inactivo', isActive: false, sortOrder: 0 });
    await ctx.db.insert(events).values([
      { type: 'event', title: 'Evento pasado', date: new Date(Date.now() - 86_400_000) },
      { type: 'event', title: 'Evento oculto', date: new Date(Date.now() + 86_400_000), isPublished: false },
      { type: 'campaign', title: 'Evento de mañana', date: new Date(Date.now() + 3_600_000) },
    ]);
    const data = await site();
    expect(data.programs.some((p) => p.slug === 'inactivo')).toBe(false);
    const titles = data.upcoming_events.map((e) => e.title);
    expect(titles[0]).toBe('Evento de mañana');
    expect(titles).not.toContain('Evento pasado');
    expect(titles).not.toContain('Evento oculto');
    expect(data.upcoming_events.length).toBeLessThanOrEqual(4);
  });

  it('is revalidated with an ETag: 304 while nothing changed, a new answer after a change', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/site' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/site', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await addDonation({ cents: 500, status: 'completed', completedAt: new Date() });
    const changed = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/site', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('needs no account and is documented in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    expect(paths['/api/v1/public/site'].get.summary).toBeTruthy();
    expect(paths['/api/v1/donate'].post.summary).toMatch(/no se cobra/i);
  });
});
