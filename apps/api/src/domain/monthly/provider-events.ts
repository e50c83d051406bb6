// A monthly gift's provider events (docs/product.md#monthly-giving): the subscription's news and the
// payments that charge it (the first payment and every renewal), already read into the product's
// events by the provider's adapter and sent here by the dispatcher (domain/giving/provider-events.ts).
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { donations, recurringGifts } from '../../db/schema';
import { ConflictError, ProviderFailedError } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import { audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { manageUrl } from '../ledger/links';
import { type DonationRow, type PaymentDetails, transitionDonation } from '../ledger/transitions';
import { type PaymentContext, donationOfCheckout } from '../payments/checkouts';
import type { PaymentEvent, PaymentFacts, SubscriptionFacts } from '../payments/events';
import { ProviderError } from '../payments/provider';
import { type Unapplied, amountMismatch } from '../payments/problems';
import { completeDetails, paymentDetails } from '../payments/settlement';
import { finishReplacement } from './cancel';
import { sponsorshipsOfGiftEnded } from './sponsorship-end';
import { startTrialGift } from './trial-replacement';
import { type GiftRow, type MonthlyContext, amountOf, firstDonationOf, giftById, insertRenewal, linkSubscription, lockGift } from './monthly-gifts';
import { greetingName } from '../ledger/greeting';

export interface MonthlyEventResult {
  unapplied: Unapplied | null;
  donationId: number | null;
}

const notApplied = (error: string, problem: Unapplied['problem'] = null): MonthlyEventResult => ({ unapplied: { problem, error }, donationId: null });

type SubscriptionEvent = Extract<PaymentEvent, { subscription: SubscriptionFacts }>;

/** Applies a verified, newly stored monthly event. Returns why it could not be applied, if so. */
export async function applyMonthlyEvent(db: Database, ctx: PaymentContext, event: PaymentEvent): Promise<MonthlyEventResult> {
  if (event.kind === 'paid' || event.kind === 'failed') return applyCharge(db, ctx, event.kind === 'paid', event.payment);
  if ('subscription' in event) return applySubscriptionNews(db, ctx, event);
  return { unapplied: null, donationId: null };
}

async function applySubscriptionNews(db: Database, ctx: PaymentContext, event: SubscriptionEvent): Promise<MonthlyEventResult> {
  const monthly: MonthlyContext = { payments: ctx, links: ctx.links, publicUrl: ctx.publicUrl };
  const { subscriptionId, paymentId } = event.subscription;
  if (event.kind === 'subscription_setup') return applySetup(db, ctx, monthly, subscriptionId);
  let gift = await findGift(db, ctx, { subscriptionId, paymentId });
  if (!gift && event.kind === 'subscription_started') gift = await giftByCustomer(db, event.subscription);
  if (!gift) return notApplied(mm.noGiftForSubscription);
  gift = await linkSubscription(db, gift, subscriptionId);
  if (event.kind === 'subscription_past_due') await markPastDue(db, monthly, gift);
  else if (event.kind === 'subscription_paused') await markPaused(db, gift);
  else if (event.kind === 'subscription_cancelled') await endByProvider(db, monthly, gift);
  return { unapplied: null, donationId: null };
}

/**
 * A trial subscription started (decision 0038): the gift it is for is found by its subscription, or by
 * the checkout the provider says opened it; that gift starts and the one it replaces ends.
 */
async function applySetup(db: Database, ctx: PaymentContext, monthly: MonthlyContext, subscriptionId: string | null): Promise<MonthlyEventResult> {
  if (!subscriptionId) return notApplied(mm.noGiftForSubscription);
  let gift = await findGift(db, ctx, { subscriptionId });
  if (!gift) {
    try {
      const { checkoutId } = await ctx.provider.getSubscription(subscriptionId);
      if (checkoutId) gift = await findGift(db, ctx, { checkoutId });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      throw new ProviderFailedError(paymentMessages.providerUnavailable);
    }
  }
  if (!gift) return notApplied(mm.noGiftForSubscription);
  await startTrialGift(db, monthly, gift.id, subscriptionId);
  return { unapplied: null, donationId: null };
}

/**
 * A charge of a gift, paid or declined. Keyed by the payment id: a replay (under any delivery id)
 * finds its donation and records nothing new. Until the first donation is paid, a payment of the gift
 * is its first payment (the donor may have tried another card on the same checkout after a decline);
 * afterwards it is a renewal, a new donation of the gift. A payment completes only the charge's own
 * amount and currency; a payment of an earlier checkout or another subscription once the first
 * payment is made is a duplicate for staff to refund, never a renewal.
 */
async function applyCharge(db: Database, ctx: PaymentContext, succeeded: boolean, facts: PaymentFacts): Promise<MonthlyEventResult> {
  const { paymentId, subscriptionId } = facts;
  let gift = await findGift(db, ctx, { subscriptionId, checkoutId: facts.checkoutId, giftId: facts.giftId, paymentId });
  if (!gift) return notApplied(facts.checkoutId ? paymentMessages.unknownCheckout : paymentMessages.noDonation, succeeded ? 'unknown_checkout' : null);
  if (!paymentId) return notApplied(mm.paymentWithoutId, succeeded ? 'amount_mismatch' : null);
  const [known] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.paymentProvider, ctx.provider.name), eq(donations.paymentReference, paymentId)))
    .limit(1);
  const first = await firstDonationOf(db, gift);
  if (succeeded && !known && first && isDuplicate(gift, first, facts)) return duplicatePayment(db, ctx, gift, first, facts);
  gift = await linkSubscription(db, gift, subscriptionId);

  let target: DonationRow | null = known ?? null;
  if (!target && first && first.status !== 'completed' && first.status !== 'refunded') {
    if (!succeeded && first.status !== 'pending') return { unapplied: null, donationId: first.id };
    target = first;
  }
  if (succeeded) {
    const mismatch = amountMismatch(facts, { amountCents: target?.amountCents ?? gift.amountCents, currency: gift.currency });
    if (mismatch) return { unapplied: mismatch, donationId: target?.id ?? null };
  }
  const charge = { gift, target, details: paymentDetails(facts), amountCents: facts.amountCents ?? gift.amountCents, paymentId };
  return succeeded ? chargePaid(db, ctx, charge) : chargeDeclined(db, ctx, charge);
}

/** Paid once the first payment is made, yet from another subscription or an earlier checkout of the first payment. */
function isDuplicate(gift: GiftRow, first: DonationRow, facts: PaymentFacts): boolean {
  if (first.status !== 'completed' && first.status !== 'refunded') return false;
  if (facts.subscriptionId && gift.subscriptionId && facts.subscriptionId !== gift.subscriptionId) return true;
  return facts.checkoutId != null && first.checkoutId != null && facts.checkoutId !== first.checkoutId && gift.checkoutId !== facts.checkoutId;
}

/**
 * A second payment of a gift's first charge: kept on the first donation for staff to refund, and the
 * subscription it started (if other than the gift's) cancelled at once so it never charges again.
 */
async function duplicatePayment(db: Database, ctx: PaymentContext, gift: GiftRow, first: DonationRow, facts: PaymentFacts): Promise<MonthlyEventResult> {
  if (facts.subscriptionId && facts.subscriptionId !== gift.subscriptionId) {
    try {
      await ctx.provider.cancelSubscription(facts.subscriptionId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
    }
  }
  return { unapplied: { problem: 'duplicate_payment', error: paymentMessages.duplicatePayment(first.referenceCode) }, donationId: first.id };
}

interface Charge {
  gift: GiftRow;
  /** The donation the payment settles; null: a renewal, recorded now. */
  target: DonationRow | null;
  details: PaymentDetails;
  amountCents: number;
  paymentId: string;
}

const renewalOf = (charge: Charge) => ({
  amountCents: charge.amountCents,
  paymentId: charge.paymentId,
  cardLast4: charge.details.cardLast4,
  cardBrand: charge.details.cardNetwork,
});

async function chargePaid(db: Database, ctx: PaymentContext, { gift, target, details, ...charge }: Charge): Promise<MonthlyEventResult> {
  if (target?.status === 'completed' || target?.status === 'refunded') {
    await completeDetails(db, target.id, details);
    return { unapplied: null, donationId: target.id };
  }
  try {
    const done = await db.transaction(async (tx) => {
      const row = target ?? (await insertRenewal(tx, gift, renewalOf({ gift, target, details, ...charge })));
      return transitionDonation(tx, { id: row.id, action: 'pay', actor: null, payment: details, source: 'webhook', links: ctx });
    });
    await finishReplacement(db, { payments: ctx, links: ctx.links, publicUrl: ctx.publicUrl }, done.recurringGiftId);
    await stopIfCancelled(db, ctx, gift.id);
    return { unapplied: null, donationId: done.id };
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    // Another path (the return page, the job) completed this payment's donation first.
    if (target) await completeDetails(db, target.id, details);
    return { unapplied: null, donationId: target?.id ?? null };
  }
}

/**
 * A declined charge: the first payment's donation is declined (the donor may try again, and is told
 * by email); a renewal's is recorded as a failed donation of the gift, its reason kept for the
 * past-due email that follows (the ledger's completion step does both).
 */
async function chargeDeclined(db: Database, ctx: PaymentContext, charge: Charge): Promise<MonthlyEventResult> {
  const { gift, target, details } = charge;
  if (target && target.status !== 'pending') return { unapplied: null, donationId: target.id };
  const failed = await db.transaction(async (tx) => {
    const row = target ?? (await insertRenewal(tx, gift, renewalOf(charge)));
    return transitionDonation(tx, { id: row.id, action: 'decline', actor: null, payment: details, source: 'webhook', links: ctx });
  });
  return { unapplied: null, donationId: failed.id };
}

/** subscription.create before any payment told the subscription: the incomplete gift of that email and amount. */
async function giftByCustomer(db: Db, facts: SubscriptionFacts): Promise<GiftRow | null> {
  const { customerEmail: email, amountCents: amount } = facts;
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

/**
 * The gift an event is about: by its subscription id, its checkout (the gift's, or any checkout opened
 * for one of its donations), or, for an event naming no checkout, the gift in the metadata.
 */
async function findGift(db: Db, ctx: PaymentContext, keys: { subscriptionId?: string | null; checkoutId?: string | null; giftId?: string | null; paymentId?: string | null }): Promise<GiftRow | null> {
  if (keys.subscriptionId) {
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.subscriptionId, keys.subscriptionId)).limit(1);
    if (gift) return gift;
  }
  if (keys.checkoutId) {
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.checkoutId, keys.checkoutId)).limit(1);
    if (gift) return gift;
    const opened = await donationOfCheckout(db, ctx.provider.name, keys.checkoutId);
    return opened?.recurringGiftId == null ? null : giftById(db, opened.recurringGiftId);
  }
  if (keys.giftId && /^\d{1,9}$/.test(keys.giftId)) {
    const gift = await giftById(db, Number(keys.giftId));
    if (gift) return gift;
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

async function markPastDue(db: Database, ctx: MonthlyContext, gift: GiftRow): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status === 'cancelled') return;
    await tx.update(recurringGifts).set({ status: 'past_due', updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
    await audit(tx, { actor: null, action: 'monthly_gift.past_due', entityType: 'recurring_gift', entityId: gift.id, details: { reason: current.pastDueReason } });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.pastDueSubject,
      text: mm.pastDueText(await greetingName(tx, current), amountOf(current), current.pastDueReason ?? mm.pastDueUnknownReason, await manageUrl(ctx, gift.id)),
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
    await sponsorshipsOfGiftEnded(tx, gift.id);
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.cancelledSubject,
      text: mm.endedByProviderText(await greetingName(tx, current), amountOf(current), await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-ended',
    });
  });
}
