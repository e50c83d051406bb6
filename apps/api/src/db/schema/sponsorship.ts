// Children's sponsorship (docs/product.md#sponsorship, decision 0048). Which of a child's fields the
// public, a sponsor or staff may see is declared once in packages/shared/src/schemas/sponsorship.ts;
// these tables hold every field, the response schemas decide what leaves the API.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CHILD_STATUSES,
  CONSENT_SCOPES,
  OFFER_CHOICES,
  SPONSORSHIP_STATUSES,
} from '@donaciones/shared/schemas/sponsorship-codes';
import { tz, createdAt, cents, sqlList, byteaColumn } from './columns';
import { users } from './accounts';
import { programs } from './content';
import { donors } from './donors';
import { recurringGifts } from './monthly';

/**
 * A child of the sponsorship programme. `waiting_since` orders the waiting list (longest first);
 * `sponsor_places` is how many sponsors the child may have at once. `story` is the text as staff last
 * saved it; the public reads `approved_story`, the text last approved (at `story_approved_at`), and
 * only while a current consent covers it. An edit waits for approval (decision 0072).
 */
export const sponsoredChildren = pgTable(
  'sponsored_children',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    department: text('department').notNull(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    story: text('story').notNull().default(''),
    approvedStory: text('approved_story'),
    storyApprovedAt: tz('story_approved_at'),
    community: text('community').notNull().default(''),
    school: text('school').notNull().default(''),
    guardianName: text('guardian_name').notNull().default(''),
    familySituation: text('family_situation').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: CHILD_STATUSES }).notNull().default('waiting'),
    statusReason: text('status_reason'),
    waitingSince: tz('waiting_since').notNull().defaultNow(),
    sponsorPlaces: integer('sponsor_places').notNull().default(1),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sponsored_children_waiting_idx').on(t.status, t.waitingSince),
    check('sponsored_children_status_valid', sql`${t.status} IN (${sqlList(CHILD_STATUSES)})`),
    check('sponsored_children_left_reason', sql`${t.status} <> 'left' OR coalesce(${t.statusReason}, '') <> ''`),
    check('sponsored_children_places', sql`${t.sponsorPlaces} BETWEEN 1 AND 5`),
  ],
);

/**
 * A guardian's consent: who gave it, when, for what (`scope`) and until when. A photo is shown only
 * while one of the child's consents covering photos is current (checked at read time), so an expired
 * or revoked consent hides the photos everywhere at once.
 */
export const childConsents = pgTable(
  'child_consents',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'cascade' }),
    givenBy: text('given_by').notNull(),
    relationship: text('relationship').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    scope: text('scope', { enum: CONSENT_SCOPES }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    revokedAt: tz('revoked_at'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('child_consents_child_idx').on(t.childId, t.expiresOn),
    check('child_consents_scope_valid', sql`${t.scope} IN (${sqlList(CONSENT_SCOPES)})`),
    check('child_consents_dates', sql`${t.expiresOn} > ${t.givenOn}`),
  ],
);

/** A child's photo, re-encoded without metadata (the slip pipeline), served only through the API. */
export const childPhotos = pgTable(
  'child_photos',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: byteaColumn('data').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('child_photos_child_idx').on(t.childId, t.createdAt)],
);

/**
 * One sponsor's place with one child. `place` (1..sponsor_places) is unique among the child's held
 * and active sponsorships, so two people can never take the same place. A hold lasts until
 * `held_until`; the first completed payment of `recurring_gift_id` makes it active.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'restrict' }),
    place: integer('place').notNull(),
    status: text('status', { enum: SPONSORSHIP_STATUSES }).notNull().default('held'),
    holdToken: text('hold_token').notNull(),
    heldUntil: tz('held_until').notNull(),
    /** The internet address the place was held from: one address holds few places unpaid at once (decision 0064). */
    heldFrom: text('held_from'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    donorId: integer('donor_id').references(() => donors.id, { onDelete: 'set null' }),
    recurringGiftId: integer('recurring_gift_id').references(() => recurringGifts.id, { onDelete: 'set null' }),
    sponsorName: text('sponsor_name'),
    sponsorEmail: text('sponsor_email'),
    amountCents: cents('amount_cents').notNull(),
    codeOfConductAcceptedAt: tz('code_of_conduct_accepted_at'),
    startedAt: tz('started_at'),
    endedAt: tz('ended_at'),
    endReason: text('end_reason'),
    /** A sponsor stopped: the place stays taken (the child off the list) until then (decision 0051). */
    placeFreeAt: tz('place_free_at'),
    /** The child left: the sponsor may choose until then; `offer_choice` is what they chose. */
    offerUntil: tz('offer_until'),
    offerChoice: text('offer_choice', { enum: OFFER_CHOICES }),
    offerChosenAt: tz('offer_chosen_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sponsorships_child_place_taken_key')
      .on(t.childId, t.place)
      .where(sql`status IN ('held', 'active')`),
    uniqueIndex('sponsorships_hold_token_key').on(t.holdToken),
    index('sponsorships_gift_idx').on(t.recurringGiftId),
    index('sponsorships_user_idx').on(t.userId, t.status),
    index('sponsorships_status_held_idx').on(t.status, t.heldUntil),
    index('sponsorships_open_offers_idx').on(t.offerUntil).where(sql`offer_until IS NOT NULL AND offer_choice IS NULL`),
    index('sponsorships_place_grace_idx').on(t.childId, t.placeFreeAt).where(sql`place_free_at IS NOT NULL`),
    check('sponsorships_offer_choice_valid', sql`${t.offerChoice} IS NULL OR ${t.offerChoice} IN (${sqlList(OFFER_CHOICES)})`),
    check('sponsorships_status_valid', sql`${t.status} IN (${sqlList(SPONSORSHIP_STATUSES)})`),
    check('sponsorships_place_positive', sql`${t.place} >= 1`),
    check('sponsorships_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
