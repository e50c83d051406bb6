// Card donations charged through a provider's checkout (docs/product.md#payments). A donation waits
// `pending` while the donor pays on the provider's page; it is settled by whichever comes first of
// the signed webhook, the return page's status call, or the reconciliation job. Each of them goes
// through the ledger's locked transition, so the first one wins and the others find nothing to do.
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { formatCents, fromCents } from '@donaciones/shared/format';
import type { AdminDonationPayment, DonationPaymentStatus } from '@donaciones/shared/schemas/payments';
import type { Database, Db } from '../../db/client';
import { donations, paymentEvents } from '../../db/schema';
import { ConflictError, ProviderFailedError, conflict, notFound } from '../../errors';
import { emailMessages } from '../../messages/email';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { type DonationRow, type PaymentDetails, type TransitionAction, transitionDonation } from '../ledger/transitions';
import { receiptSeriesOf, takeReceiptEmail, voidReceipt } from '../receipts/receipts';
import { applyMonthlyEvent, isMonthlyEvent, monthlyChargeCompleted, reopenMonthlyCheckout } from '../monthly/monthly-gifts';
import { getSettings } from '../../platform/settings';
import type { SignedLinks } from '../../platform/signed-links';
import { type CheckoutProvider, type CheckoutState, ProviderError } from './provider';
import { readCheckout } from './recurrente/client';

/** The web's return page; its path is also in apps/web/src/lib/paths.ts. */
export const RETURN_PATH = '/donate/resultado';
/** How long a checkout can be paid; bank transfers may take up to a day to be confirmed. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;
/** The job asks the provider about a pending checkout once it is this old (webhooks usually came first). */
export const RECONCILE_AFTER_MS = 3 * 60_000;
const RECONCILE_BATCH = 100;

export type SettleSource = 'webhook' | 'status' | 'reconcile';

export interface PaymentContext {
  provider: CheckoutProvider;
  publicUrl: string;
  /** Signs the monthly emails' no-login links (decision 0022). */
  links: SignedLinks;
}

export function returnUrl(publicUrl: string, reference: string, cancelled = false): string {
  return `${publicUrl}${RETURN_PATH}?ref=${encodeURIComponent(reference)}${cancelled ? '&cancelado=1' : ''}`;
}

const amountOf = (row: Pick<DonationRow, 'amountCents' | 'currency'>) => formatCents(row.amountCents, row.currency);

/** What a monthly gift's first checkout adds: its own item name, the gift in the metadata, a recurring charge. */
export interface RecurringCheckout {
  itemName: (organization: string) => string;
  giftId: number;
}

/**
 * Creates a checkout for a pending donation and stores it on the row (inside the caller's
 * transaction); with `recurring`, the checkout starts a monthly subscription (docs/product.md#monthly-giving).
 */
export async function openCheckout(tx: Db, ctx: PaymentContext, row: DonationRow, recurring?: RecurringCheckout): Promise<DonationRow> {
  const org = await getSettings(tx, 'organization');
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  let checkout;
  try {
    checkout = await ctx.provider.createCheckout({
      reference: row.referenceCode,
      itemName: (recurring?.itemName ?? paymentMessages.checkoutItem)(org.name),
      amountCents: row.amountCents,
      currency: row.currency === 'USD' ? 'USD' : 'GTQ',
      successUrl: returnUrl(ctx.publicUrl, row.referenceCode),
      cancelUrl: returnUrl(ctx.publicUrl, row.referenceCode, true),
      expiresAt,
      metadata: {
        donation_reference: row.referenceCode,
        donation_id: String(row.id),
        ...(recurring ? { recurring_gift_id: String(recurring.giftId) } : {}),
      },
      ...(recurring ? { monthly: true } : {}),
    });
  } catch (err) {
    if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.providerUnavailable);
    throw err;
  }
  const [updated] = await tx
    .update(donations)
    .set({
      paymentProvider: ctx.provider.name,
      checkoutId: checkout.id,
      checkoutUrl: checkout.checkoutUrl,
      checkoutExpiresAt: expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(donations.id, row.id))
    .returning();
  return updated;
}

/**
 * Applies the provider's outcome through the ledger. Returns the updated row, or null when another
 * path already settled the donation (the ledger's 409), which is not an error here.
 */
async function settle(
  db: Database,
  ctx: PaymentContext,
  input: { id: number; action: Extract<TransitionAction, 'pay' | 'decline' | 'expire'>; payment?: PaymentDetails; source: SettleSource },
): Promise<DonationRow | null> {
  try {
    return await transitionDonation(db, {
      id: input.id,
      action: input.action,
      actor: null,
      payment: input.payment,
      inTransaction: async (tx, donation) => {
        await audit(tx, { actor: null, action: 'donation.payment_settled', entityType: 'donation', entityId: donation.id, details: { source: input.source, to: donation.status } });
        // A monthly gift's payment: the gift moves on and the monthly email carries its link.
        if (donation.status === 'completed' && donation.recurringGiftId != null) {
          await monthlyChargeCompleted(tx, ctx, donation);
        } else if (donation.status === 'completed') {
          const m = emailMessages.donations;
          const receipt = await takeReceiptEmail(tx, donation.id);
          await enqueueEmail(tx, {
            to: donation.donorEmail,
            subject: m.completedSubject,
            text: m.completedBody(donation.donorName, amountOf(donation), donation.referenceCode, donation.receiptNumber, await receiptSeriesOf(tx, donation.id)) + receipt.note,
            template: 'donation-completed',
            attachments: receipt.attachments,
          });
        } else if (donation.status === 'failed') {
          await enqueueEmail(tx, {
            to: donation.donorEmail,
            subject: paymentMessages.failedSubject(donation.referenceCode),
            text: paymentMessages.failedText(
              donation.donorName,
              amountOf(donation),
              donation.referenceCode,
              donation.failureReason ?? paymentMessages.declined,
              returnUrl(ctx.publicUrl, donation.referenceCode),
            ),
            template: 'donation-payment-failed',
          });
        }
      },
    });
  } catch (err) {
    if (err instanceof ConflictError) return null;
    throw err;
  }
}

/** Adds what only the webhook tells (fee, VAT withheld) to a donation another path already completed. */
async function completeDetails(db: Database, id: number, payment: PaymentDetails): Promise<void> {
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

export async function findByReference(db: Db, reference: string): Promise<DonationRow | null> {
  const [row] = await db.select().from(donations).where(eq(donations.referenceCode, reference)).limit(1);
  return row ?? null;
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
 * "Intentar de nuevo": a new checkout for the same donation (declined, or left unpaid), which goes back
 * to `pending`; never a second row. A checkout found paid meanwhile completes the donation instead.
 */
export async function retryCheckout(db: Database, ctx: PaymentContext, reference: string): Promise<DonationRow> {
  let row = await findByReference(db, reference);
  if (!row) throw notFound();
  if (row.paymentProvider !== ctx.provider.name || (row.status !== 'pending' && row.status !== 'failed')) throw conflict(paymentMessages.notRetryable);
  if (row.status === 'pending') {
    row = await checkWithProvider(db, ctx, row, 'status');
    if (row.status !== 'pending') return row;
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, row.id)).for('update').limit(1);
    if (!current || (current.status !== 'pending' && current.status !== 'failed')) throw conflict(paymentMessages.notRetryable);
    // A monthly gift's first payment gets a recurring checkout again (decision 0022).
    const reopened = current.recurringGiftId != null ? await reopenMonthlyCheckout(tx, ctx, current) : await openCheckout(tx, ctx, current);
    const [updated] = await tx
      .update(donations)
      .set({ status: 'pending', failureReason: null })
      .where(eq(donations.id, reopened.id))
      .returning();
    await audit(tx, {
      actor: null,
      action: 'donation.checkout_retry',
      entityType: 'donation',
      entityId: updated.id,
      details: { from: current.status, to: 'pending', reference: updated.referenceCode, previous_checkout: current.checkoutId, checkout: updated.checkoutId },
    });
    return updated;
  });
}

// ------------------------------------------------------------------------------------------ webhooks

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const asCents = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};

export interface WebhookResult {
  duplicate: boolean;
  eventType: string;
  donationId: number | null;
}

/**
 * Stores a verified webhook event once (the delivery id is unique: a replay changes nothing) and
 * applies it. Events may come in any order: a decline after the payment finds a completed donation
 * and changes nothing; a payment after a decline completes it (the donor paid with another card).
 */
export async function receiveWebhook(db: Database, ctx: PaymentContext, event: { deliveryId: string; body: Record<string, unknown> }): Promise<WebhookResult> {
  const { body } = event;
  const eventType = asString(body.event_type) ?? 'unknown';
  const checkoutRaw = asRecord(body.checkout);
  const checkout = readCheckout(checkoutRaw);
  const reference = asString(checkout.metadata.donation_reference);

  let donation: DonationRow | null = null;
  if (checkout.id) [donation = null] = await db.select().from(donations).where(eq(donations.checkoutId, checkout.id)).limit(1);
  if (!donation && reference) donation = await findByReference(db, reference);

  const [stored] = await db
    .insert(paymentEvents)
    .values({
      provider: ctx.provider.name,
      eventId: event.deliveryId,
      eventType,
      objectId: asString(body.id),
      checkoutId: checkout.id || null,
      donationId: donation?.id ?? null,
      payload: body,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!stored) return { duplicate: true, eventType, donationId: donation?.id ?? null };

  let error: string | null = null;
  let donationId = donation?.id ?? null;
  try {
    // Subscriptions and their payments (first payment and renewals) belong to the monthly gifts.
    if (isMonthlyEvent(eventType, body)) ({ error, donationId } = await applyMonthlyEvent(db, ctx, eventType, body));
    else error = await applyEvent(db, ctx, eventType, body, checkout, donation);
  } catch (err) {
    error = (err as Error).message.slice(0, 500);
  }
  await db.update(paymentEvents).set({ processedAt: sql`now()`, error, donationId }).where(eq(paymentEvents.id, stored.id));
  return { duplicate: false, eventType, donationId };
}

/** Returns why the event could not be applied, or null. */
async function applyEvent(
  db: Database,
  ctx: PaymentContext,
  eventType: string,
  body: Record<string, unknown>,
  checkout: CheckoutState,
  donation: DonationRow | null,
): Promise<string | null> {
  const handled = ['payment_intent.succeeded', 'payment_intent.failed', 'bank_transfer_intent.pending', 'bank_transfer_intent.succeeded', 'bank_transfer_intent.failed'];
  if (!handled.includes(eventType)) return null;
  if (!donation) return 'no donation for this checkout';

  const bankTransfer = eventType.startsWith('bank_transfer_intent.');
  const payment: PaymentDetails = {
    paymentId: bankTransfer ? (asString(asRecord(body.payment).id) ?? asString(body.id)) : asString(body.id),
    paymentMethod: bankTransfer ? 'bank_transfer' : (checkout.paymentMethod ?? 'card'),
    cardLast4: checkout.cardLast4,
    cardNetwork: checkout.cardNetwork,
    feeCents: asCents(body.fee),
    vatWithheldCents: asCents(body.vat_withheld),
    failureReason: asString(body.failure_reason) ?? paymentMessages.declined,
  };

  if (eventType.endsWith('.succeeded')) {
    const amount = asCents(body.amount_in_cents);
    const currency = asString(body.currency);
    if ((amount != null && amount !== donation.amountCents) || (currency && currency !== donation.currency)) {
      return `amount ${amount} ${currency} differs from the donation's ${donation.amountCents} ${donation.currency}`;
    }
    const settled = await settle(db, ctx, { id: donation.id, action: 'pay', payment, source: 'webhook' });
    if (!settled) await completeDetails(db, donation.id, payment);
    return null;
  }
  if (eventType.endsWith('.failed')) {
    await settle(db, ctx, { id: donation.id, action: 'decline', payment, source: 'webhook' });
    return null;
  }
  // bank_transfer_intent.pending: the transfer can take up to a day; the donation stays pending.
  await db
    .update(donations)
    .set({ paymentMethod: 'bank_transfer', updatedAt: sql`now()` })
    .where(and(eq(donations.id, donation.id), eq(donations.status, 'pending')));
  return null;
}

// ------------------------------------------------------------------------------------------- refunds

/**
 * ADMIN refunds a completed donation paid through the provider: the provider refunds it first, then
 * the donation becomes `refunded` (out of the completed totals), its receipt is void and the donor told.
 */
export async function refundDonation(
  db: Database,
  ctx: PaymentContext,
  input: { id: number; reason: string; actor: Actor; ip?: string | null },
): Promise<DonationRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, input.id)).for('update').limit(1);
    if (!current) throw notFound();
    if (current.status !== 'completed' || current.paymentProvider !== ctx.provider.name || !current.paymentReference) {
      throw conflict(paymentMessages.notRefundable);
    }
    let refund;
    try {
      refund = await ctx.provider.refund(current.paymentReference);
    } catch (err) {
      if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.refundFailed(err.detail ?? paymentMessages.providerUnavailable));
      throw err;
    }
    const [updated] = await tx
      .update(donations)
      .set({
        status: 'refunded',
        refundedAt: sql`now()`,
        refundReason: input.reason,
        refundId: refund.id || null,
        updatedAt: sql`now()`,
      })
      .where(eq(donations.id, current.id))
      .returning();
    await audit(tx, {
      actor: input.actor,
      action: 'donation.refund',
      entityType: 'donation',
      entityId: updated.id,
      details: { from: 'completed', to: 'refunded', reference: updated.referenceCode, reason: input.reason, refund_id: refund.id, refund_status: refund.status },
      ip: input.ip,
    });
    await voidReceipt(tx, updated.id, input.reason);
    await enqueueEmail(tx, {
      to: updated.donorEmail,
      subject: paymentMessages.refundedSubject(updated.referenceCode),
      text: paymentMessages.refundedText(updated.donorName, amountOf(updated), updated.referenceCode, input.reason),
      template: 'donation-refunded',
    });
    return updated;
  });
}

/** The payment events of one donation, oldest first (admin detail). */
export async function paymentEventsOf(db: Db, donationId: number) {
  return db
    .select({
      eventId: paymentEvents.eventId,
      eventType: paymentEvents.eventType,
      receivedAt: paymentEvents.receivedAt,
      processedAt: paymentEvents.processedAt,
      error: paymentEvents.error,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.donationId, donationId))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}

// ------------------------------------------------------------------------------------------- views

const centsOrNull = (cents: number | null) => (cents == null ? null : fromCents(cents));

/** The return page's status of a donation, checking with the provider first while it is pending. */
export async function paymentStatus(db: Database, ctx: PaymentContext | null, reference: string): Promise<DonationPaymentStatus> {
  let row = await findByReference(db, reference);
  if (!row) throw notFound();
  if (ctx && row.status === 'pending' && row.checkoutId) {
    try {
      row = await checkWithProvider(db, ctx, row, 'status');
    } catch (err) {
      // The provider being unreachable leaves the page on "procesando"; the job will ask again.
      if (!(err instanceof ProviderError)) throw err;
    }
  }
  const status = row.status as DonationPaymentStatus['status'];
  return {
    reference_code: row.referenceCode,
    status,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    covered_fee: fromCents(row.coveredFeeCents),
    payment_provider: row.paymentProvider,
    payment_method: row.paymentMethod,
    card_last4: row.cardLast4,
    card_network: row.cardBrand,
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    receipt_number: row.status === 'completed' ? row.receiptNumber : null,
    receipt_series: row.status === 'completed' && row.receiptNumber != null ? await receiptSeriesOf(db, row.id) : null,
    checkout_url: row.status === 'pending' ? row.checkoutUrl : null,
  };
}

/** Card donations are settled by their provider; the rest (goods, cash, deposits) by staff. */
export const needsManualReview = (row: Pick<DonationRow, 'paymentProvider'>) => row.paymentProvider == null;

export async function adminDonationPayment(db: Db, ctx: PaymentContext | null, id: number): Promise<AdminDonationPayment> {
  const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!row) throw notFound();
  const events = await paymentEventsOf(db, id);
  const net = row.feeCents == null ? null : row.amountCents - row.feeCents - (row.vatWithheldCents ?? 0);
  return {
    id: row.id,
    reference_code: row.referenceCode,
    status: row.status,
    payment_provider: row.paymentProvider,
    payment_method: row.paymentMethod,
    checkout_id: row.checkoutId,
    payment_id: row.paymentProvider && row.paymentProvider !== 'simulated' ? row.paymentReference : null,
    card_network: row.cardBrand,
    card_last4: row.cardLast4,
    currency: row.currency,
    amount: fromCents(row.amountCents),
    covered_fee: fromCents(row.coveredFeeCents),
    fee: centsOrNull(row.feeCents),
    vat_withheld: centsOrNull(row.vatWithheldCents),
    net: centsOrNull(net),
    gtq_amount: centsOrNull(row.gtqCents),
    exchange_rate: row.exchangeRate == null ? null : Number(row.exchangeRate),
    exchange_rate_date: row.exchangeRateDate,
    failure_reason: row.failureReason,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_reason: row.refundReason,
    manual_review: needsManualReview(row),
    refundable: ctx != null && row.status === 'completed' && row.paymentProvider === ctx.provider.name && row.paymentReference != null,
    events: events.map((e) => ({
      event_id: e.eventId,
      event_type: e.eventType,
      received_at: e.receivedAt.toISOString(),
      processed_at: e.processedAt?.toISOString() ?? null,
      error: e.error,
    })),
  };
}
