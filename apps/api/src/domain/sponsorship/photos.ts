// A child's photo as served (docs/product.md#sponsorship): only the newest photo of a child, only
// while a current consent covers photos (read now, so an expired consent hides it at once), and only
// to whom the child is shown: anyone while the child's public profile is (openToSponsor, the list's
// own predicate), the holder of a live hold of the child (its hold token), the child's active sponsor
// and staff who manage sponsorship. Anyone else gets the 404 of a photo that does not exist.
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { can } from '@donaciones/shared/permissions';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { Db } from '../../db/client';
import { childPhotos, sponsoredChildren, sponsorships } from '../../db/schema';
import { notFound } from '../../errors';
import { openToSponsor } from './places';
import { readChildren } from './views';

export interface PhotoRequester {
  userId: number | null;
  roles?: readonly string[] | null;
  /** The hold token of the reserva page (?hold=…), which shows the held child to its holder. */
  holdToken?: string | null;
}

/** Whether the child's photo may reach this requester (the child already has it as shown photo). */
async function childShownTo(db: Db, childId: number, who: PhotoRequester): Promise<boolean> {
  if (can(who.roles, 'sponsorship.manage')) return true;
  const [open] = await db.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(and(eq(sponsoredChildren.id, childId), openToSponsor));
  if (open) return true;
  const holder = who.holdToken ? and(eq(sponsorships.holdToken, who.holdToken), eq(sponsorships.status, 'held'), gt(sponsorships.heldUntil, sql`now()`)) : undefined;
  const sponsor = who.userId != null ? and(eq(sponsorships.userId, who.userId), eq(sponsorships.status, 'active')) : undefined;
  if (!holder && !sponsor) return false;
  const mine = and(eq(sponsorships.childId, childId), or(holder, sponsor));
  const [held] = await db.select({ id: sponsorships.id }).from(sponsorships).where(mine).limit(1);
  return held != null;
}

export async function servedPhoto(db: Db, photoId: number, who: PhotoRequester) {
  const [photo] = await db.select({ childId: childPhotos.childId, contentType: childPhotos.contentType, data: childPhotos.data }).from(childPhotos).where(eq(childPhotos.id, photoId));
  if (!photo) throw notFound(m.photoNotFound);
  const [read] = await readChildren(db, eq(sponsoredChildren.id, photo.childId));
  // Only the photo the child's views show, which is none without a current consent.
  if (!read || read.photoId !== photoId) throw notFound(m.photoNotFound);
  if (await childShownTo(db, photo.childId, who)) return photo;
  throw notFound(m.photoNotFound);
}
