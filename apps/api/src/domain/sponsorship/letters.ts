// A sponsor's letters (docs/product.md#sponsorship-letters): writing to their child and reading what
// they may read. Every letter enters the staff queue flagged by the contact-details detector; a
// sponsor sees their own letters with their state and a reply only once staff approved it, and only
// its approved text. Any sponsorship that is not the caller's answers 404, like one that does not exist.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import { letterMessages as m } from '@donaciones/shared/messages/letters';
import type { OwnLetter, OwnLetters } from '@donaciones/shared/schemas/letters';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorshipLetterFiles, sponsorshipLetters, sponsorships } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';

type LetterRow = typeof sponsorshipLetters.$inferSelect;

/** The caller's sponsorship (active, or ended for reading its history), or 404. */
export async function ownSponsorship(db: Db, userId: number, sponsorshipId: number) {
  const [row] = await db
    .select({ id: sponsorships.id, childId: sponsorships.childId, status: sponsorships.status, firstName: sponsoredChildren.firstName })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId), inArray(sponsorships.status, ['active', 'ended'])));
  if (!row) throw new NotFoundError(m.sponsorshipNotFound);
  return row;
}

export async function writeLetter(db: Db, input: { actor: Actor; sponsorshipId: number; body: string; ip?: string }) {
  const sponsorship = await ownSponsorship(db, input.actor.id, input.sponsorshipId);
  if (sponsorship.status !== 'active') throw new ConflictError(m.sponsorshipNotActive);
  const flags = findLetterFlags(input.body);
  const [letter] = await db
    .insert(sponsorshipLetters)
    .values({
      sponsorshipId: sponsorship.id,
      childId: sponsorship.childId,
      direction: 'to_child',
      body: input.body,
      flags,
      writtenByUserId: input.actor.id,
    })
    .returning();
  await audit(db, {
    actor: input.actor,
    action: 'letter.written',
    entityType: 'sponsorship_letter',
    entityId: letter!.id,
    details: { flags: flags.length },
    ip: input.ip ?? null,
  });
  return toOwnLetter(letter!, new Map());
}

/** What a sponsor reads: a reply's approved text, never its transcription before review. */
function toOwnLetter(row: LetterRow, files: LetterFileKeys): OwnLetter {
  const reply = row.direction === 'to_sponsor';
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    // Once approved, the sponsor sees their letter as the child receives it (contact details retired).
    body: reply ? (row.sharedBody ?? '') : (row.sharedBody ?? row.body),
    translation: reply ? row.translation : null,
    returnReason: reply ? null : row.returnReason,
    hasPhoto: files.has(`${row.id}:photo`),
    hasScan: reply && files.has(`${row.id}:scan`),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The sponsor's own letters and the approved replies, oldest first. */
export async function ownLetters(db: Db, userId: number, sponsorshipId: number): Promise<OwnLetters> {
  const sponsorship = await ownSponsorship(db, userId, sponsorshipId);
  const rows = await db
    .select()
    .from(sponsorshipLetters)
    .where(
      and(
        eq(sponsorshipLetters.sponsorshipId, sponsorship.id),
        or(
          eq(sponsorshipLetters.direction, 'to_child'),
          and(eq(sponsorshipLetters.direction, 'to_sponsor'), inArray(sponsorshipLetters.status, ['approved', 'delivered'])),
        ),
      ),
    )
    .orderBy(asc(sponsorshipLetters.createdAt), asc(sponsorshipLetters.id));
  const files = await fileKeys(db, rows.map((r) => r.id));
  return {
    sponsorshipId: sponsorship.id,
    childFirstName: sponsorship.firstName,
    canWrite: sponsorship.status === 'active',
    letters: rows.map((row) => toOwnLetter(row, files)),
  };
}

/** "letterId:purpose" of each file the letters have, with the boxes staff burned into it and its version (decision 0056). */
export type LetterFileKeys = ReadonlyMap<string, { boxes: number; version: string }>;

/** A file's version as staff see it: the start of its digest, which changes with every upload and redaction. */
export const fileVersion = (sha256: string) => sha256.slice(0, 16);

export async function fileKeys(db: Db, letterIds: number[]): Promise<LetterFileKeys> {
  if (letterIds.length === 0) return new Map();
  const rows = await db
    .select({ letterId: sponsorshipLetterFiles.letterId, purpose: sponsorshipLetterFiles.purpose, boxes: sponsorshipLetterFiles.redactedBoxes, sha256: sponsorshipLetterFiles.sha256 })
    .from(sponsorshipLetterFiles)
    .where(inArray(sponsorshipLetterFiles.letterId, letterIds));
  return new Map(rows.map((r) => [`${r.letterId}:${r.purpose}`, { boxes: r.boxes, version: fileVersion(r.sha256) }]));
}
