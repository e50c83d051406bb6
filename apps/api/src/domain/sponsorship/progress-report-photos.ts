// A progress report's photo (docs/product.md#sponsorship): added only while a current guardian consent
// covers photos, re-encoded without metadata by the deposit slips' pipeline, kept with the report and
// served only through the API: to staff always, to the child's active sponsor only while a current
// consent covers photos (read now, so an expiry or revocation hides it at once).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { progressReportMessages as m } from '@donaciones/shared/messages/progress-reports';
import { PHOTO_CONSENT_SCOPES } from '@donaciones/shared/schemas/sponsorship';
import type { Db } from '../../db/client';
import { progressReports, sponsoredChildren } from '../../db/schema';
import { NotFoundError, fieldError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { processPhotoFile } from '../deposits/slip-files';
import { progressReportForStaff, reportChild, sponsorReadsReport } from './progress-reports';
import { currentConsent } from './views';

async function photoConsented(db: Db, childId: number): Promise<boolean> {
  const [row] = await db.select({ ok: currentConsent(PHOTO_CONSENT_SCOPES) }).from(sponsoredChildren).where(eq(sponsoredChildren.id, childId));
  return Boolean(row?.ok);
}

/** Adds (or replaces) the report's photo. */
export async function addProgressReportPhoto(db: Db, input: { reportId: number; file: Buffer; actor: Actor; ip?: string }) {
  const report = await reportChild(db, input.reportId);
  if (!(await photoConsented(db, report.childId))) throw fieldError('file', m.photoNeedsConsent);
  const kept = await processPhotoFile(input.file, m.photoNotImage);
  await db
    .update(progressReports)
    .set({ photoContentType: kept.contentType, photoSizeBytes: kept.data.length, photoSha256: createHash('sha256').update(kept.data).digest('hex'), photoData: kept.data })
    .where(eq(progressReports.id, report.id));
  await audit(db, { actor: input.actor, action: 'sponsorship.progress_report_photo_added', entityType: 'sponsored_child', entityId: report.childId, details: { report_id: report.id }, ip: input.ip ?? null });
  return progressReportForStaff(db, report.id);
}

async function storedPhoto(db: Db, reportId: number) {
  const [p] = await db.select({ contentType: progressReports.photoContentType, data: progressReports.photoData }).from(progressReports).where(eq(progressReports.id, reportId));
  if (!p?.contentType || !p.data) throw new NotFoundError(m.photoNotFound);
  return { contentType: p.contentType, data: p.data };
}

/** For staff, shown or not. */
export async function staffProgressReportPhoto(db: Db, reportId: number) {
  await reportChild(db, reportId);
  return storedPhoto(db, reportId);
}

/** For the child's active sponsor who reads the report, while a current consent covers photos; else 404. */
export async function sponsorProgressReportPhoto(db: Db, userId: number, reportId: number) {
  const report = await reportChild(db, reportId).catch(() => null);
  if (!report || !(await sponsorReadsReport(db, userId, report)) || !(await photoConsented(db, report.childId))) throw new NotFoundError(m.photoNotFound);
  return storedPhoto(db, reportId);
}
