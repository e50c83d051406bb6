// Redacting a letter's image (docs/product.md#sponsorship-letters, decision 0056): staff draw boxes over
// an address, a phone number, a school sign or a face in a sponsor's photo or a child's scanned reply;
// the boxes are burned in opaque with sharp, the image is re-encoded without metadata and replaces
// the stored file, so the original is never served again to anyone. A letter with an image is approved
// only once its image is redacted or staff confirm it shows no contact details.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { letterMessages as m } from '@donaciones/shared/messages/letters';
import type { LetterImageReview } from '@donaciones/shared/schemas/letter-codes';
import type { ImageBox } from '@donaciones/shared/schemas/letters';
import type { Db } from '../../db/client';
import { sponsorshipLetterFiles, sponsorshipLetters } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { fileVersion } from './letters';
import { loadSharp } from '../../platform/libraries';

/** The box colour: black, fully opaque, so nothing of what lies under it survives. */
const OPAQUE = { r: 0, g: 0, b: 0, alpha: 1 } as const;

/** Each box lies inside the image (in its own pixels); the first one outside is refused by number. */
export function checkBoxesInside(boxes: readonly ImageBox[], width: number, height: number) {
  boxes.forEach((box, i) => {
    if (box.x + box.width > width || box.y + box.height > height) {
      const detail = m.boxOutside(i + 1, width, height);
      throw new InvalidInputError(detail, { boxes: detail });
    }
  });
}

/** The image with the boxes burned in, in its own format (JPEG or PNG), without any metadata. */
export async function burnBoxes(image: Buffer, contentType: string, boxes: readonly ImageBox[]): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height, hasAlpha } = await sharp(image).metadata();
  if (!width || !height) throw new InvalidInputError(m.noImage, { boxes: m.noImage });
  checkBoxesInside(boxes, width, height);
  let burned = sharp(image).composite(
    boxes.map((b) => ({ input: { create: { width: b.width, height: b.height, channels: 4 as const, background: OPAQUE } }, left: b.x, top: b.y })),
  );
  // Compositing adds an alpha channel; an image without one keeps its three channels.
  if (!hasAlpha) burned = burned.removeAlpha();
  // sharp writes no metadata unless asked to (no EXIF, XMP, IPTC nor ICC comments).
  return contentType === 'image/png' ? burned.png({ compressionLevel: 9 }).toBuffer() : burned.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** Burns the boxes into the image of a letter in review and replaces its stored file; audited. */
export async function redactLetterImage(db: Db, input: { actor: Actor; letterId: number; boxes: ImageBox[]; imageVersion?: string; ip?: string }) {
  return db.transaction(async (tx) => {
    const [letter] = await tx.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, input.letterId)).for('update');
    if (!letter) throw new NotFoundError(m.letterNotFound);
    if (letter.status !== 'in_review') throw new ConflictError(m.notInReview);
    const purpose = letter.direction === 'to_child' ? 'photo' : 'scan';
    const [file] = await tx.select().from(sponsorshipLetterFiles).where(eq(sponsorshipLetterFiles.letterId, letter.id)).for('update');
    if (!file || file.purpose !== purpose) throw new ConflictError(m.noImage, { boxes: m.noImage });
    if (file.contentType === 'application/pdf') throw new ConflictError(m.pdfNotRedactable, { boxes: m.pdfNotRedactable });
    // Boxes drawn on an image that was replaced since would cover the wrong places.
    if (input.imageVersion && input.imageVersion !== fileVersion(file.sha256)) throw new ConflictError(m.imageChanged, { boxes: m.imageChanged });
    const data = await burnBoxes(file.data, file.contentType, input.boxes);
    const now = new Date();
    const boxes = file.redactedBoxes + input.boxes.length;
    const sha256 = createHash('sha256').update(data).digest('hex');
    await tx
      .update(sponsorshipLetterFiles)
      .set({ data, sizeBytes: data.length, sha256, redactedBoxes: boxes, redactedAt: now })
      .where(eq(sponsorshipLetterFiles.id, file.id));
    await tx.update(sponsorshipLetters).set({ updatedAt: now }).where(eq(sponsorshipLetters.id, letter.id));
    await audit(tx, {
      actor: input.actor,
      action: 'letter.image_redacted',
      entityType: 'sponsorship_letter',
      entityId: letter.id,
      details: { purpose, boxes: input.boxes, totalBoxes: boxes },
      ip: input.ip ?? null,
    });
    return { imageBoxes: boxes, imageVersion: fileVersion(sha256) };
  });
}

/**
 * How the letter's image is cleared when it is approved: null without an image, 'redacted' once boxes
 * were burned into it, 'confirmed' when staff confirm it shows no contact details; otherwise refused.
 */
export async function imageReviewAtApproval(tx: Db, letterId: number, confirmed: boolean, version?: string): Promise<LetterImageReview | null> {
  const files = await tx
    .select({ boxes: sponsorshipLetterFiles.redactedBoxes, sha256: sponsorshipLetterFiles.sha256 })
    .from(sponsorshipLetterFiles)
    .where(eq(sponsorshipLetterFiles.letterId, letterId));
  if (files.length === 0) return null;
  // Staff vouch for the image they saw: another one uploaded since is refused, to be looked at again.
  if (version && files.some((f) => fileVersion(f.sha256) !== version)) throw new ConflictError(m.imageChanged, { imageConfirmed: m.imageChanged });
  if (files.every((f) => f.boxes > 0)) return 'redacted';
  if (confirmed) return 'confirmed';
  throw new ConflictError(m.imageNotReviewed, { imageConfirmed: m.imageNotReviewed });
}
