// Sponsorship letters (docs/product.md#sponsorship-letters): requests and answers. A sponsor's answer
// never holds another sponsor's data, a reply before approval, nor a reply's original text: only the
// approved text (`shared_body`) with contact details replaced by "[retirado]".
import { z } from 'zod';
import { LETTER_FLAG_KINDS } from '../letter-flags';
import { LETTER_MAX_CHARS, LETTER_MIN_CHARS, letterMessages as m } from '../messages/letters';
import { LETTER_DIRECTIONS, LETTER_STATUSES } from './letter-codes';
import { ROW_ID_MAX, decimalId } from './fields';

export * from './letter-codes';

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
    .max(LETTER_MAX_CHARS, { error: m.bodyTooLong }),
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
  translation: z.string().trim().max(LETTER_MAX_CHARS, { error: m.translationTooLong }).optional(),
});
export type ApproveLetterInput = z.input<typeof approveLetterSchema>;

export const returnLetterSchema = z.object({ reason });

export const replyInputSchema = z.object({
  sponsorshipId: z.number().int().positive().max(ROW_ID_MAX),
  body: z.string({ error: m.transcriptionRequired }).trim().min(1, { error: m.transcriptionRequired }).max(LETTER_MAX_CHARS, { error: m.bodyTooLong }),
  translation: z.string().trim().max(LETTER_MAX_CHARS, { error: m.translationTooLong }).optional(),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const letterFileParamsSchema = z.object({ id: decimalId, purpose: z.enum(['photo', 'scan']) });
