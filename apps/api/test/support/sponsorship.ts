// Children of the sponsorship tests, with consents and photos, written straight to the database.
import sharp from 'sharp';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import type { Database } from '../../src/db/client';
import { childConsents, childPhotos, sponsoredChildren, sponsorships } from '../../src/db/schema';

/** Guatemala's day (the one consents are read by) moved by `offset` days. */
function day(offset: number): string {
  const d = new Date(`${sponsorshipToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A waiting child whose story is approved as stored (unless `values` say otherwise). */
export async function aChild(db: Database, values: Partial<typeof sponsoredChildren.$inferInsert> = {}) {
  const story = values.story ?? 'Le gusta leer.';
  const [row] = await db
    .insert(sponsoredChildren)
    .values({ firstName: 'Ana', fullName: 'Ana Prueba', birthDate: '2016-05-10', department: 'Sololá', story, approvedStory: story, storyApprovedAt: new Date(), ...values })
    .returning();
  return row;
}

/** A consent of the child, current unless `expired`. */
export async function aConsent(db: Database, childId: number, options: { expired?: boolean; givenBy?: string; scope?: 'photos' | 'story' | 'photos_and_story' } = {}) {
  const [row] = await db
    .insert(childConsents)
    .values({
      childId,
      givenBy: options.givenBy ?? 'Encargada',
      relationship: 'madre',
      givenOn: options.expired ? day(-400) : day(-10),
      expiresOn: options.expired ? day(-1) : day(355),
      scope: options.scope ?? 'photos_and_story',
    })
    .returning();
  return row;
}

/** A small drawn PNG, as staff would upload (or store) for a child. */
export async function aDrawing(color = '#f4a261'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#fff"/><circle cx="32" cy="28" r="14" fill="${color}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function aPhoto(db: Database, childId: number) {
  const data = await aDrawing();
  const [row] = await db.insert(childPhotos).values({ childId, contentType: 'image/png', sizeBytes: data.length, sha256: 'x', data }).returning();
  return row;
}

/** An active sponsorship of the child by the account `userId`. */
export async function anActiveSponsorship(db: Database, childId: number, userId: number) {
  const [row] = await db
    .insert(sponsorships)
    .values({ childId, place: 1, status: 'active', holdToken: `t-${childId}-${userId}-${Date.now()}`, heldUntil: new Date(), userId, amountCents: 25_000, startedAt: new Date() })
    .returning();
  return row;
}
