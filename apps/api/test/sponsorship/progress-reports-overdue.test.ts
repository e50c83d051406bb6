// "Reportes pendientes" (docs/product.md#sponsorship): a child with an active sponsorship is due a
// progress report 182 days after their last one, or after the sponsorship started when there is none
// since; the days are Guatemala's. Checked on both sides of the boundary, through the domain function
// (which the sponsorship reports use) and the staff route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { overdueProgressReports } from '../../src/domain/sponsorship/progress-reports';
import { progressReports, sponsorships } from '../../src/db/schema';
import { createTestApp, inject, json, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
const DAY = 86_400_000;
// 12:00 in Guatemala (UTC-6): the Guatemala day is 2026-06-15.
const NOW = new Date('2026-06-15T18:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const dayAgo = (n: number) => new Date(Date.UTC(2026, 5, 15) - n * DAY).toISOString().slice(0, 10);
const ids: Record<string, number> = {};

/** A sponsored child whose sponsorship started `startedDaysAgo`, with reports dated `reportDaysAgo`. */
async function scenario(name: string, startedDaysAgo: number, reportDaysAgo: number[] = [], status: 'active' | 'ended' = 'active') {
  const user = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  const child = await aChild(ctx.db, { firstName: name, fullName: `${name} Completo`, status: 'sponsored' });
  const s = await anActiveSponsorship(ctx.db, child.id, user.id);
  await ctx.db.update(sponsorships).set({ startedAt: daysAgo(startedDaysAgo), status }).where(eq(sponsorships.id, s.id));
  for (const d of reportDaysAgo) {
    await ctx.db.insert(progressReports).values({ childId: child.id, period: 'Semestre', reportDate: dayAgo(d), messageToSponsor: 'Un saludo para ti desde la escuela.' });
  }
  ids[name] = child.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await scenario('ReporteJusto', 400, [182]);
  await scenario('ReporteVencido', 400, [300, 183]);
  await scenario('SinReporteJusto', 182);
  await scenario('SinReporteVencido', 183);
  await scenario('ReporteAnteriorReciente', 100, [300]);
  await scenario('ReporteAnteriorVencido', 300, [400]);
  await scenario('Terminado', 400, [], 'ended');
}, 60_000);

afterAll(() => ctx?.close());

describe('overdueProgressReports', () => {
  it('lists a child from the 183rd day after the last report or the start, most overdue first', async () => {
    const overdue = (await overdueProgressReports(ctx.db, NOW)).filter((o) => Object.values(ids).includes(o.childId));
    expect(overdue.map((o) => [o.firstName, o.daysOverdue])).toEqual([
      ['ReporteAnteriorVencido', 118],
      ['ReporteVencido', 1],
      ['SinReporteVencido', 1],
    ]);
    const [before, late] = [overdue[0], overdue[1]];
    expect(before).toMatchObject({ fullName: 'ReporteAnteriorVencido Completo', sponsoredSince: dayAgo(300), lastReportDate: dayAgo(400), dueSince: dayAgo(118) });
    expect(late).toMatchObject({ lastReportDate: dayAgo(183), dueSince: dayAgo(1) });
    expect(overdue[2].lastReportDate).toBeNull();
  });

  it('takes a report on the due day off the list, and counts from today by default', async () => {
    const next = new Date(NOW.getTime() + DAY);
    const tomorrow = (await overdueProgressReports(ctx.db, next)).filter((o) => Object.values(ids).includes(o.childId));
    expect(tomorrow.map((o) => o.firstName).sort()).toEqual(['ReporteAnteriorVencido', 'ReporteJusto', 'ReporteVencido', 'SinReporteJusto', 'SinReporteVencido']);
    await ctx.db.insert(progressReports).values({ childId: ids.ReporteVencido, period: 'Semestre', reportDate: dayAgo(0), messageToSponsor: 'Un saludo para ti desde la escuela.' });
    const after = (await overdueProgressReports(ctx.db, NOW)).map((o) => o.childId);
    expect(after).not.toContain(ids.ReporteVencido);
  });

  it('is the staff list "Reportes pendientes"', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/sponsorship/progress-reports/overdue', token: staff.token });
    expect(res.statusCode).toBe(200);
    const names = json<{ children: Array<{ firstName: string; daysOverdue: number }> }>(res).children.map((c) => c.firstName);
    // Today is later than NOW, so every child of this file is overdue but the one with a recent report and the ended one.
    expect(names).toContain('ReporteAnteriorVencido');
    expect(names).not.toContain('Terminado');
  });
});
