// Monthly giving (docs/product.md#monthly-giving). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MONTHLY_CANCELLED_BY, MONTHLY_GIFT_STATUSES } from '@donaciones/shared/schemas/monthly';
import { tz, createdAt, cents, sqlList } from './columns';
import { users } from './accounts';
import { programs } from './content';

/**
 * A monthly gift (decision 0022): the provider's subscription (`subscription_id`, su_..., null until
 * the provider reports it), opened by the checkout `checkout_id`; its donations point here.
 * `replaces_gift_id` is the gift a change of amount (or of card) replaces once this one's first payment
 * succeeds. `provider` is 'recurrente' or 'simulated' (the offline demo, whose renewals a job charges).
 */
export const recurringGifts = pgTable(
  'recurring_gifts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id'),
    checkoutId: text('checkout_id'),
    provider: text('provider').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('GTQ'),
    status: text('status', { enum: MONTHLY_GIFT_STATUSES }).notNull().default('incomplete'),
    nextChargeAt: tz('next_charge_at'),
    startedAt: tz('started_at'),
    cancelledAt: tz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: MONTHLY_CANCELLED_BY }),
    /** The designation (migration 0028): every charge of the gift is inserted with it; null is "Donde más se necesite". */
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    replacesGiftId: integer('replaces_gift_id').references((): AnyPgColumn => recurringGifts.id, { onDelete: 'set null' }),
    pastDueReason: text('past_due_reason'),
    /** A change of amount waiting for its date (`pending_from`, the next charge date it was asked before). */
    pendingAmountCents: cents('pending_amount_cents'),
    pendingFrom: tz('pending_from'),
    /** A pause asked by the donor: no charge before this date, when the schedule resumes by itself. */
    pausedUntil: tz('paused_until'),
    /** A gift paid by bank transfer (provider 'transfer', migration 0029): the reference on each transfer. */
    transferReference: text('transfer_reference'),
    /** The import that brought the gift in (decision 0045). */
    importId: integer('import_id'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recurring_gifts_subscription_key').on(t.subscriptionId),
    uniqueIndex('recurring_gifts_checkout_key').on(t.checkoutId),
    index('recurring_gifts_email_idx').on(t.donorEmail, t.status),
    index('recurring_gifts_user_idx').on(t.userId),
    index('recurring_gifts_status_next_idx').on(t.status, t.nextChargeAt),
    // The console's list of monthly gifts, newest first (migration 0030).
    index('recurring_gifts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('recurring_gifts_program_idx').on(t.programId).where(sql`${t.programId} IS NOT NULL`),
    uniqueIndex('recurring_gifts_transfer_reference_key').on(t.transferReference).where(sql`${t.transferReference} IS NOT NULL`),
    check('recurring_gifts_transfer_reference_format', sql`${t.transferReference} IS NULL OR ${t.transferReference} ~ '^[A-Z0-9]{4,20}$'`),
    check('recurring_gifts_amount_positive', sql`${t.amountCents} > 0`),
    check('recurring_gifts_pending_amount_positive', sql`${t.pendingAmountCents} IS NULL OR (${t.pendingAmountCents} > 0 AND ${t.pendingFrom} IS NOT NULL)`),
    check('recurring_gifts_status_valid', sql`${t.status} IN (${sqlList(MONTHLY_GIFT_STATUSES)})`),
    check('recurring_gifts_cancelled_by_valid', sql`${t.cancelledBy} IN (${sqlList(MONTHLY_CANCELLED_BY)})`),
  ],
);
