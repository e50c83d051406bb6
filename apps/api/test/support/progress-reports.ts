// Progress reports of the sponsorship tests, written straight to the database: a report of the
// sponsorship's child published now, optionally with a photo and the current consent that shows it.
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { progressReports, sponsorships } from '../../src/db/schema';
import { aConsent, aDrawing } from './sponsorship';

export async function aProgressReportOf(db: Database, sponsorshipId: number, options: { photo?: boolean; consent?: boolean } = {}): Promise<number> {
  const [s] = await db.select({ childId: sponsorships.childId }).from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
  if (options.consent ?? options.photo) await aConsent(db, s!.childId, { scope: 'photos' });
  const photo = options.photo ? await aDrawing() : null;
  const [row] = await db
    .insert(progressReports)
    .values({
      childId: s!.childId,
      period: 'Primer semestre',
      reportDate: new Date().toISOString().slice(0, 10),
      messageToSponsor: 'Un saludo grande desde la escuela.',
      createdAt: new Date(),
      ...(photo ? { photoContentType: 'image/png', photoSizeBytes: photo.length, photoSha256: 'x', photoData: photo } : {}),
    })
    .returning({ id: progressReports.id });
  return row!.id;
}
