// The demo's progress reports (docs/product.md#sponsorship): two clearly fictional reports of the demo
// donor's sponsored child ("Kevin"), published while they sponsor, the newer one with the child's
// drawn illustration as its photo, so "Mi ahijado/a" and the staff's record show the feature offline.
// Added once, also to a demo seeded before progress reports existed.
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { and, count, desc, eq, like } from 'drizzle-orm';
import type { Database } from './client';
import { childPhotos, progressReports, sponsoredChildren, sponsorships } from './schema';

const DAY = 86_400_000;

export async function seedDemoProgressReports(db: Database, now = new Date()): Promise<void> {
  const [demo] = await db
    .select({ childId: sponsorships.childId, startedAt: sponsorships.startedAt })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .where(and(like(sponsorships.holdToken, 'demo-%'), eq(sponsorships.status, 'active'), eq(sponsoredChildren.firstName, 'Kevin')))
    .limit(1);
  if (!demo?.startedAt) return;
  const [{ n }] = await db.select({ n: count() }).from(progressReports).where(eq(progressReports.childId, demo.childId));
  if (n > 0) return;
  const [drawing] = await db.select().from(childPhotos).where(eq(childPhotos.childId, demo.childId)).orderBy(desc(childPhotos.createdAt)).limit(1);
  // Both published after the sponsorship started, so the demo sponsor reads them.
  const span = Math.max(2, Math.floor((now.getTime() - demo.startedAt.getTime()) / DAY));
  const at = (daysAgo: number) => new Date(now.getTime() - Math.min(daysAgo, span - 1) * DAY);
  // Guatemala's day, as the reports' dates are read.
  const day = sponsorshipToday;
  const first = at(50);
  const second = at(5);
  await db.insert(progressReports).values([
    {
      childId: demo.childId,
      period: 'Inicio del apadrinamiento (demo)',
      reportDate: day(first),
      schoolGrade: 'Quinto primaria',
      attendancePercent: 92,
      achievement: 'Presentó en clase un carrito hecho con cajas de cartón.',
      health: 'Sano; tuvo un resfriado leve en el mes.',
      messageToSponsor: 'Kevin se puso muy contento al saber que alguien lo apadrina. Dice que va a estudiar mucho. (Informe ficticio de demostración.)',
      staffNotes: 'Informe ficticio del demo: nada de esto describe a una niña o un niño real.',
      createdAt: first,
    },
    {
      childId: demo.childId,
      period: 'Cierre del ciclo escolar 2026 (demo)',
      reportDate: day(second),
      schoolGrade: 'Quinto primaria (aprobado)',
      attendancePercent: 96,
      achievement: 'Aprobó el grado y ganó el segundo lugar del concurso de lectura.',
      health: 'Sano; recibió sus vacunas en la jornada de salud.',
      messageToSponsor: 'Kevin te manda un abrazo: pasa a sexto grado y quiere seguir armando carritos. Gracias por acompañarlo. (Informe ficticio de demostración.)',
      staffNotes: 'Informe ficticio del demo.',
      createdAt: second,
      ...(drawing ? { photoContentType: drawing.contentType, photoSizeBytes: drawing.sizeBytes, photoSha256: drawing.sha256, photoData: drawing.data } : {}),
    },
  ]);
}
