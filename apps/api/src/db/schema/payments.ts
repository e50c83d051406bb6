// What payment providers reported (docs/product.md#payments). Money is integer cents.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { donations } from './ledger';

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
  },
  (t) => [uniqueIndex('payment_events_event_key').on(t.provider, t.eventId), index('payment_events_donation_idx').on(t.donationId, t.receivedAt)],
);
