// Letters of the sponsorship tests, written straight to the database: a sponsored child with an
// active sponsorship of an account, and letters (with a file) in any state.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { sponsoredChildren, sponsorshipLetterFiles, sponsorshipLetters, sponsorships } from '../../src/db/schema';

let counter = 0;

/** A sponsored child and the account's active sponsorship of them; returns the sponsorship's id. */
export async function aSponsorshipOf(db: Database, userId: number, community = 'Comunidad Prueba'): Promise<number> {
  counter += 1;
  const [child] = await db
    .insert(sponsoredChildren)
    .values({ firstName: `Niña${counter}`, fullName: `Niña${counter} Prueba`, birthDate: '2016-05-10', department: 'Sololá', community, status: 'sponsored' })
    .returning({ id: sponsoredChildren.id });
  const [row] = await db
    .insert(sponsorships)
    .values({ childId: child!.id, place: 1, status: 'active', holdToken: `carta-${child!.id}-${userId}-${counter}`, heldUntil: new Date(), userId, amountCents: 25_000, startedAt: new Date() })
    .returning({ id: sponsorships.id });
  return row!.id;
}

export async function aPng(): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 24, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
}

/** A letter of the sponsorship without contact details, in review unless told, optionally with a file. */
export async function aLetter(
  db: Database,
  sponsorshipId: number,
  options: { direction?: 'to_child' | 'to_sponsor'; status?: 'in_review' | 'approved'; writtenBy?: number; file?: 'photo' | 'scan' } = {},
): Promise<number> {
  const [s] = await db.select({ childId: sponsorships.childId }).from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
  const body = 'Hola, espero que estés muy bien y que te vaya bien en la escuela.';
  const approved = options.status === 'approved';
  const [letter] = await db
    .insert(sponsorshipLetters)
    .values({
      sponsorshipId,
      childId: s!.childId,
      direction: options.direction ?? 'to_child',
      status: options.status ?? 'in_review',
      body,
      sharedBody: approved ? body : null,
      reviewedAt: approved ? new Date() : null,
      writtenByUserId: options.writtenBy ?? null,
    })
    .returning({ id: sponsorshipLetters.id });
  if (options.file) {
    const data = await aPng();
    await db.insert(sponsorshipLetterFiles).values({ letterId: letter!.id, purpose: options.file, contentType: 'image/png', sizeBytes: data.length, sha256: 'x', data });
  }
  return letter!.id;
}
