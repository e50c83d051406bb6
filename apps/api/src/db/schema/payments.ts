// What payment providers reported (docs/product.md#payments). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cents, sqlList, tz } from './columns';
import { donations } from './ledger';
import { PAYMENT_PROBLEMS, type PaymentProblem } from '@donaciones/shared/schemas/payments';

/**
 * Every webhook delivery a payment provider sent, kept as received. `event_id` is the delivery's own
 * id (svix-id), so a replay or duplicate is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The provider's object id (pa_..., ba_...) and the checkout it belongs to, when present. */
    objectId: text('object_id'),
    checkoutId: text('checkout_id'),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
    processedAt: tz('processed_at'),
    error: text('error'),
    /** The payment the event reported, with its amount and currency as the provider's adapter read them. */
    paymentId: text('payment_id'),
    amountCents: cents('amount_cents'),
    currency: text('currency'),
    /** Why staff must look at it: money that completed nothing, or a second payment of a settled donation. */
    problem: text('problem').$type<PaymentProblem>(),
    /** A duplicate payment refunded by staff. */
    refundId: text('refund_id'),
    refundedAt: tz('refunded_at'),
  },
  (t) => [
    uniqueIndex('payment_events_event_key').on(t.provider, t.eventId),
    index('payment_events_donation_idx').on(t.donationId, t.receivedAt),
    index('payment_events_problem_idx').on(t.receivedAt).where(sql`${t.problem} IS NOT NULL`),
    check('payment_events_problem_valid', sql`${t.problem} IS NULL OR ${t.problem} IN (${sqlList(PAYMENT_PROBLEMS)})`),
  ],
);

/**
 * Every checkout opened for a donation (the donation's row holds only the latest): an event of an
 * earlier checkout still finds its donation; an event naming a checkout never opened here finds none.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    checkoutId: text('checkout_id').primaryKey(),
    provider: text('provider').notNull(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    openedAt: tz('opened_at').notNull().defaultNow(),
    /** When "Intentar de nuevo" expired it at the provider, so it can no longer be paid. */
    expiredAt: tz('expired_at'),
  },
  (t) => [index('payment_checkouts_donation_idx').on(t.donationId)],
);
