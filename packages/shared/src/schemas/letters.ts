// Sponsorship letters (docs/product.md#sponsorship-letters): requests and answers. A sponsor's answer
// never holds another sponsor's data, a reply before approval, nor a reply's original text: only the
// approved text (`shared_body`) with contact details replaced by "[retirado]".
import { z } from 'zod';
import { LETTER_FLAG_KINDS } from '../letter-flags';
import { LETTER_IMAGE_MAX_BOXES, LETTER_MAX_CHARS, LETTER_MIN_CHARS, letterMessages as m } from '../messages/letters';
import { LETTER_DIRECTIONS, LETTER_IMAGE_REVIEWS, LETTER_STATUSES } from './letter-codes';
import { ROW_ID_MAX, decimalId } from './fields';

export * from './letter-codes';

/** A too-long text's message, given the length it has (after trimming, as the limit counts it). */
const tooLong = (message: (length: number) => string) => (issue: { input?: unknown }) => message(String(issue.input ?? '').length);

const reason = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(5, { error: m.reasonRequired })
  .max(500, { error: m.reasonTooLong });

export const letterInputSchema = z.object({
  body: z
    .string({ error: m.bodyTooShort })
    .trim()
    .min(LETTER_MIN_CHARS, { error: m.bodyTooShort })
    .max(LETTER_MAX_CHARS, { error: tooLong(m.bodyTooLong) }),
});
export type LetterInput = z.infer<typeof letterInputSchema>;

export const sponsorshipParamsSchema = z.object({ sponsorshipId: decimalId });

/** A sponsor's view of one letter: their own (with its state) or an approved reply. */
export const ownLetterSchema = z.object({
  id: z.number().int(),
  direction: z.enum(LETTER_DIRECTIONS),
  status: z.enum(LETTER_STATUSES),
  /** Their own letter: what they wrote, or once approved the text the child receives; a reply: its approved text. */
  body: z.string(),
  translation: z.string().nullable(),
  returnReason: z.string().nullable(),
  hasPhoto: z.boolean(),
  hasScan: z.boolean(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type OwnLetter = z.infer<typeof ownLetterSchema>;

export const ownLettersSchema = z.object({
  sponsorshipId: z.number().int(),
  childFirstName: z.string(),
  canWrite: z.boolean(),
  letters: z.array(ownLetterSchema),
});
export type OwnLetters = z.infer<typeof ownLettersSchema>;

export const letterFlagSchema = z.object({
  kind: z.enum(LETTER_FLAG_KINDS),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
});

export const staffLetterSchema = z.object({
  id: z.number().int(),
  sponsorshipId: z.number().int(),
  childId: z.number().int(),
  childFirstName: z.string(),
  community: z.string(),
  /** The child left the programme (staff see the status on the child's record): a letter to them is not delivered. */
  childLeft: z.boolean(),
  sponsorName: z.string(),
  direction: z.enum(LETTER_DIRECTIONS),
  status: z.enum(LETTER_STATUSES),
  body: z.string(),
  flags: z.array(letterFlagSchema),
  sharedBody: z.string().nullable(),
  translation: z.string().nullable(),
  overrideReason: z.string().nullable(),
  returnReason: z.string().nullable(),
  hasPhoto: z.boolean(),
  hasScan: z.boolean(),
  /** Opaque boxes burned into the letter's image so far (decision 0056). */
  imageBoxes: z.number().int(),
  /** Which version of the image staff look at (its digest's start); null without an image. */
  imageVersion: z.string().nullable(),
  /** How the image was cleared at approval: boxes burned, or confirmed to show no contact details. */
  imageReview: z.enum(LETTER_IMAGE_REVIEWS).nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Hours from arrival to review; while in review, hours waiting so far. */
  serviceHours: z.number(),
});
export type StaffLetter = z.infer<typeof staffLetterSchema>;

export const letterQueueQuerySchema = z.object({ status: z.enum(LETTER_STATUSES).default('in_review') });
export const letterQueueSchema = z.object({ letters: z.array(staffLetterSchema) });

const span = z.object({ start: z.number().int().min(0), end: z.number().int().min(1) });

export const approveLetterSchema = z.object({
  redactions: z.array(span).max(200).default([]),
  overrideReason: reason.optional(),
  translation: z.string().trim().max(LETTER_MAX_CHARS, { error: tooLong(m.translationTooLong) }).optional(),
  /** Staff confirm the letter's image shows no contact details (instead of burning boxes into it). */
  imageConfirmed: z.boolean().optional(),
  /** The image version staff reviewed: refused if another image was uploaded since. */
  imageVersion: z.string().max(64).optional(),
});
export type ApproveLetterInput = z.input<typeof approveLetterSchema>;

export const returnLetterSchema = z.object({ reason });

export const replyInputSchema = z.object({
  /** The sponsorship the reply answers; staff read its number on the child's record ("Quienes apadrinan"). */
  sponsorshipId: z
    .number({ error: m.sponsorshipNumberInvalid })
    .int({ error: m.sponsorshipNumberInvalid })
    .positive({ error: m.sponsorshipNumberInvalid })
    .max(ROW_ID_MAX, { error: m.sponsorshipNumberInvalid }),
  body: z.string({ error: m.transcriptionRequired }).trim().min(1, { error: m.transcriptionRequired }).max(LETTER_MAX_CHARS, { error: tooLong(m.bodyTooLong) }),
  translation: z.string().trim().max(LETTER_MAX_CHARS, { error: tooLong(m.translationTooLong) }).optional(),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const letterFileParamsSchema = z.object({ id: decimalId, purpose: z.enum(['photo', 'scan']) });

const pixel = (min: number) => z.number({ error: m.boxWhole }).int({ error: m.boxWhole }).min(min, { error: min === 0 ? m.boxWhole : m.boxTooSmall }).max(100_000, { error: m.boxWhole });

/** A box in the image's own pixels, from its top-left corner; that it lies inside the image is checked by the API. */
export const imageBoxSchema = z.object({ x: pixel(0), y: pixel(0), width: pixel(1), height: pixel(1) });
export type ImageBox = z.infer<typeof imageBoxSchema>;

/** Boxes to burn into a letter's photo or scan (decision 0056). */
export const redactLetterImageSchema = z.object({
  /** The image version the boxes were drawn on: refused if another image was uploaded since. */
  imageVersion: z.string().max(64).optional(),
  boxes: z.array(imageBoxSchema, { error: m.boxesRequired }).min(1, { error: m.boxesRequired }).max(LETTER_IMAGE_MAX_BOXES, { error: m.boxesTooMany }),
});
export type RedactLetterImageInput = z.infer<typeof redactLetterImageSchema>;
