// Payments that need staff (docs/product.md#payments): money a provider reported that completed
// nothing (an amount or currency that is not the charge's, a checkout never opened here) and a second
// payment of a donation already settled, which staff refund with one click through the provider.
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { formatCents, fromCents } from '@donaciones/shared/format';
import type { PaymentEventView, PaymentProblem, PaymentProblemView } from '@donaciones/shared/schemas/payments';
import type { Database, Db } from '../../db/client';
import { donations, paymentEvents } from '../../db/schema';
import { ProviderFailedError, conflict, notFound } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import type { PaymentContext } from './checkouts';
import type { PaymentFacts } from './events';
import { ProviderError } from './provider';

/** Why an event's payment was not applied: a problem staff see, with the Spanish reason. */
export interface Unapplied {
  problem: PaymentProblem | null;
  error: string;
}

/**
 * A paid event completes a charge only when it carries whole cents (the adapter reads anything else as
 * absent) and exactly the charge's amount and currency. Returns why not, or null.
 */
export function amountMismatch(facts: Pick<PaymentFacts, 'amountCents' | 'currency'>, charge: { amountCents: number; currency: string }): Unapplied | null {
  const { amountCents, currency } = facts;
  if (amountCents == null || currency == null) return { problem: 'amount_mismatch', error: paymentMessages.amountMissing };
  if (amountCents === charge.amountCents && currency === charge.currency) return null;
  return { problem: 'amount_mismatch', error: paymentMessages.amountMismatch(formatCents(amountCents, currency), formatCents(charge.amountCents, charge.currency)) };
}

/** A payment whose id is not the one that settled the donation: the donor paid twice. */
export function duplicateOf(settled: { paymentReference: string | null; referenceCode: string }, paymentId: string | null): Unapplied | null {
  if (!paymentId || !settled.paymentReference || settled.paymentReference === paymentId) return null;
  return { problem: 'duplicate_payment', error: paymentMessages.duplicatePayment(settled.referenceCode) };
}

type EventRow = Pick<
  typeof paymentEvents.$inferSelect,
  'id' | 'provider' | 'eventId' | 'eventType' | 'receivedAt' | 'processedAt' | 'error' | 'paymentId' | 'amountCents' | 'currency' | 'problem' | 'refundedAt'
>;

const eventColumns = {
  id: paymentEvents.id,
  provider: paymentEvents.provider,
  eventId: paymentEvents.eventId,
  eventType: paymentEvents.eventType,
  receivedAt: paymentEvents.receivedAt,
  processedAt: paymentEvents.processedAt,
  error: paymentEvents.error,
  paymentId: paymentEvents.paymentId,
  amountCents: paymentEvents.amountCents,
  currency: paymentEvents.currency,
  problem: paymentEvents.problem,
  refundedAt: paymentEvents.refundedAt,
};

const refundableEvent = (e: EventRow, ctx: PaymentContext | null) =>
  ctx != null && e.problem === 'duplicate_payment' && e.refundedAt == null && e.paymentId != null && e.provider === ctx.provider.name;

export function eventView(e: EventRow, ctx: PaymentContext | null): PaymentEventView {
  return {
    id: e.id,
    event_id: e.eventId,
    event_type: e.eventType,
    received_at: e.receivedAt.toISOString(),
    processed_at: e.processedAt?.toISOString() ?? null,
    error: e.error,
    payment_id: e.paymentId,
    amount: e.amountCents == null ? null : fromCents(e.amountCents),
    currency: e.currency,
    problem: e.problem,
    refundable: refundableEvent(e, ctx),
    refunded_at: e.refundedAt?.toISOString() ?? null,
  };
}

/** The payment events of one donation, oldest first (admin detail). */
export async function paymentEventsOf(db: Db, ctx: PaymentContext | null, donationId: number): Promise<PaymentEventView[]> {
  const rows = await db.select(eventColumns).from(paymentEvents).where(eq(paymentEvents.donationId, donationId)).orderBy(paymentEvents.receivedAt, paymentEvents.id);
  return rows.map((e) => eventView(e, ctx));
}

/** Every payment that needs staff, newest first; refunded duplicates stay listed as refunded. */
export async function paymentProblems(db: Db, ctx: PaymentContext | null, limit = 200): Promise<PaymentProblemView[]> {
  const rows = await db
    .select({ ...eventColumns, donationId: paymentEvents.donationId, referenceCode: donations.referenceCode })
    .from(paymentEvents)
    .leftJoin(donations, eq(donations.id, paymentEvents.donationId))
    .where(isNotNull(paymentEvents.problem))
    .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
    .limit(limit);
  return rows.map((e) => ({ ...eventView(e, ctx), donation_id: e.donationId, reference_code: e.referenceCode }));
}

/**
 * ADMIN refunds a duplicate payment through the provider (`POST /refunds`, as every refund). The
 * donation it duplicated stays completed with its receipt: only the second payment goes back.
 */
export async function refundDuplicatePayment(db: Database, ctx: PaymentContext, input: { eventId: number; actor: Actor; ip?: string | null }): Promise<PaymentEventView> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(paymentEvents).where(eq(paymentEvents.id, input.eventId)).for('update').limit(1);
    if (!event) throw notFound();
    if (!refundableEvent(event, ctx)) throw conflict(paymentMessages.notDuplicateRefundable);
    let refund;
    try {
      refund = await ctx.provider.refund(event.paymentId as string);
    } catch (err) {
      if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.refundFailed(err.detail ?? paymentMessages.providerUnavailable));
      throw err;
    }
    const [updated] = await tx
      .update(paymentEvents)
      .set({ refundId: refund.id || null, refundedAt: sql`now()` })
      .where(eq(paymentEvents.id, event.id))
      .returning();
    await audit(tx, {
      actor: input.actor,
      action: 'payment.duplicate_refund',
      entityType: 'donation',
      entityId: event.donationId,
      details: { payment_id: event.paymentId, amount_cents: event.amountCents, currency: event.currency, refund_id: refund.id, refund_status: refund.status },
      ip: input.ip,
    });
    return eventView(updated, ctx);
  });
}
