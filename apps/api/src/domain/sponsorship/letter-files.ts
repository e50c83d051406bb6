// A letter's files (docs/product.md#sponsorship-letters): the sponsor's optional photo and the child's
// scanned reply, checked and re-encoded without metadata by the slip pipeline, stored in the database
// and served only through the API. A sponsor reads their own letter's photo and an approved reply's
// scan; staff read every file.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { letterMessages as m } from '@donaciones/shared/messages/letters';
import type { LetterFilePurpose } from '@donaciones/shared/schemas/letter-codes';
import type { Db } from '../../db/client';
import { sponsorshipLetterFiles, sponsorshipLetters } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { processPhotoFile, processSlipFile } from '../deposits/slip-files';
import { ownSponsorship } from './letters';

export interface LetterFile {
  contentType: string;
  data: Buffer;
  fileName: string;
}

/** Adds (or replaces) a letter's photo or scan while it is in review. `sponsorUserId` limits it to that sponsor's own letter. */
export async function attachLetterFile(
  db: Db,
  input: { actor: Actor; letterId: number; purpose: LetterFilePurpose; file: Buffer; sponsorUserId?: number; ip?: string },
) {
  const [letter] = await db.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, input.letterId));
  if (!letter) throw new NotFoundError(m.letterNotFound);
  if (input.sponsorUserId != null) {
    await ownLetter(db, input.sponsorUserId, letter.sponsorshipId);
    if (letter.writtenByUserId !== input.sponsorUserId || letter.direction !== 'to_child') throw new NotFoundError(m.letterNotFound);
  }
  if ((input.purpose === 'photo') !== (letter.direction === 'to_child')) throw new InvalidInputError(m.fileOnlyOwnDirection, { file: m.fileOnlyOwnDirection });
  if (letter.status !== 'in_review') throw new ConflictError(m.photoOnlyInReview);
  const processed = input.purpose === 'photo' ? await processPhotoFile(input.file, m.photoNotImage) : await processSlipFile(input.file);
  const values = {
    letterId: letter.id,
    purpose: input.purpose,
    contentType: processed.contentType,
    sizeBytes: processed.data.length,
    sha256: createHash('sha256').update(processed.data).digest('hex'),
    data: processed.data,
    uploadedByUserId: input.actor.id,
  };
  await db.delete(sponsorshipLetterFiles).where(and(eq(sponsorshipLetterFiles.letterId, letter.id), eq(sponsorshipLetterFiles.purpose, input.purpose)));
  await db.insert(sponsorshipLetterFiles).values(values);
  await audit(db, { actor: input.actor, action: `letter.${input.purpose}_added`, entityType: 'sponsorship_letter', entityId: letter.id, ip: input.ip ?? null });
  return { contentType: values.contentType, sizeBytes: values.sizeBytes };
}

/** Someone else's letter answers as one that does not exist (not "ese apadrinamiento", which would tell it exists). */
async function ownLetter(db: Db, userId: number, sponsorshipId: number) {
  try {
    await ownSponsorship(db, userId, sponsorshipId);
  } catch (err) {
    throw err instanceof NotFoundError ? new NotFoundError(m.letterNotFound) : err;
  }
}

/** A file for staff, or for the sponsor when they may see it; anything else is 404. */
export async function readLetterFile(db: Db, input: { letterId: number; purpose: LetterFilePurpose; sponsorUserId?: number }): Promise<LetterFile> {
  const [letter] = await db.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, input.letterId));
  if (!letter) throw new NotFoundError(m.letterNotFound);
  if (input.sponsorUserId != null) {
    await ownLetter(db, input.sponsorUserId, letter.sponsorshipId);
    const visibleReply = letter.direction === 'to_sponsor' && input.purpose === 'scan' && ['approved', 'delivered'].includes(letter.status);
    // A letter's photo is its author's: shown back to whoever wrote the letter, nobody else outside staff.
    const ownPhoto = letter.direction === 'to_child' && input.purpose === 'photo' && letter.writtenByUserId === input.sponsorUserId;
    if (!visibleReply && !ownPhoto) throw new NotFoundError(m.letterNotFound);
  }
  const [file] = await db
    .select()
    .from(sponsorshipLetterFiles)
    .where(and(eq(sponsorshipLetterFiles.letterId, letter.id), inArray(sponsorshipLetterFiles.purpose, [input.purpose])));
  if (!file) throw new NotFoundError(m.letterNotFound);
  const extension = file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg';
  return { contentType: file.contentType, data: file.data, fileName: `carta-${letter.id}-${input.purpose === 'photo' ? 'foto' : 'escaneada'}.${extension}` };
}
