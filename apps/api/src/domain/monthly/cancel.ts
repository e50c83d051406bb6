// Cancelling a monthly gift (docs/product.md#monthly-giving): at the provider first, then the row;
// and the end of a gift another one replaced.
import { and, eq, sql } from 'drizzle-orm';
import { formatLongDate } from '@donaciones/shared/format';
import type { Database, Db } from '../../db/client';
import { donations, recurringGifts } from '../../db/schema';
import { ConflictError, ProviderFailedError, conflict, notFound } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { manageUrl } from '../ledger/links';
import { transitionDonation } from '../ledger/transitions';
import { ProviderError } from '../payments/provider';
import { type GiftRow, type MonthlyContext, amountOf, firstDonationOf, giftById, linkSubscription, lockGift } from './monthly-gifts';
import { sponsorshipsOfGiftEnded } from './sponsorship-end';
import { greetingName } from '../ledger/greeting';

/**
 * Cancels a monthly gift: at the provider first (`DELETE /subscriptions/{id}`; one it no longer knows
 * counts as cancelled), then the row, the audit entry and the confirmation email in one transaction.
 * Called by the donor (member API or the signed link) and by staff (reason required there).
 */
export async function cancelMonthlyGift(
  db: Database,
  input: {
    giftId: number;
    by: 'donor' | 'staff';
    actor: Actor | null;
    reason?: string | null;
    ip?: string | null;
    context: MonthlyContext;
    replacedBy?: GiftRow;
    /** The email to send instead of the usual confirmation (a sponsorship's gift cancelled after its grace period). */
    notice?: (link: string, gift: GiftRow) => { subject: string; text: string; template: string };
  },
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
    for (const { id } of open) await transitionDonation(tx, { id, action: 'cancel', actor: input.actor, ip: input.ip });
    const endedSponsorships = await sponsorshipsOfGiftEnded(tx, gift.id, input.replacedBy?.id);
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
      ...(input.replacedBy
        ? await replacementEmail(tx, current, input.replacedBy, link)
        : input.notice
          ? input.notice(link, current)
          : { subject: mm.cancelledSubject, text: mm.cancelledText(await greetingName(tx, current), amountOf(current), reason, link, endedSponsorships), template: 'monthly-gift-cancelled' }),
    });
    return updated;
  });
}

/**
 * The one email of a replacement: a trial gift (decision 0038, no payment of its own) is a pause (or a
 * change of amount during one), an early resume of a paused gift at the same amount (decision 0069) or a change of amount from its first
 * charge date; otherwise the new gift's first payment was made.
 */
async function replacementEmail(tx: Db, old: GiftRow, by: GiftRow, link: string): Promise<{ subject: string; text: string; template: string }> {
  const trial = by.nextChargeAt != null && (await firstDonationOf(tx, by)) == null;
  const name = await greetingName(tx, old);
  if (trial && by.pausedUntil && old.status === 'paused') {
    // A change of amount asked during a pause: still paused, the new amount from the pause's end.
    return { subject: mm.changeScheduledSubject, text: mm.changeWhilePausedText(name, amountOf(by), formatLongDate(by.pausedUntil), link), template: 'monthly-gift-change-scheduled' };
  }
  if (trial && by.pausedUntil) {
    return { subject: mm.pausedSubject, text: mm.trialPausedText(name, amountOf(by), formatLongDate(by.pausedUntil), link), template: 'monthly-gift-paused' };
  }
  if (trial && by.nextChargeAt && old.status === 'paused' && by.amountCents === old.amountCents) {
    return { subject: mm.resumedSubject, text: mm.resumedText(name, amountOf(by), formatLongDate(by.nextChargeAt), link), template: 'monthly-gift-resumed' };
  }
  if (trial && by.nextChargeAt) {
    return {
      subject: mm.changeScheduledSubject,
      text: mm.changeScheduledText(name, amountOf(old), amountOf(by), formatLongDate(by.nextChargeAt), link),
      template: 'monthly-gift-change-scheduled',
    };
  }
  return { subject: mm.replacedSubject, text: mm.replacedText(name, amountOf(old), amountOf(by), link), template: 'monthly-gift-replaced' };
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
