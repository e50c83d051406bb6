// Sponsorship letters (docs/product.md#sponsorship-letters, decision 0049). `body` is what was written
// and only staff read it; `shared_body` is the approved text, contact details replaced by "[retirado]",
// the only text the other side ever receives.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LetterFlag } from '@donaciones/shared/letter-flags';
import { LETTER_DIRECTIONS, LETTER_FILE_PURPOSES, LETTER_IMAGE_REVIEWS, LETTER_STATUSES } from '@donaciones/shared/schemas/letter-codes';
import { tz, createdAt, sqlList, byteaColumn } from './columns';
import { users } from './accounts';
import { sponsoredChildren, sponsorships } from './sponsorship';

export const sponsorshipLetters = pgTable(
  'sponsorship_letters',
  {
    id: serial('id').primaryKey(),
    sponsorshipId: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'restrict' }),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'restrict' }),
    direction: text('direction', { enum: LETTER_DIRECTIONS }).notNull(),
    status: text('status', { enum: LETTER_STATUSES }).notNull().default('in_review'),
    body: text('body').notNull(),
    flags: jsonb('flags').$type<LetterFlag[]>().notNull().default([]),
    sharedBody: text('shared_body'),
    translation: text('translation'),
    overrideReason: text('override_reason'),
    returnReason: text('return_reason'),
    /** How its image was cleared at approval (decision 0056); null without an image or before approval. */
    imageReview: text('image_review', { enum: LETTER_IMAGE_REVIEWS }),
    writtenByUserId: integer('written_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: tz('reviewed_at'),
    deliveredAt: tz('delivered_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sponsorship_letters_queue_idx').on(t.status, t.createdAt),
    index('sponsorship_letters_sponsorship_idx').on(t.sponsorshipId, t.createdAt),
    check('sponsorship_letters_direction_valid', sql`${t.direction} IN (${sqlList(LETTER_DIRECTIONS)})`),
    check('sponsorship_letters_status_valid', sql`${t.status} IN (${sqlList(LETTER_STATUSES)})`),
    check('sponsorship_letters_returned_reason', sql`${t.status} <> 'returned' OR coalesce(${t.returnReason}, '') <> ''`),
    check('sponsorship_letters_cleared_text', sql`${t.status} NOT IN ('approved','delivered') OR ${t.sharedBody} IS NOT NULL`),
    check('sponsorship_letters_image_review_valid', sql`${t.imageReview} IS NULL OR ${t.imageReview} IN (${sqlList(LETTER_IMAGE_REVIEWS)})`),
  ],
);

/** A letter's photo (the sponsor's) or scan (the child's reply), re-encoded without metadata, with any boxes staff burned in. */
export const sponsorshipLetterFiles = pgTable(
  'sponsorship_letter_files',
  {
    id: serial('id').primaryKey(),
    letterId: integer('letter_id')
      .notNull()
      .references(() => sponsorshipLetters.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: LETTER_FILE_PURPOSES }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: byteaColumn('data').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Opaque boxes burned into `data` by staff (decision 0056): the original is replaced, not kept. */
    redactedBoxes: integer('redacted_boxes').notNull().default(0),
    redactedAt: tz('redacted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sponsorship_letter_files_one_per_purpose').on(t.letterId, t.purpose),
    check('sponsorship_letter_files_purpose_valid', sql`${t.purpose} IN (${sqlList(LETTER_FILE_PURPOSES)})`),
  ],
);
