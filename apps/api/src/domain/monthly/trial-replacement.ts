// A change of amount or a pause of a gateway's monthly gift (decision 0038). Recurrente documents no
// call that changes a subscription's amount or pauses it, and cannot charge a saved card outside a
// subscription; what it documents is a recurring checkout item with a free trial
// (`free_trial_interval` week|month|year, `free_trial_interval_count`): the donor confirms the card,
// nothing is charged (`setup_intent.succeeded`), and the subscription's first charge comes when the
// trial ends. So the product opens a new gift whose checkout's trial ends on the date the new amount
// (or the end of the pause) is due, in whole weeks, rounded up so nothing is charged before it; once
// the card is confirmed the new gift is active and the old subscription is cancelled (never charged
// again), with one email.
import { eq, sql } from 'drizzle-orm';
import type { MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import { paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { Database } from '../../db/client';
import { recurringGifts } from '../../db/schema';
import { ProviderFailedError, conflict } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import { manageUrl } from '../ledger/links';
import { ProviderError } from '../payments/provider';
import { finishReplacement } from './cancel';
import { type GiftRow, type MonthlyContext, firstDonationOf, lockGift } from './monthly-gifts';
import { startMonthlyGift } from './start';

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** The trial counts from the card's confirmation: the checkout is open one hour, so the date holds. */
const TRIAL_CHECKOUT_LIFETIME_MS = 60 * 60_000;

/** Whole weeks from `now` to `date`, rounded up (at least one): the trial never ends before the date. */
export const trialWeeks = (date: Date, now = new Date()) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / WEEK_MS));

/** The first charge of a trial opened `now` for `date`: the date, or up to six days later. */
export const trialFirstCharge = (date: Date, now = new Date()) => new Date(now.getTime() + trialWeeks(date, now) * WEEK_MS);

export async function openTrialReplacement(
  db: Database,
  ctx: MonthlyContext,
  old: GiftRow,
  input: { kind: 'change' | 'pause' | 'resume'; amountCents: number; firstChargeAt: Date; months?: number; actor: Actor | null; ip?: string | null },
): Promise<MonthlyCheckout> {
  const payments = ctx.payments;
  if (!payments || payments.provider.name !== old.provider) throw conflict(paymentMessages.noProvider);
  const now = new Date();
  const weeks = trialWeeks(input.firstChargeAt, now);
  const firstCharge = trialFirstCharge(input.firstChargeAt, now);
  // A change of amount asked during a pause keeps the pause: the new gift is paused until its trial
  // ends (the pause's end, whole weeks), as the simulated provider keeps the paused gift and its change.
  const paused = input.kind === 'pause' || (input.kind === 'change' && old.status === 'paused');
  return db.transaction(async (tx) => {
    const gift = await startMonthlyGift(tx, {
      donorName: old.donorName,
      donorEmail: old.donorEmail,
      userId: old.userId,
      amountCents: input.amountCents,
      currency: old.currency,
      provider: old.provider,
      allowDuplicate: true,
      replacesGiftId: old.id,
      programId: old.programId,
    });
    const org = await getSettings(tx, 'organization');
    let checkout;
    try {
      checkout = await payments.provider.createCheckout({
        itemName: mm.itemName(org.name),
        amountCents: input.amountCents,
        currency: paymentCurrency(old.currency),
        successUrl: await manageUrl(ctx, gift.id),
        cancelUrl: await manageUrl(ctx, old.id),
        expiresAt: new Date(now.getTime() + TRIAL_CHECKOUT_LIFETIME_MS),
        giftId: gift.id,
        monthly: true,
        freeTrial: { interval: 'week', count: weeks },
      });
    } catch (err) {
      if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.providerUnavailable);
      throw err;
    }
    await tx
      .update(recurringGifts)
      .set({ checkoutId: checkout.id, nextChargeAt: firstCharge, pausedUntil: paused ? firstCharge : null, updatedAt: sql`now()` })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, {
      actor: input.actor,
      action: 'monthly_gift.replace_started',
      entityType: 'recurring_gift',
      entityId: old.id,
      details: { new_gift: gift.id, kind: input.kind, amount_cents: input.amountCents, first_charge: firstCharge.toISOString(), trial_weeks: weeks, ...(input.months ? { months: input.months } : {}) },
      ip: input.ip,
    });
    return { checkoutUrl: checkout.checkoutUrl, giftId: gift.id };
  });
}

/**
 * The card of a trial gift is confirmed (`setup_intent.succeeded`, or its checkout read as paid): the
 * gift is active with its first charge at the trial's end, and the gift it replaces ends.
 */
export async function startTrialGift(db: Database, ctx: MonthlyContext, giftId: number, subscriptionId: string | null): Promise<void> {
  const started = await db.transaction(async (tx) => {
    const gift = await lockGift(tx, giftId);
    // Only a trial gift: no donation of its own (a new card's gift starts with its first payment).
    if (!gift || gift.status !== 'incomplete' || gift.replacesGiftId == null || (await firstDonationOf(tx, gift))) return false;
    await tx
      .update(recurringGifts)
      .set({
        // A pause's gift shows as paused until its trial ends with the first charge (which makes it active).
        status: gift.pausedUntil ? 'paused' : 'active',
        startedAt: sql`now()`,
        subscriptionId: gift.subscriptionId ?? subscriptionId,
        updatedAt: sql`now()`,
      })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, { actor: null, action: 'monthly_gift.trial_started', entityType: 'recurring_gift', entityId: gift.id, details: { replaces: gift.replacesGiftId, first_charge: gift.nextChargeAt?.toISOString() ?? null } });
    return true;
  });
  if (started) await finishReplacement(db, ctx, giftId);
}

/**
 * The return page of a trial checkout (the gift's signed link) without webhooks (Recurrente's test
 * mode sends none): a paid checkout naming its subscription starts the gift.
 */
export async function confirmTrialCheckout(db: Database, ctx: MonthlyContext, gift: GiftRow): Promise<boolean> {
  const payments = ctx.payments;
  if (gift.status !== 'incomplete' || gift.replacesGiftId == null || !gift.checkoutId || !payments || payments.provider.name !== gift.provider) return false;
  try {
    const checkout = await payments.provider.getCheckout(gift.checkoutId);
    if (checkout.status !== 'paid') return false;
    await startTrialGift(db, ctx, gift.id, checkout.subscriptionId);
    return true;
  } catch (err) {
    if (err instanceof ProviderError) return false;
    throw err;
  }
}
