// The dispatcher of the payment provider's events (decision 0032). The provider's adapter has already
// read each webhook into the product's own event (domain/payments/events.ts); here it is stored once
// and sent to the capability it is about: a monthly gift's subscription and charges to monthly/, a
// one-time gift's payment to payments/. It sits in giving/, above both, so neither imports the other.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations, paymentEvents } from '../../db/schema';
import type { DonationRow } from '../ledger/transitions';
import { applyMonthlyEvent } from '../monthly/provider-events';
import { type ProviderEventContext, donationOfCheckout, findByReference, isGateway } from '../payments/checkouts';
import { type PaymentEvent, type ReceivedEvent, checkoutIdOf, isMonthlyEvent } from '../payments/events';
import type { Unapplied } from '../payments/problems';
import { applyPaymentEvent } from '../payments/settlement';

export interface WebhookResult {
  duplicate: boolean;
  eventType: string;
  donationId: number | null;
}

const paymentFactsOf = (event: PaymentEvent) => (event.kind === 'paid' || event.kind === 'failed' || event.kind === 'transfer_pending' ? event.payment : null);

/**
 * The donation a payment event names: by its checkout (the latest or an earlier one of a donation);
 * only an event naming no checkout is looked up by the reference sent with it. An event naming a
 * checkout never opened here finds nothing: the reference in its metadata could name any donation.
 */
async function donationOf(db: Database, ctx: ProviderEventContext, received: ReceivedEvent): Promise<DonationRow | null> {
  const checkoutId = checkoutIdOf(received.event);
  if (checkoutId) {
    const [row] = await db.select().from(donations).where(eq(donations.checkoutId, checkoutId)).limit(1);
    return row ?? donationOfCheckout(db, ctx.provider.name, checkoutId);
  }
  const reference = paymentFactsOf(received.event)?.donationReference;
  return reference ? findByReference(db, reference) : null;
}

/**
 * Stores a verified event once (the delivery id is unique: a replay changes nothing) and applies it.
 * Why it could not be applied is kept with the stored event for staff. The gateway's webhooks and the
 * demo's simulated card (./simulated-payments.ts) both come here.
 */
export async function receiveWebhook(db: Database, ctx: ProviderEventContext, received: ReceivedEvent): Promise<WebhookResult> {
  const eventType = received.providerType;
  const donation = await donationOf(db, ctx, received);
  const facts = paymentFactsOf(received.event);
  const [stored] = await db
    .insert(paymentEvents)
    .values({
      provider: ctx.provider.name,
      eventId: received.deliveryId,
      eventType,
      objectId: received.objectId,
      checkoutId: checkoutIdOf(received.event),
      donationId: donation?.id ?? null,
      paymentId: facts?.paymentId ?? null,
      amountCents: facts?.amountCents ?? null,
      currency: facts?.currency ?? null,
      payload: received.payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!stored) return { duplicate: true, eventType, donationId: donation?.id ?? null };

  let unapplied: Unapplied | null = null;
  let donationId = donation?.id ?? null;
  const { event } = received;
  try {
    // Only a gateway's events are about subscriptions; the demo's monthly charges are its monthly job's.
    if (isMonthlyEvent(event)) ({ unapplied, donationId } = isGateway(ctx) ? await applyMonthlyEvent(db, ctx, event) : { unapplied: null, donationId });
    else if (event.kind === 'paid' || event.kind === 'failed' || event.kind === 'transfer_pending') unapplied = await applyPaymentEvent(db, ctx, event, donation);
  } catch (err) {
    unapplied = { problem: null, error: (err as Error).message.slice(0, 500) };
  }
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, error: unapplied?.error ?? null, problem: unapplied?.problem ?? null, donationId })
    .where(eq(paymentEvents.id, stored.id));
  return { duplicate: false, eventType, donationId };
}
