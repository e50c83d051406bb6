// Monthly giving (docs/product.md#monthly-giving, decision 0022). A monthly gift is one
// `recurring_gifts` row; its first payment and every renewal are ordinary ledger donations pointing to
// it, completed through the ledger's one transition (receipt, totals, DONOR). With Recurrente the gift
// is a subscription opened by a recurring checkout and moved by the provider's webhooks; with the
// simulated provider (the offline demo) a job charges it on its `next_charge_at`. Cancelling always
// asks the provider first (`DELETE /subscriptions/{id}`), so a gift marked cancelled is never charged
// again. Every monthly email carries a signed, expiring link to the no-login page.
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { formatCents, formatLongDate, toCents } from '@donaciones/shared/format';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { toQuetzalCents } from '@donaciones/shared/schemas/payments';
import { DUPLICATE_MONTHLY_GIFT, type ManagedMonthlyGift, type MonthlyGift, type MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client';
import { donations, recurringGifts, users } from '../../db/schema';
import { ConflictError, ProviderFailedError, conflict, fieldError, notFound, unauthorized } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { type DonationRow, type PaymentDetails, insertDonation, transitionDonation } from '../ledger/transitions';
import { type PaymentContext, openCheckout, returnUrl } from '../payments/checkouts';
import { ProviderError } from '../payments/provider';
import { takeReceiptEmail } from '../receipts/receipts';
import { getSettings } from '../../platform/settings';
import { type SignedLinks, signedLinks } from '../../platform/signed-links';

export type GiftRow = typeof recurringGifts.$inferSelect;

/** The web page the emails' link opens; its path is also in apps/web. */
export const MANAGE_PATH = '/donacion-mensual';
/** Gifts whose charges still come (the duplicate rule counts these). */
const LIVE_STATUSES = ['active', 'past_due', 'paused'] as const;

/** What the monthly engine needs of the process: its provider (null: simulated), links and public URL. */
export interface MonthlyContext {
  payments: PaymentContext | null;
  links: SignedLinks;
  publicUrl: string;
}

export function monthlyContext(app: FastifyInstance): MonthlyContext {
  return { payments: app.payments, links: signedLinks(app.config.jwtSecret), publicUrl: app.config.publicUrl };
}

/** The same calendar day one month later (the 31st becomes the month's last day), at the same time. */
export function addMonth(from: Date, months = 1): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(from.getUTCDate(), last), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds()));
}

export async function manageUrl(ctx: Pick<MonthlyContext, 'links' | 'publicUrl'>, giftId: number): Promise<string> {
  const token = await ctx.links.sign({ purpose: 'monthly-gift', subject: giftId });
  return `${ctx.publicUrl}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
}

const amountOf = (gift: Pick<GiftRow, 'amountCents' | 'currency'>) => formatCents(gift.amountCents, gift.currency);

async function lockGift(tx: Db, id: number): Promise<GiftRow | null> {
  const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, id)).for('update').limit(1);
  return gift ?? null;
}

/** Locks the monthly gift a donation belongs to, if any. */
export async function lockGiftOfDonation(tx: Db, donationId: number): Promise<void> {
  await tx.execute(sql`SELECT g.id FROM recurring_gifts g JOIN donations d ON d.recurring_gift_id = g.id WHERE d.id = ${donationId} FOR UPDATE OF g`);
}

async function giftById(db: Db, id: number): Promise<GiftRow | null> {
  const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, id)).limit(1);
  return gift ?? null;
}

// ------------------------------------------------------------------------------------------ start

/**
 * Inside the checkout's transaction: the gift row of a new monthly donation. A second live gift of the
 * same email, amount and currency is refused with 409 `DUPLICATE_MONTHLY_GIFT` unless confirmed.
 */
export async function startMonthlyGift(
  tx: Db,
  input: {
    donorName: string;
    donorEmail: string;
    userId: number | null;
    amountCents: number;
    currency: string;
    provider: string;
    allowDuplicate: boolean;
    replacesGiftId?: number | null;
  },
): Promise<GiftRow> {
  if (!input.allowDuplicate && input.replacesGiftId == null) {
    const [same] = await tx
      .select({ id: recurringGifts.id })
      .from(recurringGifts)
      .where(
        and(
          sql`lower(${recurringGifts.donorEmail}) = ${input.donorEmail.toLowerCase()}`,
          eq(recurringGifts.amountCents, input.amountCents),
          eq(recurringGifts.currency, input.currency),
          inArray(recurringGifts.status, [...LIVE_STATUSES]),
        ),
      )
      .limit(1);
    if (same) throw new DuplicateMonthlyGiftError();
  }
  const [gift] = await tx
    .insert(recurringGifts)
    .values({
      provider: input.provider,
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      userId: input.userId,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'incomplete',
      replacesGiftId: input.replacesGiftId ?? null,
      // The simulated provider charges the first payment on the job's next run.
      nextChargeAt: input.provider === 'simulated' ? new Date() : null,
    })
    .returning();
  return gift;
}

/** 409 with the code the browser asks "¿Quieres tener dos donaciones mensuales?" on. */
export class DuplicateMonthlyGiftError extends ConflictError {
  override readonly publicCode = DUPLICATE_MONTHLY_GIFT;
  constructor() {
    super(monthlyMessages.duplicate);
  }
}

/** Opens the recurring checkout of a monthly gift's first donation and stores it on both rows. */
export async function openMonthlyCheckout(tx: Db, ctx: PaymentContext, row: DonationRow, gift: GiftRow): Promise<DonationRow> {
  const updated = await openCheckout(tx, ctx, row, { itemName: mm.itemName, giftId: gift.id });
  await tx.update(recurringGifts).set({ checkoutId: updated.checkoutId, updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
  return updated;
}

/** "Intentar de nuevo" on a monthly gift's unpaid first donation: a new recurring checkout for the same gift. */
export async function reopenMonthlyCheckout(tx: Db, ctx: PaymentContext, row: DonationRow): Promise<DonationRow> {
  const gift = row.recurringGiftId == null ? null : await lockGift(tx, row.recurringGiftId);
  if (!gift || gift.status !== 'incomplete') throw conflict(paymentMessages.notRetryable);
  return openMonthlyCheckout(tx, ctx, row, gift);
}

// ------------------------------------------------------------------------------------------ charges

/**
 * Inside the transition that completed a donation of a monthly gift: the gift becomes active (or stays
 * cancelled), its next charge moves a month on, and the donor gets the monthly email with the link.
 */
export async function monthlyChargeCompleted(tx: Db, ctx: Pick<MonthlyContext, 'links' | 'publicUrl'>, donation: DonationRow): Promise<void> {
  if (donation.recurringGiftId == null) return;
  const gift = await lockGift(tx, donation.recurringGiftId);
  if (!gift) return;
  const paidAt = donation.completedAt ?? new Date();
  const first = gift.startedAt == null;
  const live = gift.status !== 'cancelled';
  // The account the ledger just linked the donation to (a verified account of the same email).
  const [linked] = gift.userId == null ? await tx.select({ userId: donations.userId }).from(donations).where(eq(donations.id, donation.id)) : [];
  // A renewal keeps the gift's billing day: one month after the charge that was due (a month missed
  // while paused or past due is skipped, never charged late).
  let nextChargeAt = addMonth(first || gift.nextChargeAt == null ? paidAt : gift.nextChargeAt);
  while (nextChargeAt <= paidAt) nextChargeAt = addMonth(nextChargeAt);
  await tx
    .update(recurringGifts)
    .set({
      status: live ? 'active' : 'cancelled',
      startedAt: gift.startedAt ?? paidAt,
      nextChargeAt: live ? nextChargeAt : null,
      pastDueReason: null,
      userId: gift.userId ?? linked?.userId ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(recurringGifts.id, gift.id));
  await audit(tx, {
    actor: null,
    action: first ? 'monthly_gift.started' : 'monthly_gift.renewed',
    entityType: 'recurring_gift',
    entityId: gift.id,
    details: { donation_id: donation.id, reference: donation.referenceCode, amount_cents: donation.amountCents },
  });
  const amount = formatCents(donation.amountCents, donation.currency);
  const link = await manageUrl(ctx, gift.id);
  const next = formatLongDate(nextChargeAt);
  const receipt = await takeReceiptEmail(tx, donation.id);
  await enqueueEmail(tx, {
    to: gift.donorEmail,
    subject: first ? mm.startedSubject : mm.renewedSubject,
    text:
      (first
        ? mm.startedText(gift.donorName, amount, donation.referenceCode, next, link)
        : mm.renewedText(gift.donorName, amount, donation.referenceCode, next, link)) + receipt.note,
    template: first ? 'monthly-gift-started' : 'monthly-gift-renewed',
    attachments: receipt.attachments,
  });
}

/** A new donation of a gift (a renewal), pending, with the payment id it is keyed by. */
async function insertRenewal(tx: Db, gift: GiftRow, values: { amountCents: number; paymentId: string | null; cardLast4?: string | null; cardBrand?: string | null }) {
  // A dollar gift is valued in quetzales at the staff's rate of the day of each charge.
  const usd = gift.currency === 'USD' ? await getSettings(tx, 'payments') : null;
  // Each renewal's receipt names the donor as the first charge did (decision 0019).
  const first = await firstDonationOf(tx, gift);
  return insertDonation(tx, {
    ...donorIdentityOf(first),
    ...(usd
      ? {
          gtqCents: toQuetzalCents(values.amountCents, 'USD', usd.usd_exchange_rate),
          exchangeRate: String(usd.usd_exchange_rate),
          exchangeRateDate: usd.usd_exchange_rate_date,
        }
      : {}),
    donorName: gift.donorName,
    donorEmail: gift.donorEmail,
    amountCents: values.amountCents,
    currency: gift.currency,
    donationType: 'monetary',
    description: donateMessages.description,
    source: 'public',
    userId: gift.userId,
    cardLast4: values.cardLast4 ?? null,
    cardBrand: values.cardBrand ?? null,
    paymentMethod: 'card',
    paymentProvider: gift.provider,
    paymentReference: values.paymentId,
    recurringGiftId: gift.id,
  });
}

/** The donor's phone and tax id as the gift's first donation recorded them, for the gift's later donations. */
function donorIdentityOf(first: DonationRow | null) {
  return { donorPhone: first?.donorPhone ?? null, donorNit: first?.donorNit ?? null, donorTaxIdKind: first?.donorTaxIdKind ?? null };
}

/** The first donation of a gift: the one its checkout was opened for. */
async function firstDonationOf(db: Db, gift: GiftRow): Promise<DonationRow | null> {
  const [row] = await db.select().from(donations).where(eq(donations.recurringGiftId, gift.id)).orderBy(asc(donations.id)).limit(1);
  return row ?? null;
}

// ------------------------------------------------------------------------------------------ webhooks

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const asCents = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};

const SUBSCRIPTION_EVENTS = ['subscription.create', 'subscription.past_due', 'subscription.paused', 'subscription.cancel'];

/** A subscription event, or a payment whose paymentable is a Subscription (a first payment or a renewal). */
export function isMonthlyEvent(eventType: string, body: Record<string, unknown>): boolean {
  if (SUBSCRIPTION_EVENTS.includes(eventType)) return true;
  if (eventType !== 'payment_intent.succeeded' && eventType !== 'payment_intent.failed') return false;
  return asRecord(asRecord(body.payment).paymentable).type === 'Subscription';
}

/** The gift an event is about: by its subscription id, its checkout, or the checkout's metadata. */
async function findGift(db: Db, keys: { subscriptionId?: string | null; checkoutId?: string | null; giftId?: string | null; paymentId?: string | null }): Promise<GiftRow | null> {
  if (keys.subscriptionId) {
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.subscriptionId, keys.subscriptionId)).limit(1);
    if (gift) return gift;
  }
  if (keys.checkoutId) {
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.checkoutId, keys.checkoutId)).limit(1);
    if (gift) return gift;
  }
  if (keys.giftId && /^\d{1,9}$/.test(keys.giftId)) {
    const gift = await giftById(db, Number(keys.giftId));
    if (gift && (!keys.checkoutId || gift.checkoutId == null)) return gift;
  }
  if (keys.paymentId) {
    const [row] = await db
      .select({ giftId: donations.recurringGiftId })
      .from(donations)
      .where(and(eq(donations.paymentReference, keys.paymentId), isNotNull(donations.recurringGiftId)))
      .limit(1);
    if (row?.giftId != null) return giftById(db, row.giftId);
  }
  return null;
}

/** Records the subscription id on a gift that does not know it yet. */
async function linkSubscription(db: Db, gift: GiftRow, subscriptionId: string | null): Promise<GiftRow> {
  if (!subscriptionId || gift.subscriptionId) return gift;
  const [updated] = await db
    .update(recurringGifts)
    .set({ subscriptionId, updatedAt: sql`now()` })
    .where(and(eq(recurringGifts.id, gift.id), isNull(recurringGifts.subscriptionId)))
    .returning();
  return updated ?? gift;
}

export interface MonthlyEventResult {
  error: string | null;
  donationId: number | null;
}

/** Applies a verified, newly stored monthly event. Returns why it could not be applied, if so. */
export async function applyMonthlyEvent(db: Database, ctx: PaymentContext, eventType: string, body: Record<string, unknown>): Promise<MonthlyEventResult> {
  const monthly: MonthlyContext = { payments: ctx, links: ctx.links, publicUrl: ctx.publicUrl };
  const payment = asRecord(body.payment);
  const paymentable = asRecord(payment.paymentable);
  const checkout = asRecord(body.checkout);

  if (eventType.startsWith('subscription.')) {
    const subscriptionId = asString(body.id);
    let gift = await findGift(db, { subscriptionId, paymentId: asString(payment.id) });
    if (!gift && eventType === 'subscription.create') gift = await giftByCustomer(db, body);
    if (!gift) return { error: 'no monthly gift for this subscription', donationId: null };
    gift = await linkSubscription(db, gift, subscriptionId);
    if (eventType === 'subscription.past_due') await markPastDue(db, monthly, gift);
    else if (eventType === 'subscription.paused') await markPaused(db, gift);
    else if (eventType === 'subscription.cancel') await endByProvider(db, monthly, gift);
    return { error: null, donationId: null };
  }

  const paymentId = asString(body.id);
  const subscriptionId = asString(paymentable.id)?.startsWith('su_') ? asString(paymentable.id) : null;
  const checkoutId = asString(checkout.id);
  let gift = await findGift(db, { subscriptionId, checkoutId, giftId: asString(asRecord(checkout.metadata).recurring_gift_id), paymentId });
  if (!gift) return { error: 'no monthly gift for this payment', donationId: null };
  gift = await linkSubscription(db, gift, subscriptionId);
  if (!paymentId) return { error: 'payment without id', donationId: null };

  const method = asRecord(checkout.payment_method);
  const card = asRecord(method.card);
  const details: PaymentDetails = {
    paymentId,
    paymentMethod: asString(method.type) ?? 'card',
    cardLast4: asString(card.last4),
    cardNetwork: asString(card.network),
    feeCents: asCents(body.fee),
    vatWithheldCents: asCents(body.vat_withheld),
    failureReason: asString(body.failure_reason) ?? paymentMessages.declined,
  };
  const succeeded = eventType === 'payment_intent.succeeded';
  const amount = asCents(body.amount_in_cents) ?? gift.amountCents;
  const currency = asString(body.currency);
  if (currency && currency !== gift.currency) return { error: `currency ${currency} differs from the gift's ${gift.currency}`, donationId: null };

  // Keyed by the payment id: a replay (under any delivery id) finds its donation and records nothing new.
  const [known] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.paymentProvider, ctx.provider.name), eq(donations.paymentReference, paymentId)))
    .limit(1);
  let target: DonationRow | null = known ?? null;
  let firstPayment = false;
  if (!target) {
    // Until the first donation is paid, a payment of the gift is its first payment (the donor may have
    // tried another card on the same checkout after a decline); afterwards it is a renewal.
    const first = await firstDonationOf(db, gift);
    if (first && first.status !== 'completed' && first.status !== 'refunded') {
      if (!succeeded && first.status !== 'pending') return { error: null, donationId: first.id };
      target = first;
      firstPayment = true;
    }
  }

  if (succeeded) {
    if (target?.status === 'completed' || target?.status === 'refunded') {
      await completeDetails(db, target.id, details);
      return { error: null, donationId: target.id };
    }
    try {
      const done = await db.transaction(async (tx) => {
        const row = target ?? (await insertRenewal(tx, gift, { amountCents: amount, paymentId, cardLast4: details.cardLast4, cardBrand: details.cardNetwork }));
        return transitionDonation(tx as Database, {
          id: row.id,
          action: 'pay',
          actor: null,
          payment: details,
          inTransaction: async (inner, donation) => {
            await audit(inner, { actor: null, action: 'donation.payment_settled', entityType: 'donation', entityId: donation.id, details: { source: 'webhook', to: donation.status } });
            await monthlyChargeCompleted(inner, monthly, donation);
          },
        });
      });
      await finishReplacement(db, monthly, done.recurringGiftId);
      await stopIfCancelled(db, ctx, gift.id);
      return { error: null, donationId: done.id };
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      // Another path (the return page, the job) completed this payment's donation first.
      if (target) await completeDetails(db, target.id, details);
      return { error: null, donationId: target?.id ?? null };
    }
  }

  // A failed charge. The first payment's failure declines its donation (the donor may try again); a
  // renewal's failure is recorded as a failed donation of the gift, keyed by its payment id, and
  // its reason kept for the past-due email that follows.
  if (target && target.status !== 'pending') return { error: null, donationId: target.id };
  const failed = await db.transaction(async (tx) => {
    const row = target ?? (await insertRenewal(tx, gift, { amountCents: amount, paymentId, cardLast4: details.cardLast4, cardBrand: details.cardNetwork }));
    await tx.update(recurringGifts).set({ pastDueReason: details.failureReason, updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
    return transitionDonation(tx as Database, {
      id: row.id,
      action: 'decline',
      actor: null,
      payment: details,
      inTransaction: async (inner, donation) => {
        if (!firstPayment) return;
        await enqueueEmail(inner, {
          to: donation.donorEmail,
          subject: paymentMessages.failedSubject(donation.referenceCode),
          text: paymentMessages.failedText(
            donation.donorName,
            formatCents(donation.amountCents, donation.currency),
            donation.referenceCode,
            donation.failureReason ?? paymentMessages.declined,
            returnUrl(ctx.publicUrl, donation.referenceCode),
          ),
          template: 'donation-payment-failed',
        });
      },
    });
  });
  return { error: null, donationId: failed.id };
}

/**
 * A payment of a gift the donor had already cancelled (the checkout was paid after the cancellation):
 * the donation is kept, and the subscription it started is cancelled at the provider as well.
 */
async function stopIfCancelled(db: Db, ctx: PaymentContext, giftId: number): Promise<void> {
  const gift = await giftById(db, giftId);
  if (gift?.status !== 'cancelled' || !gift.subscriptionId) return;
  try {
    await ctx.provider.cancelSubscription(gift.subscriptionId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
  }
}

/** What only the webhook tells (fee, VAT withheld, the payment id) added to a donation another path completed. */
async function completeDetails(db: Db, id: number, payment: PaymentDetails): Promise<void> {
  await db
    .update(donations)
    .set({
      feeCents: sql`coalesce(${donations.feeCents}, ${payment.feeCents ?? null})`,
      vatWithheldCents: sql`coalesce(${donations.vatWithheldCents}, ${payment.vatWithheldCents ?? null})`,
      paymentReference: sql`coalesce(${donations.paymentReference}, ${payment.paymentId ?? null})`,
    })
    .where(and(eq(donations.id, id), eq(donations.status, 'completed')));
}

/** subscription.create before any payment told us the subscription: the incomplete gift of that email and amount. */
async function giftByCustomer(db: Db, body: Record<string, unknown>): Promise<GiftRow | null> {
  const email = asString(body.customer_email);
  const prices = asRecord(body.product).prices;
  const price = Array.isArray(prices) ? asRecord(prices[0]) : {};
  const amount = asCents(price.amount_in_cents);
  if (!email || amount == null) return null;
  const [gift] = await db
    .select()
    .from(recurringGifts)
    .where(
      and(
        sql`lower(${recurringGifts.donorEmail}) = ${email.toLowerCase()}`,
        eq(recurringGifts.amountCents, amount),
        eq(recurringGifts.status, 'incomplete'),
        isNull(recurringGifts.subscriptionId),
      ),
    )
    .orderBy(desc(recurringGifts.id))
    .limit(1);
  return gift ?? null;
}

async function markPastDue(db: Database, ctx: MonthlyContext, gift: GiftRow): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status === 'cancelled') return;
    await tx.update(recurringGifts).set({ status: 'past_due', updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
    await audit(tx, { actor: null, action: 'monthly_gift.past_due', entityType: 'recurring_gift', entityId: gift.id, details: { reason: current.pastDueReason } });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.pastDueSubject,
      text: mm.pastDueText(current.donorName, amountOf(current), current.pastDueReason ?? mm.pastDueUnknownReason, await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-past-due',
    });
  });
}

async function markPaused(db: Database, gift: GiftRow): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status === 'cancelled') return;
    await tx.update(recurringGifts).set({ status: 'paused', updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
    await audit(tx, { actor: null, action: 'monthly_gift.paused', entityType: 'recurring_gift', entityId: gift.id });
  });
}

/** subscription.cancel: the provider gave up after the failed retries. */
async function endByProvider(db: Database, ctx: MonthlyContext, gift: GiftRow): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status === 'cancelled') return;
    await tx
      .update(recurringGifts)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: 'provider', cancelReason: mm.reasonFailedRetries, nextChargeAt: null, updatedAt: sql`now()` })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, { actor: null, action: 'monthly_gift.cancel', entityType: 'recurring_gift', entityId: gift.id, details: { by: 'provider', reason: mm.reasonFailedRetries } });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.cancelledSubject,
      text: mm.endedByProviderText(current.donorName, amountOf(current), await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-ended',
    });
  });
}

// ------------------------------------------------------------------------------------------ cancel

/**
 * Cancels a monthly gift: at the provider first (`DELETE /subscriptions/{id}`; one it no longer knows
 * counts as cancelled), then the row, the audit entry and the confirmation email in one transaction.
 * Called by the donor (member API or the signed link) and by staff (reason required there).
 */
export async function cancelMonthlyGift(
  db: Database,
  input: { giftId: number; by: 'donor' | 'staff'; actor: Actor | null; reason?: string | null; ip?: string | null; context: MonthlyContext; replacedBy?: GiftRow },
): Promise<GiftRow> {
  const gift = await giftById(db, input.giftId);
  if (!gift) throw notFound(mm.notFound);
  if (gift.status === 'cancelled') throw conflict(mm.notCancellable);
  const payments = input.context.payments;
  if (payments && gift.provider === payments.provider.name) {
    try {
      // A gift confirmed without webhooks (the return page, the job) may not know its subscription
      // yet: its paid checkout names it.
      let subscriptionId = gift.subscriptionId;
      if (!subscriptionId && gift.checkoutId && gift.startedAt) {
        subscriptionId = (await payments.provider.getCheckout(gift.checkoutId)).subscriptionId;
        if (subscriptionId) await linkSubscription(db, gift, subscriptionId);
      }
      if (subscriptionId) await payments.provider.cancelSubscription(subscriptionId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.status !== 404) throw new ProviderFailedError(mm.cancelFailed(err.detail ?? paymentMessages.providerUnavailable));
    }
  }
  const reason = input.reason?.trim() || null;
  return db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status === 'cancelled') throw conflict(mm.notCancellable);
    const [updated] = await tx
      .update(recurringGifts)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: input.by, cancelReason: reason, nextChargeAt: null, updatedAt: sql`now()` })
      .where(eq(recurringGifts.id, gift.id))
      .returning();
    // A first payment still waiting at the provider's checkout will not be paid any more.
    const open = await tx
      .select({ id: donations.id })
      .from(donations)
      .where(and(eq(donations.recurringGiftId, gift.id), eq(donations.status, 'pending')));
    for (const { id } of open) await transitionDonation(tx as Database, { id, action: 'cancel', actor: input.actor, ip: input.ip });
    await audit(tx, {
      actor: input.actor,
      action: 'monthly_gift.cancel',
      entityType: 'recurring_gift',
      entityId: gift.id,
      details: { by: input.by, from: current.status, reason, ...(input.replacedBy ? { replaced_by: input.replacedBy.id } : {}) },
      ip: input.ip,
    });
    const link = await manageUrl(input.context, input.replacedBy?.id ?? gift.id);
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: input.replacedBy ? mm.replacedSubject : mm.cancelledSubject,
      text: input.replacedBy
        ? mm.replacedText(current.donorName, amountOf(current), amountOf(input.replacedBy), link)
        : mm.cancelledText(current.donorName, amountOf(current), reason, link),
      template: input.replacedBy ? 'monthly-gift-replaced' : 'monthly-gift-cancelled',
    });
    return updated;
  });
}

/**
 * Once a replacing gift (new amount, new card) has its first payment, the gift it replaces ends. Run
 * right after the payment and again by the job, so a provider that failed to answer is asked again.
 */
export async function finishReplacement(db: Database, ctx: MonthlyContext, giftId: number | null): Promise<void> {
  if (giftId == null) return;
  const gift = await giftById(db, giftId);
  if (!gift || gift.replacesGiftId == null || gift.startedAt == null) return;
  const old = await giftById(db, gift.replacesGiftId);
  if (!old || old.status === 'cancelled') return;
  try {
    await cancelMonthlyGift(db, { giftId: old.id, by: 'donor', actor: null, reason: mm.reasonReplaced, context: ctx, replacedBy: gift });
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

// ------------------------------------------------------------------------------------------ views

async function viewOf(db: Db, gifts: GiftRow[]): Promise<MonthlyGift[]> {
  if (gifts.length === 0) return [];
  const sums = await db
    .select({
      giftId: donations.recurringGiftId,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)::bigint`,
    })
    .from(donations)
    .where(and(inArray(donations.recurringGiftId, gifts.map((g) => g.id)), eq(donations.status, 'completed')))
    .groupBy(donations.recurringGiftId);
  return gifts.map((g) => {
    const sum = sums.find((s) => s.giftId === g.id);
    return {
      id: g.id,
      amountCents: g.amountCents,
      currency: g.currency === 'USD' ? 'USD' : 'GTQ',
      status: g.status,
      startedAt: g.startedAt?.toISOString() ?? null,
      nextChargeAt: g.status === 'cancelled' ? null : (g.nextChargeAt?.toISOString() ?? null),
      chargesCount: Number(sum?.count ?? 0),
      totalGivenCents: Number(sum?.cents ?? 0),
      cancelledAt: g.cancelledAt?.toISOString() ?? null,
      cancelReason: g.cancelReason,
    };
  });
}

/** The gifts of an account: made while signed in, or with its email once verified (as donations link). */
function ownedBy(user: { id: number; email: string | null }) {
  const mine = eq(recurringGifts.userId, user.id);
  return user.email ? or(mine, sql`lower(${recurringGifts.donorEmail}) = ${user.email.toLowerCase()}`) : mine;
}

async function verifiedEmail(db: Db, userId: number): Promise<{ id: number; email: string | null } | null> {
  const [user] = await db.select({ id: users.id, email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  return { id: user.id, email: user.verified ? user.email : null };
}

export async function listMemberGifts(db: Db, userId: number): Promise<MonthlyGift[]> {
  const user = await verifiedEmail(db, userId);
  if (!user) return [];
  const gifts = await db
    .select()
    .from(recurringGifts)
    // Started gifts, and a new one while its first payment is still open; an abandoned checkout is
    // not a monthly gift the donor has.
    .where(
      and(
        ownedBy(user),
        or(
          isNotNull(recurringGifts.startedAt),
          sql`EXISTS (SELECT 1 FROM donations d WHERE d.recurring_gift_id = ${recurringGifts.id} AND d.status = 'pending')`,
        ),
      ),
    )
    .orderBy(desc(recurringGifts.createdAt), desc(recurringGifts.id));
  return viewOf(db, gifts);
}

/** A gift of the signed-in account, or 404 (the same answer for someone else's gift as for none). */
async function memberGift(db: Db, userId: number, giftId: number): Promise<GiftRow> {
  const user = await verifiedEmail(db, userId);
  if (!user) throw notFound(mm.notFound);
  const [gift] = await db.select().from(recurringGifts).where(and(eq(recurringGifts.id, giftId), ownedBy(user))).limit(1);
  if (!gift) throw notFound(mm.notFound);
  return gift;
}

export async function cancelMemberGift(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; reason?: string; ip?: string | null }): Promise<MonthlyGift> {
  const gift = await memberGift(db, input.userId, input.giftId);
  const cancelled = await cancelMonthlyGift(db, { giftId: gift.id, by: 'donor', actor: input.actor, reason: input.reason, ip: input.ip, context: ctx });
  const [view] = await viewOf(db, [cancelled]);
  return view;
}

// ------------------------------------------------------------------------------------------ no-login link

/** The gift a signed link opens; 401 for a tampered, expired or other-purpose token. */
async function giftOfToken(db: Db, ctx: MonthlyContext, token: string): Promise<GiftRow> {
  const id = await ctx.links.verify(token, 'monthly-gift');
  if (id == null) throw unauthorized(mm.linkInvalid);
  const gift = await giftById(db, id);
  if (!gift) throw unauthorized(mm.linkInvalid);
  return gift;
}

export async function managedGift(db: Db, ctx: MonthlyContext, token: string): Promise<ManagedMonthlyGift> {
  const gift = await giftOfToken(db, ctx, token);
  const [view] = await viewOf(db, [gift]);
  return { ...view, donorName: gift.donorName };
}

export async function cancelManagedGift(db: Database, ctx: MonthlyContext, input: { token: string; reason?: string; ip?: string | null }): Promise<ManagedMonthlyGift> {
  const gift = await giftOfToken(db, ctx, input.token);
  await cancelMonthlyGift(db, { giftId: gift.id, by: 'donor', actor: null, reason: input.reason, ip: input.ip, context: ctx });
  return managedGift(db, ctx, input.token);
}

// ------------------------------------------------------------------------------------------ new checkouts

/**
 * A new gift that replaces `old` once paid: a change of amount, or the same amount with another card
 * (a past-due gift). With a provider, its checkout; with the simulated provider the first payment is
 * charged at once (the demo's card), so the change takes effect immediately.
 */
async function replaceGift(db: Database, ctx: MonthlyContext, old: GiftRow, amountCents: number, actor: Actor | null, ip: string | null | undefined): Promise<MonthlyCheckout> {
  const simulated = old.provider === 'simulated';
  if (!simulated && (!ctx.payments || ctx.payments.provider.name !== old.provider)) throw conflict(paymentMessages.noProvider);
  const first = await firstDonationOf(db, old);
  const { gift, donation } = await db.transaction(async (tx) => {
    const gift = await startMonthlyGift(tx, {
      donorName: old.donorName,
      donorEmail: old.donorEmail,
      userId: old.userId,
      amountCents,
      currency: old.currency,
      provider: old.provider,
      allowDuplicate: true,
      replacesGiftId: old.id,
    });
    let row = await insertDonation(tx, {
      ...donorIdentityOf(first),
      donorName: old.donorName,
      donorEmail: old.donorEmail,
      amountCents,
      currency: old.currency,
      donationType: 'monetary',
      description: donateMessages.description,
      source: 'public',
      userId: old.userId,
      cardLast4: simulated ? (first?.cardLast4 ?? null) : null,
      cardBrand: simulated ? (first?.cardBrand ?? null) : null,
      paymentMethod: 'card',
      paymentProvider: old.provider,
      recurringGiftId: gift.id,
      ...(old.currency === 'USD' && first?.exchangeRate
        ? { gtqCents: Math.round(amountCents * Number(first.exchangeRate)), exchangeRate: first.exchangeRate, exchangeRateDate: first.exchangeRateDate }
        : {}),
    });
    if (!simulated && ctx.payments) row = await openMonthlyCheckout(tx, ctx.payments, row, gift);
    await audit(tx, {
      actor,
      action: 'monthly_gift.replace_started',
      entityType: 'recurring_gift',
      entityId: old.id,
      details: { new_gift: gift.id, amount_cents: amountCents, reference: row.referenceCode },
      ip,
    });
    return { gift, donation: row };
  });
  if (simulated) {
    await chargeSimulated(db, ctx, donation.id);
    await finishReplacement(db, ctx, gift.id);
    return { checkoutUrl: null, giftId: gift.id };
  }
  return { checkoutUrl: donation.checkoutUrl, giftId: gift.id };
}

export async function changeMemberGiftAmount(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; amount: number; ip?: string | null }): Promise<MonthlyCheckout> {
  const gift = await memberGift(db, input.userId, input.giftId);
  if (gift.status !== 'active' && gift.status !== 'past_due' && gift.status !== 'paused') throw conflict(mm.notChangeable);
  const amountCents = toCents(input.amount);
  if (amountCents === gift.amountCents) throw fieldError('amount', mm.sameAmount);
  const system = await getSettings(db, 'system');
  if (gift.currency === 'GTQ' && amountCents < toCents(system.min_donation_amount)) {
    throw fieldError('amount', donateMessages.amountBelowMin(formatCents(toCents(system.min_donation_amount))));
  }
  if (gift.currency === 'GTQ' && amountCents > toCents(system.max_donation_amount)) {
    throw fieldError('amount', donateMessages.amountAboveMax(formatCents(toCents(system.max_donation_amount))));
  }
  return replaceGift(db, ctx, gift, amountCents, input.actor, input.ip);
}

/** "Actualizar tarjeta" from the link of the past-due email: a new checkout for the same amount. */
export async function updateManagedGiftCard(db: Database, ctx: MonthlyContext, input: { token: string; ip?: string | null }): Promise<MonthlyCheckout> {
  const gift = await giftOfToken(db, ctx, input.token);
  if (gift.status !== 'past_due') throw conflict(mm.notPastDue);
  return replaceGift(db, ctx, gift, gift.amountCents, null, input.ip);
}

// ------------------------------------------------------------------------------------------ simulated provider

/**
 * The demo's charge of one donation of a simulated gift: the ledger's `process` (the simulated card)
 * in the same transaction as the gift's update. Returns the completed (or failed) donation.
 */
async function chargeSimulated(db: Database, ctx: MonthlyContext, donationId: number): Promise<DonationRow | null> {
  try {
    return await transitionDonation(db, {
      id: donationId,
      action: 'process',
      actor: null,
      inTransaction: (tx, donation) => simulatedChargeSettled(tx, ctx, donation),
    });
  } catch (err) {
    if (err instanceof ConflictError) return null;
    throw err;
  }
}

/**
 * In the transaction of a simulated charge of a gift's donation, whether the job ran it or staff's
 * Procesar did: a paid charge starts or renews the gift at once, a declined one leaves it past due.
 */
export async function simulatedChargeSettled(tx: Db, ctx: Pick<MonthlyContext, 'links' | 'publicUrl'>, donation: DonationRow): Promise<void> {
  if (donation.recurringGiftId == null) return;
  if (donation.status === 'completed') await monthlyChargeCompleted(tx, ctx, donation);
  else await tx.update(recurringGifts).set({ status: 'past_due', pastDueReason: donation.failureReason, updatedAt: sql`now()` }).where(eq(recurringGifts.id, donation.recurringGiftId));
}

/**
 * The simulated provider's renewals (the offline demo): every simulated gift whose next charge is due
 * is charged once, with the card of its first payment; an incomplete one gets its first payment
 * charged. Each gift is claimed with SKIP LOCKED, so several processes never charge one twice.
 */
export async function chargeDueSimulatedGifts(db: Database, ctx: MonthlyContext, now = new Date(), limit = 50): Promise<number> {
  const due = await db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.provider, 'simulated'), inArray(recurringGifts.status, ['incomplete', 'active']), lte(recurringGifts.nextChargeAt, now)))
    .orderBy(asc(recurringGifts.nextChargeAt))
    .limit(limit);
  let charged = 0;
  for (const { id } of due) {
    // The gift stays locked from the claim to the charge's commit: another run skips it meanwhile.
    const done = await db.transaction(async (tx) => {
      const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, id)).for('update', { skipLocked: true }).limit(1);
      if (!gift || gift.nextChargeAt == null || gift.nextChargeAt > now || (gift.status !== 'incomplete' && gift.status !== 'active')) return null;
      const first = await firstDonationOf(tx, gift);
      let donationId: number;
      if (gift.status === 'incomplete') {
        if (first?.status !== 'pending') {
          // Completed by staff's Procesar meanwhile, or gone: nothing to charge now.
          await tx.update(recurringGifts).set({ nextChargeAt: null }).where(eq(recurringGifts.id, id));
          if (first?.status === 'completed') await monthlyChargeCompleted(tx, ctx, first);
          return null;
        }
        donationId = first.id;
      } else {
        donationId = (await insertRenewal(tx, gift, { amountCents: gift.amountCents, paymentId: null, cardLast4: first?.cardLast4, cardBrand: first?.cardBrand })).id;
      }
      return chargeSimulated(tx as Database, ctx, donationId);
    });
    if (done?.status === 'completed') charged += 1;
    if (done) await finishReplacement(db, ctx, id);
  }
  return charged;
}

/** The job: the demo's charges, and replacements whose old gift still waits to be cancelled. */
export async function runMonthlyGifts(app: FastifyInstance): Promise<void> {
  const ctx = monthlyContext(app);
  await chargeDueSimulatedGifts(app.db, ctx);
  const old = alias(recurringGifts, 'old');
  const waiting = await app.db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .innerJoin(old, eq(old.id, recurringGifts.replacesGiftId))
    .where(and(isNotNull(recurringGifts.startedAt), sql`${old.status} <> 'cancelled'`))
    .limit(50);
  for (const { id } of waiting) {
    try {
      await finishReplacement(app.db, ctx, id);
    } catch (err) {
      app.log.warn({ err, giftId: id }, 'monthly gift replacement failed');
    }
  }
}
