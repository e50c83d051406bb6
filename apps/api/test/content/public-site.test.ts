import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guatemalaDay, toCents } from '@donaciones/shared/format';
import { progressPercentage } from '@donaciones/shared/figures';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { createTestApp, json, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { donations, events, programs, supporters } from '../../src/db/schema';
import { getSettings, putSettings } from '../../src/platform/settings';
import { getPublicSite } from '../../src/domain/content/public-site';

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

async function addDonation(values: {
  cents: number;
  status: 'completed' | 'pending' | 'failed';
  completedAt: Date | null;
  createdAt?: Date;
  currency?: string;
  gtqCents?: number;
  programId?: number;
}) {
  await make.donation(ctx.db, {
    donorName: 'Prueba Mensual',
    donorEmail: 'mensual@prueba.gt',
    amountCents: values.cents,
    currency: values.currency ?? 'GTQ',
    status: values.status,
    completedAt: values.completedAt,
    createdAt: values.createdAt,
    gtqCents: values.gtqCents,
    programId: values.programId,
  });
}

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
      contact_email: system.contact_email,
      maintenance_mode: false,
      min_donation_amount: system.min_donation_amount,
      max_donation_amount: system.max_donation_amount,
      checkout_programs: system.checkout_programs,
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
      // A "Próximamente" programme shows no money (docs/product.md#designation).
      const raised = row.comingSoon ? 0 : row.currentCents;
      expect(p.current_amount).toBe(raised / 100);
      expect(p.progress_percentage).toBe(progressPercentage(raised, row.goalCents));
      expect(p.progress_percentage).toBeLessThanOrEqual(100);
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

  it('"Donado este mes" counts the completed donations made this calendar month in Guatemala, by donation date', async () => {
    // A month with no seed data: 10 March 2031, noon in Guatemala.
    const now = new Date('2031-03-10T18:00:00Z');
    const before = (await getPublicSite(ctx.db, now)).stats.donated_this_month;
    expect(before).toBe(0);
    // Counted: made on 1 March at 00:00 Guatemala; made today; made in March and approved in April.
    await addDonation({ cents: 1_000, status: 'completed', createdAt: new Date('2031-03-01T06:00:00Z'), completedAt: new Date('2031-03-01T06:00:00Z') });
    await addDonation({ cents: 12_345, status: 'completed', createdAt: new Date('2031-03-10T17:00:00Z'), completedAt: new Date('2031-03-10T17:00:00Z') });
    await addDonation({ cents: 2_000, status: 'completed', createdAt: new Date('2031-03-05T12:00:00Z'), completedAt: new Date('2031-04-02T12:00:00Z') });
    // In dollars: counted with its quetzal equivalent.
    await addDonation({ cents: 1_000, status: 'completed', createdAt: new Date('2031-03-06T12:00:00Z'), completedAt: new Date('2031-03-06T12:00:00Z'), currency: 'USD', gtqCents: 7_700 });
    // Not counted: made on 28 February at 23:59:59 Guatemala (already March in UTC) though approved in
    // March; pending; failed; made tomorrow.
    await addDonation({ cents: 50_000, status: 'completed', createdAt: new Date('2031-03-01T05:59:59Z'), completedAt: new Date('2031-03-02T12:00:00Z') });
    await addDonation({ cents: 70_000, status: 'pending', createdAt: new Date('2031-03-03T12:00:00Z'), completedAt: null });
    await addDonation({ cents: 80_000, status: 'failed', createdAt: new Date('2031-03-03T12:00:00Z'), completedAt: null });
    await addDonation({ cents: 90_000, status: 'completed', createdAt: new Date('2031-03-11T06:00:00Z'), completedAt: new Date('2031-03-11T06:00:00Z') });

    const after = await getPublicSite(ctx.db, now);
    expect(toCents(after.stats.donated_this_month)).toBe(1_000 + 12_345 + 2_000 + 7_700);
  });

  it('GET /public/site agrees with the ledger computed here', async () => {
    await addDonation({ cents: 4_321, status: 'completed', createdAt: new Date(), completedAt: new Date() });
    const data = await site();
    const month = guatemalaDay(new Date()).slice(0, 7);
    const rows = await ctx.db.select().from(donations);
    const expected = rows
      .filter((d) => d.status === 'completed' && guatemalaDay(d.createdAt).slice(0, 7) === month && d.createdAt <= new Date())
      .reduce((sum, d) => sum + (d.currency === 'GTQ' ? d.amountCents : (d.gtqCents ?? 0)), 0);
    expect(toCents(data.stats.donated_this_month)).toBe(expected);
  });

  it('programmes show what the ledger raised for them, and together never more than the completed donations', async () => {
    const [program] = await ctx.db.insert(programs).values({ slug: 'ledger-check', name: 'Programa del libro', goalCents: 100_000, sortOrder: 9 }).returning();
    await addDonation({ cents: 30_000, status: 'completed', createdAt: new Date(), completedAt: new Date(), programId: program.id });
    await addDonation({ cents: 5_013, status: 'pending', createdAt: new Date(), completedAt: null, programId: program.id });
    const [pendingNowCompleted] = await ctx.db.select().from(donations).where(eq(donations.amountCents, 5_013));
    let data = await site();
    expect(data.programs.find((p) => p.id === program.id)).toMatchObject({ current_amount: 300, progress_percentage: 30 });
    await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date() }).where(eq(donations.id, pendingNowCompleted.id));
    data = await site();
    expect(data.programs.find((p) => p.id === program.id)).toMatchObject({ current_amount: 350.13, progress_percentage: 35 });

    const rows = await ctx.db.select().from(donations);
    const completedCents = rows.filter((d) => d.status === 'completed').reduce((sum, d) => sum + (d.currency === 'GTQ' ? d.amountCents : (d.gtqCents ?? 0)), 0);
    for (const p of await ctx.db.select().from(programs)) {
      const own = rows.filter((d) => d.programId === p.id && d.status === 'completed').reduce((sum, d) => sum + (d.currency === 'GTQ' ? d.amountCents : (d.gtqCents ?? 0)), 0);
      expect(p.currentCents).toBe(own);
    }
    const programsCents = (await ctx.db.select().from(programs)).reduce((sum, p) => sum + p.currentCents, 0);
    expect(programsCents).toBeLessThanOrEqual(completedCents);
    await ctx.db.delete(programs).where(eq(programs.id, program.id));
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
