// Corrections of the donation ledger (docs/product.md#the-donation-ledger, migration 0023): a void, an
// adjusted deposit amount or a reopened deposit is a new row with who, when and why; nothing earlier changes.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DONATION_STATUSES } from '@donaciones/shared/constants';
import { cents, createdAt } from './columns';
import { users } from './accounts';
import { donations } from './ledger';

export const CORRECTION_KINDS = ['void', 'amount_adjusted', 'reopen'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

export const donationCorrections = pgTable(
  'donation_corrections',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CORRECTION_KINDS }).notNull(),
    reason: text('reason').notNull(),
    fromStatus: text('from_status', { enum: DONATION_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: DONATION_STATUSES }).notNull(),
    fromAmountCents: cents('from_amount_cents').notNull(),
    toAmountCents: cents('to_amount_cents').notNull(),
    currency: text('currency').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('donation_corrections_donation_idx').on(t.donationId, t.createdAt),
    index('donation_corrections_created_idx').on(t.createdAt),
    check('donation_corrections_kind_valid', sql`${t.kind} IN ('void','amount_adjusted','reopen')`),
    check('donation_corrections_reason_present', sql`length(btrim(${t.reason})) > 0`),
    check('donation_corrections_amounts_positive', sql`${t.fromAmountCents} > 0 AND ${t.toAmountCents} > 0`),
  ],
);
