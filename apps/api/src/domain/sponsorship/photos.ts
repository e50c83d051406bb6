// A child's photo as served (docs/product.md#sponsorship): only the newest photo of a child, only
// while a current consent covers photos (read now, so an expired consent hides it at once), and only
// for a child waiting for a sponsor or for the child's own sponsor.
import { and, eq, sql } from 'drizzle-orm';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { Db } from '../../db/client';
import { childPhotos, sponsoredChildren, sponsorships } from '../../db/schema';
import { notFound } from '../../errors';
import { readChildren } from './views';

export async function servedPhoto(db: Db, photoId: number, userId: number | null) {
  const [photo] = await db.select({ childId: childPhotos.childId, contentType: childPhotos.contentType, data: childPhotos.data }).from(childPhotos).where(eq(childPhotos.id, photoId));
  if (!photo) throw notFound(m.photoNotFound);
  const [read] = await readChildren(db, eq(sponsoredChildren.id, photo.childId));
  // Only the photo the child's views show, which is none without a current consent.
  if (!read || read.photoId !== photoId) throw notFound(m.photoNotFound);
  if (read.row.status === 'waiting') return photo;
  if (userId != null) {
    const [mine] = await db
      .select({ id: sponsorships.id })
      .from(sponsorships)
      .where(and(eq(sponsorships.childId, photo.childId), eq(sponsorships.userId, userId), sql`${sponsorships.status} = 'active'`));
    if (mine) return photo;
  }
  throw notFound(m.photoNotFound);
}
