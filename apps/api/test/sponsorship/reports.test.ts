// Sponsorship reports (docs/product.md#sponsorship, decision 0053): a known set of children,
// sponsorships, letters and consents, and every figure of the report compared with what the set
// holds; the period's bounds; who may read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guatemalaDay } from '@donaciones/shared/format';
import { PROGRESS_REPORT_DUE_DAYS } from '@donaciones/shared/messages/progress-reports';
import { childConsents, programs, sponsorshipLetters, sponsorships } from '../../src/db/schema';
import { shiftDay, sponsorshipReport } from '../../src/domain/sponsorship/reports';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
const NOW = new Date();
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const today = guatemalaDay(NOW);
const PERIOD = { from: guatemalaDay(ago(60)), to: today };
const ids = {} as Record<string, number>;
let tokenCount = 0;

async function aSponsorship(childId: number, values: Partial<typeof sponsorships.$inferInsert>) {
  tokenCount += 1;
  const [row] = await ctx.db
    .insert(sponsorships)
    .values({ childId, place: 1, status: 'active', holdToken: `reporte-${tokenCount}`, heldUntil: NOW, amountCents: 25_000, ...values })
    .returning();
  return row!;
}

async function aLetter(sponsorshipId: number, childId: number, values: Partial<typeof sponsorshipLetters.$inferInsert>) {
  const body = 'Hola, espero que estés muy bien y que te vaya bien en la escuela.';
  const cleared = values.status === 'approved' || values.status === 'delivered';
  await ctx.db.insert(sponsorshipLetters).values({
    sponsorshipId,
    childId,
    direction: 'to_child',
    status: 'in_review',
    body,
    sharedBody: cleared ? body : null,
    returnReason: values.status === 'returned' ? 'Falta un saludo' : null,
    ...values,
  });
}

async function aConsentUntil(childId: number, expiresOn: string, scope: 'photos' | 'story' | 'photos_and_story', revoked = false) {
  const [row] = await ctx.db
    .insert(childConsents)
    .values({ childId, givenBy: 'Encargada', relationship: 'madre', givenOn: shiftDay(today, { days: -100 }), expiresOn, scope, revokedAt: revoked ? NOW : null })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [p1, p2] = await ctx.db
    .insert(programs)
    .values([
      { slug: 'reporte-educacion', name: 'Educación Reporte' },
      { slug: 'reporte-salud', name: 'Salud Reporte' },
    ])
    .returning();
  ids.p1 = p1!.id;
  ids.p2 = p2!.id;
  const c1 = await aChild(ctx.db, { firstName: 'Uno', programId: p1!.id, department: 'Sololá', waitingSince: ago(10) });
  const c2 = await aChild(ctx.db, { firstName: 'Dos', programId: p1!.id, department: 'Sololá', waitingSince: ago(20) });
  const c3 = await aChild(ctx.db, { firstName: 'Tres', programId: p1!.id, department: 'Quiché', status: 'sponsored', waitingSince: ago(100) });
  const c4 = await aChild(ctx.db, { firstName: 'Cuatro', programId: p2!.id, department: 'Quiché', status: 'sponsored', waitingSince: ago(500) });
  const c5 = await aChild(ctx.db, { firstName: 'Cinco', department: 'Petén', waitingSince: ago(30) });
  const c6 = await aChild(ctx.db, { firstName: 'Seis', programId: p2!.id, department: 'Petén', status: 'paused', waitingSince: ago(80) });
  const c7 = await aChild(ctx.db, { firstName: 'Siete', programId: p2!.id, department: 'Petén', status: 'left', statusReason: 'Se mudó', waitingSince: ago(900) });
  Object.assign(ids, { c1: c1.id, c4: c4.id, c5: c5.id });

  // Started in the period: waited 70 and 30 days. In the 12-month cohort: s4 (active), s5 and s7 (ended).
  const s3 = await aSponsorship(c3.id, { startedAt: ago(30) });
  await aSponsorship(c4.id, { startedAt: ago(400) });
  await aSponsorship(c5.id, { status: 'ended', startedAt: ago(450), endedAt: ago(20), endReason: 'Cambio de situación económica' });
  await aSponsorship(c6.id, { status: 'ended', startedAt: ago(50), endedAt: ago(5) });
  await aSponsorship(c7.id, { status: 'ended', startedAt: ago(800), endedAt: ago(200), endReason: 'Cambio de situación económica' });
  // Never started: a hold that ran out (it has an end and a reason) and one running now.
  await aSponsorship(c1.id, { status: 'released', heldUntil: ago(3), endedAt: ago(3), endReason: 'hold_expired' });
  await aSponsorship(c2.id, { status: 'held', heldUntil: new Date(NOW.getTime() + 3_600_000) });

  // Letters: one in review past 72 h (100 h), one sponsor's letter approved 40 days ago and not delivered.
  await aLetter(s3.id, c3.id, { createdAt: hoursAgo(100) });
  await aLetter(s3.id, c3.id, { createdAt: hoursAgo(10) });
  await aLetter(s3.id, c3.id, { status: 'approved', createdAt: ago(42), reviewedAt: ago(40) });
  await aLetter(s3.id, c3.id, { status: 'approved', createdAt: ago(6), reviewedAt: ago(5) });
  await aLetter(s3.id, c3.id, { direction: 'to_sponsor', status: 'approved', createdAt: ago(45), reviewedAt: ago(40) });
  await aLetter(s3.id, c3.id, { status: 'delivered', createdAt: ago(65), reviewedAt: ago(60), deliveredAt: ago(50) });
  await aLetter(s3.id, c3.id, { status: 'returned', createdAt: hoursAgo(200), reviewedAt: hoursAgo(190) });

  // Consents: listed are c5's photos (today), c1's (in 10 days) and c5's story (in 30 days).
  ids.k1 = await aConsentUntil(c1.id, shiftDay(today, { days: 10 }), 'photos_and_story');
  await aConsentUntil(c2.id, shiftDay(today, { days: 40 }), 'photos');
  await aConsentUntil(c3.id, shiftDay(today, { days: 5 }), 'story');
  await aConsentUntil(c3.id, shiftDay(today, { days: 300 }), 'photos_and_story');
  await aConsentUntil(c4.id, shiftDay(today, { days: 20 }), 'photos', true);
  await aConsentUntil(c7.id, shiftDay(today, { days: 3 }), 'photos');
  ids.k7 = await aConsentUntil(c5.id, today, 'photos');
  await aConsentUntil(c6.id, shiftDay(today, { days: -1 }), 'story');
  ids.k9 = await aConsentUntil(c5.id, shiftDay(today, { days: 30 }), 'story');
}, 60_000);

afterAll(() => ctx?.close());

describe('the report equals the records', () => {
  it('counts children waiting and sponsored now, and sponsorships started in the period, per programme and department', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(report.byProgram).toEqual([
      { programId: ids.p1, name: 'Educación Reporte', waiting: 2, sponsored: 1, started: 1 },
      { programId: ids.p2, name: 'Salud Reporte', waiting: 0, sponsored: 1, started: 1 },
      { programId: null, name: null, waiting: 1, sponsored: 0, started: 0 },
    ]);
    expect(report.byDepartment).toEqual([
      { department: 'Petén', waiting: 1, sponsored: 0, started: 1 },
      { department: 'Quiché', waiting: 0, sponsored: 2, started: 1 },
      { department: 'Sololá', waiting: 2, sponsored: 0, started: 0 },
    ]);
  });

  it('averages the waiting time of the children waiting now, and of the sponsorships started in the period', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(report.waitingNow).toEqual({ children: 3, averageDays: 20 });
    expect(report.startedInPeriod).toEqual({ sponsorships: 2, averageWaitDays: 50 });
  });

  it('measures retention at 12 months and counts the endings of the period by reason, never an unpaid hold', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(report.retention).toEqual({ startedBy: shiftDay(today, { months: -12 }), cohort: 3, stillActive: 1, percent: 33.3 });
    expect(report.endedInPeriod).toEqual([
      { reason: 'Cambio de situación económica', count: 1 },
      { reason: null, count: 1 },
    ]);
  });

  it('counts the letters in review past 72 hours and the sponsors’ approved letters undelivered after 30 days', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(report.letters).toEqual({
      reviewTargetHours: 72,
      inReviewOverdue: 1,
      oldestInReviewHours: 100,
      deliveryTargetDays: 30,
      approvedUndelivered: 1,
      oldestUndeliveredDays: 40,
    });
  });

  it('lists the consents ending within 30 days, not revoked, not renewed, of children still in the programme', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(report.consentsExpiring).toEqual([
      { consentId: ids.k7, childId: ids.c5, childFirstName: 'Cinco', scope: 'photos', expiresOn: today },
      { consentId: ids.k1, childId: ids.c1, childFirstName: 'Uno', scope: 'photos_and_story', expiresOn: shiftDay(today, { days: 10 }) },
      { consentId: ids.k9, childId: ids.c5, childFirstName: 'Cinco', scope: 'story', expiresOn: shiftDay(today, { days: 30 }) },
    ]);
  });

  it('lists the progress reports overdue as the progress reports define them: 182 days without a report', async () => {
    const report = await sponsorshipReport(ctx.db, PERIOD, NOW);
    // s3 started 30 days ago (not due yet); s4 started 400 days ago and has no report.
    const dueSince = shiftDay(guatemalaDay(ago(400)), { days: PROGRESS_REPORT_DUE_DAYS });
    const daysOverdue = Math.round((Date.parse(today) - Date.parse(dueSince)) / DAY);
    expect(report.progressReportsOverdue).toEqual([{ childId: ids.c4, childFirstName: 'Cuatro', dueSince, daysOverdue }]);
  });

  it('counts by the period chosen: a period before every start and ending has none of them', async () => {
    const old = await sponsorshipReport(ctx.db, { from: guatemalaDay(ago(3000)), to: guatemalaDay(ago(1000)) }, NOW);
    expect(old.startedInPeriod).toEqual({ sponsorships: 0, averageWaitDays: null });
    expect(old.endedInPeriod).toEqual([]);
    expect(old.retention).toMatchObject({ cohort: 0, stillActive: 0, percent: null });
    expect(old.byProgram.map((r) => r.started)).toEqual([0, 0, 0]);
    // A year-long period ending 100 days ago: s5 and s7 ended after it (s7 in it), s4 had started.
    const earlier = await sponsorshipReport(ctx.db, { from: guatemalaDay(ago(465)), to: guatemalaDay(ago(100)) }, NOW);
    expect(earlier.startedInPeriod.sponsorships).toBe(2);
    expect(earlier.endedInPeriod).toEqual([{ reason: 'Cambio de situación económica', count: 1 }]);
    expect(earlier.retention).toMatchObject({ cohort: 1, stillActive: 0 });
  });
});

describe('GET /admin/sponsorship/reports', () => {
  it('answers sponsorship staff with the same figures, and refuses anonymous, donor and finance callers', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const url = `/api/v1/admin/sponsorship/reports?from=${PERIOD.from}&to=${PERIOD.to}`;
    const res = await inject(ctx.app, { method: 'GET', url, token: staff.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const direct = await sponsorshipReport(ctx.db, PERIOD, NOW);
    expect(body.byProgram).toEqual(direct.byProgram);
    expect(body.byDepartment).toEqual(direct.byDepartment);
    expect(body.retention).toEqual(direct.retention);
    expect(body.consentsExpiring).toEqual(direct.consentsExpiring);
    expect(body.letters.inReviewOverdue).toBe(1);
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    expect((await inject(ctx.app, { method: 'GET', url, token: admin.token })).statusCode).toBe(200);
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
    expect((await inject(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await inject(ctx.app, { method: 'GET', url, token: donor.token })).statusCode).toBe(403);
    expect((await inject(ctx.app, { method: 'GET', url, token: finance.token })).statusCode).toBe(403);
  });

  it('refuses a reversed or missing period with a Spanish message on the field', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const reversed = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/sponsorship/reports?from=${PERIOD.to}&to=${PERIOD.from}`, token: staff.token });
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain('La fecha final debe ser igual o posterior a la inicial');
    const missing = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/sponsorship/reports?from=2026-13-01', token: staff.token });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Escribe una fecha válida');
    const far = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/sponsorship/reports?from=2026-01-01&to=9999-12-31', token: staff.token });
    expect(far.statusCode).toBe(400);
    expect(JSON.stringify(far.json())).toContain('Elige una fecha entre el año 2000 y el 2100');
  });
});
