// Card donations settled by their provider (docs/product.md#payments). A donation waits `pending`
// while the donor pays on the provider's page; it is settled by whichever comes first of the signed
// webhook, the return page's status call, or the reconciliation job. Each of them goes through the
// ledger's locked transition, so the first one wins and the others find nothing to do; what follows
// (receipt, emails, the monthly gift) is the ledger's completion step.
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { donations } from '../../db/schema';
import { ConflictError } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import type { SettleSource } from '../ledger/completion';
import { type DonationRow, type PaymentDetails, type TransitionAction, transitionDonation } from '../ledger/transitions';
import type { PaymentFacts } from './events';
import type { PaymentContext, ProviderEventContext } from './checkouts';
import { type Unapplied, amountMismatch, duplicateOf } from './problems';
import type { CheckoutState } from './provider';

/** The job asks the provider about a pending checkout once it is this old (webhooks usually came first). */
export const RECONCILE_AFTER_MS = 3 * 60_000;
const RECONCILE_BATCH = 100;

/** What the ledger stores of a payment the provider reported. */
export function paymentDetails(facts: PaymentFacts): PaymentDetails {
  return {
    paymentId: facts.paymentId,
    paymentMethod: facts.method ?? 'card',
    cardLast4: facts.cardLast4,
    cardNetwork: facts.cardNetwork,
    feeCents: facts.feeCents,
    vatWithheldCents: facts.vatWithheldCents,
    failureReason: facts.failureReason ?? paymentMessages.declined,
  };
}

/**
 * Applies the provider's outcome through the ledger. Returns the updated row, or null when another
 * path already settled the donation (the ledger's 409), which is not an error here.
 */
export async function settle(
  db: Db,
  ctx: ProviderEventContext,
  input: { id: number; action: Extract<TransitionAction, 'pay' | 'decline' | 'expire'>; payment?: PaymentDetails; source: SettleSource },
): Promise<DonationRow | null> {
  try {
    return await transitionDonation(db, { id: input.id, action: input.action, actor: null, payment: input.payment, source: input.source, links: ctx });
  } catch (err) {
    if (err instanceof ConflictError) return null;
    throw err;
  }
}

/**
 * Adds what only the webhook tells (fee, VAT withheld, card, payment id) to a donation another path
 * already completed; what is already stored stays.
 */
export async function completeDetails(db: Db, id: number, payment: PaymentDetails): Promise<void> {
  await db
    .update(donations)
    .set({
      feeCents: sql`coalesce(${donations.feeCents}, ${payment.feeCents ?? null})`,
      vatWithheldCents: sql`coalesce(${donations.vatWithheldCents}, ${payment.vatWithheldCents ?? null})`,
      cardLast4: sql`coalesce(${donations.cardLast4}, ${payment.cardLast4 ?? null})`,
      cardBrand: sql`coalesce(${donations.cardBrand}, ${payment.cardNetwork ?? null})`,
      paymentReference: sql`coalesce(${donations.paymentReference}, ${payment.paymentId ?? null})`,
    })
    .where(and(eq(donations.id, id), eq(donations.status, 'completed')));
}

function paymentFromCheckout(state: CheckoutState): PaymentDetails {
  return { paymentId: state.paymentId, paymentMethod: state.paymentMethod, cardLast4: state.cardLast4, cardNetwork: state.cardNetwork };
}

/** Asks the provider about a pending donation's checkout and settles it when the answer is final. */
export async function checkWithProvider(db: Database, ctx: PaymentContext, row: DonationRow, source: SettleSource, now = new Date()): Promise<DonationRow> {
  if (row.status !== 'pending' || !row.checkoutId || row.paymentProvider !== ctx.provider.name) return row;
  const state = await ctx.provider.getCheckout(row.checkoutId);
  let settled: DonationRow | null = null;
  if (state.status === 'paid') {
    settled = await settle(db, ctx, { id: row.id, action: 'pay', payment: paymentFromCheckout(state), source });
  } else if (state.status === 'unpaid' && state.expiresAt && state.expiresAt <= now) {
    settled = await settle(db, ctx, { id: row.id, action: 'expire', source });
  }
  if (settled) return settled;
  const [current] = await db.select().from(donations).where(eq(donations.id, row.id)).limit(1);
  return current ?? row;
}

/** The reconciliation job: pending checkouts older than a few minutes are checked with the provider. */
export async function reconcilePendingCheckouts(
  db: Database,
  ctx: PaymentContext,
  options: { now?: Date; olderThanMs?: number; log?: { warn: (obj: object, msg: string) => void } } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? RECONCILE_AFTER_MS));
  const rows = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.status, 'pending'),
        isNotNull(donations.checkoutId),
        eq(donations.paymentProvider, ctx.provider.name),
        lt(donations.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(donations.updatedAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const row of rows) {
    try {
      const after = await checkWithProvider(db, ctx, row, 'reconcile', now);
      if (after.status !== 'pending') settled += 1;
      // Checked and still open: look again after another interval, not on every run.
      else await db.update(donations).set({ updatedAt: sql`now()` }).where(and(eq(donations.id, row.id), eq(donations.status, 'pending')));
    } catch (err) {
      options.log?.warn({ err, donationId: row.id }, 'checkout reconciliation failed');
    }
  }
  return settled;
}

/**
 * A one-time gift's payment event (the dispatcher sends the monthly ones to monthly/). Returns why it
 * could not be applied, or null. Events may come in any order: a decline after the payment finds a
 * completed donation and changes nothing; a payment after a decline completes it (the donor paid with
 * another card). A payment completes only its own amount and currency; a second payment of a settled
 * donation is flagged to staff to refund.
 */
export async function applyPaymentEvent(
  db: Database,
  ctx: ProviderEventContext,
  event: { kind: 'paid' | 'failed' | 'transfer_pending'; payment: PaymentFacts },
  donation: DonationRow | null,
): Promise<Unapplied | null> {
  if (!donation) {
    const unknown = event.payment.checkoutId != null;
    return { problem: event.kind === 'paid' ? 'unknown_checkout' : null, error: unknown ? paymentMessages.unknownCheckout : paymentMessages.noDonation };
  }
  const payment = paymentDetails(event.payment);
  if (event.kind === 'paid') {
    const mismatch = amountMismatch(event.payment, donation);
    if (mismatch) return mismatch;
    const settled = await settle(db, ctx, { id: donation.id, action: 'pay', payment, source: 'webhook' });
    if (settled) return null;
    await completeDetails(db, donation.id, payment);
    const [current] = await db.select().from(donations).where(eq(donations.id, donation.id)).limit(1);
    return current && (current.status === 'completed' || current.status === 'refunded') ? duplicateOf(current, event.payment.paymentId) : null;
  }
  if (event.kind === 'failed') {
    await settle(db, ctx, { id: donation.id, action: 'decline', payment, source: 'webhook' });
    return null;
  }
  // A bank transfer can take up to a day; the donation stays pending.
  await db
    .update(donations)
    .set({ paymentMethod: 'bank_transfer', updatedAt: sql`now()` })
    .where(and(eq(donations.id, donation.id), eq(donations.status, 'pending')));
  return null;
}
