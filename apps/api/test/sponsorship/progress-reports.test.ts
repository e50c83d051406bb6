// Progress reports (docs/product.md#sponsorship): staff publish them, refused while a text the sponsor
// reads holds contact details; the sponsor reads only the sponsor-level fields of their own child's
// reports (another sponsor gets 404) and hears of it by email; the photo is re-encoded without
// metadata and hidden once the consent expires; audited.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { progressReportFieldsFor } from '@donaciones/shared/schemas/progress-reports';
import { auditLog, childConsents, emailOutbox, progressReports, sponsorships } from '../../src/db/schema';
import { createTestApp, inject, json, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, aConsent, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let sponsor: Caller;
let otherSponsor: Caller;
let staff: Caller;
let childId: number;
let sponsorshipId: number;
let otherSponsorshipId: number;
const V1 = '/api/v1';
const NOTES = 'NOTA-INTERNA-Zq7: la mamá pidió apoyo con útiles';
const today = () => guatemalaDay(new Date());

const REPORT = {
  period: 'Primer semestre 2026',
  reportDate: '2026-06-30',
  schoolGrade: 'Cuarto primaria',
  attendancePercent: 96,
  achievement: 'Aprendió a leer en voz alta frente a la clase.',
  health: 'Sana; recibió su vacuna de refuerzo.',
  messageToSponsor: 'Ana te manda saludos y un dibujo de su familia. ¡Gracias por acompañarla!',
  staffNotes: NOTES,
};

type StaffReport = { id: number; photoUrl: string | null; staffPhotoUrl: string | null; staffNotes: string; writtenBy: string | null };
type SponsorReports = { childFirstName: string; reports: Array<Record<string, unknown> & { id: number; photoUrl: string | null }> };

function publish(payload: Record<string, unknown>, child = childId, token = staff.token) {
  return inject(ctx.app, { method: 'POST', url: `${V1}/admin/sponsorship/children/${child}/progress-reports`, token, payload });
}
function sponsorReports(caller: Caller, id = sponsorshipId) {
  return inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${id}/progress-reports`, token: caller.token });
}

beforeAll(async () => {
  ctx = await createTestApp();
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  otherSponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'], firstName: 'Marta', lastName: 'Juárez' });
  const child = await aChild(ctx.db, { firstName: 'Ana', status: 'sponsored' });
  childId = child.id;
  await aConsent(ctx.db, childId, { scope: 'photos' });
  const started = await anActiveSponsorship(ctx.db, childId, sponsor.id);
  sponsorshipId = started.id;
  const other = await aChild(ctx.db, { firstName: 'Luis', status: 'sponsored' });
  otherSponsorshipId = (await anActiveSponsorship(ctx.db, other.id, otherSponsor.id)).id;
}, 60_000);

afterAll(() => ctx?.close());

describe('staff publish a progress report', () => {
  it('refuses, field by field in Spanish, while a text the sponsor reads holds contact details, and saves nothing', async () => {
    const res = await publish({ ...REPORT, health: 'Bien. Cualquier cosa escriban a mama.ana@gmail.com', messageToSponsor: 'Hola, llámame al 5555 1234 cuando quieras, te saluda Ana.' });
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string> }>(res).errors;
    expect(errors.messageToSponsor).toMatch(/datos de contacto \(Teléfono: «5555 1234»\).*Retíralos antes de publicar/);
    expect(errors.health).toMatch(/Correo electrónico/);
    expect(errors.staffNotes).toBeUndefined();
    expect(await ctx.db.select().from(progressReports).where(eq(progressReports.childId, childId))).toHaveLength(0);
  });

  it('keeps contact details allowed in the staff notes only', async () => {
    const res = await publish({ ...REPORT, staffNotes: 'La encargada: 5555 1234', reportDate: today() });
    expect(res.statusCode).toBe(201);
    expect(json<StaffReport>(res).staffNotes).toBe('La encargada: 5555 1234');
  });

  it('refuses a future date, an attendance over 100 and a short message', async () => {
    const res = await publish({ ...REPORT, reportDate: '2999-01-01', attendancePercent: 120, messageToSponsor: 'Hola' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: Record<string, string> }>(res).errors).sort()).toEqual(['attendancePercent', 'messageToSponsor', 'reportDate']);
  });

  it('refuses a date before 2000, as a year mistyped writes it (0202), naming the days it takes', async () => {
    for (const reportDate of ['0202-06-30', '1999-12-31']) {
      const res = await publish({ ...REPORT, reportDate });
      expect(res.statusCode, reportDate).toBe(400);
      expect(json<{ errors: Record<string, string> }>(res).errors).toEqual({ reportDate: 'La fecha del informe debe estar entre el 01/01/2000 y hoy' });
    }
  });

  it('publishes, audits and emails the sponsor without the report\'s words', async () => {
    const res = await publish(REPORT);
    expect(res.statusCode).toBe(201);
    const report = json<StaffReport>(res);
    expect(report.staffNotes).toBe(NOTES);
    expect(report.writtenBy).toBe('Marta Juárez');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'sponsorship.progress_report_published'), eq(auditLog.entityId, String(childId))));
    expect(entry.actorUserId).toBe(staff.id);
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, sponsor.email));
    expect(mails.map((m) => m.subject)).toContain('Nuevo informe de avance de Ana');
    expect(mails.every((m) => !m.textBody.includes('dibujo') && !m.textBody.includes('NOTA-INTERNA'))).toBe(true);
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, otherSponsor.email))).toHaveLength(0);
  });

  it('is for staff with the sponsorship permission only', async () => {
    expect((await publish(REPORT, childId, sponsor.token)).statusCode).toBe(403);
    expect((await inject(ctx.app, { method: 'GET', url: `${V1}/admin/sponsorship/progress-reports/overdue`, token: sponsor.token })).statusCode).toBe(403);
    expect((await publish(REPORT, 999_999)).statusCode).toBe(404);
  });
});

describe('the sponsor reads them in Mi ahijado/a', () => {
  it('shows only the sponsor-level fields, newest first', async () => {
    const res = await sponsorReports(sponsor);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('NOTA-INTERNA');
    expect(res.body).not.toContain('5555 1234');
    const body = json<SponsorReports>(res);
    expect(body.childFirstName).toBe('Ana');
    expect(body.reports.map((r) => r.reportDate)).toEqual([today(), '2026-06-30'].sort().reverse());
    for (const r of body.reports) expect(Object.keys(r).sort()).toEqual(progressReportFieldsFor('sponsor').sort());
  });

  it('answers 404 to another sponsor, and to anyone signed out 401', async () => {
    expect((await sponsorReports(otherSponsor)).statusCode).toBe(404);
    expect((await sponsorReports(sponsor, otherSponsorshipId)).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorshipId}/progress-reports` })).statusCode).toBe(401);
    expect(json<SponsorReports>(await sponsorReports(otherSponsor, otherSponsorshipId)).reports).toEqual([]);
  });

  it('does not show a new sponsor the reports published before they sponsored', async () => {
    const late = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const [second] = await ctx.db
      .insert(sponsorships)
      .values({ childId, place: 2, status: 'active', holdToken: `t-late-${late.id}`, heldUntil: new Date(), userId: late.id, amountCents: 25_000, startedAt: new Date() })
      .returning();
    expect(json<SponsorReports>(await sponsorReports(late, second.id)).reports).toEqual([]);
  });
});

describe('the report photo', () => {
  it('is re-encoded without metadata, shown to the sponsor while consented, hidden once the consent expires', async () => {
    const [{ id }] = await ctx.db.select({ id: progressReports.id }).from(progressReports).where(and(eq(progressReports.childId, childId), eq(progressReports.reportDate, '2026-06-30')));
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'GPS-ZONA-SECRETA' } } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('GPS-ZONA-SECRETA');
    const put = await inject(ctx.app, { method: 'PUT', url: `${V1}/admin/sponsorship/progress-reports/${id}/photo`, token: staff.token, payload: jpeg, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.statusCode).toBe(201);
    const staffView = json<StaffReport>(put);
    const stored = await inject(ctx.app, { method: 'GET', url: staffView.staffPhotoUrl!, token: staff.token });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.toString('latin1')).not.toContain('GPS-ZONA-SECRETA');

    const shown = json<SponsorReports>(await sponsorReports(sponsor)).reports.find((r) => r.id === id)!;
    expect(shown.photoUrl).toBe(`${V1}/users/me/progress-reports/${id}/photo`);
    const photo = await inject(ctx.app, { method: 'GET', url: shown.photoUrl!, token: sponsor.token });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['x-robots-tag']).toContain('noindex');
    expect((await inject(ctx.app, { method: 'GET', url: shown.photoUrl!, token: otherSponsor.token })).statusCode).toBe(404);

    await ctx.db.update(childConsents).set({ givenOn: '2020-01-01', expiresOn: '2021-01-01' }).where(eq(childConsents.childId, childId));
    const hidden = json<SponsorReports>(await sponsorReports(sponsor)).reports.find((r) => r.id === id)!;
    expect(hidden.photoUrl).toBeNull();
    expect((await inject(ctx.app, { method: 'GET', url: shown.photoUrl!, token: sponsor.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'GET', url: staffView.staffPhotoUrl!, token: staff.token })).statusCode).toBe(200);
    const again = await inject(ctx.app, { method: 'PUT', url: `${V1}/admin/sponsorship/progress-reports/${id}/photo`, token: staff.token, payload: jpeg, headers: { 'content-type': 'application/octet-stream' } });
    expect(again.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(again).errors.file).toMatch(/consentimiento vigente/);
  });
});
