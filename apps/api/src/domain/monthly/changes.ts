// A monthly gift's change of amount, pause or card (docs/product.md#monthly-giving): a change of amount
// or a pause waits for the next charge date (./schedule.ts, decision 0038); a new card (a past-due gift)
// is a new gift that replaces the old one once its first payment is made.
import { toCents } from '@donaciones/shared/format';
import type { MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import { paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { Database } from '../../db/client';
import { conflict, fieldError } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { assertAmountWithinBounds } from '../giving/amount-bounds';
import { insertDonation } from '../ledger/transitions';
import { isSimulatedProvider } from '../payments/providers';
import { finishReplacement } from './cancel';
import { type GiftRow, type MonthlyContext, donorIdentityOf, firstDonationOf } from './monthly-gifts';
import { chargeSimulated } from './simulated-charges';
import { openMonthlyCheckout, startMonthlyGift } from './start';
import { pauseGift, resumeGift, scheduleAmountChange } from './schedule';
import { giftOfToken, memberGift } from './views';

/**
 * A new gift that replaces a past-due `old` once paid: the same or a new amount with another card. With
 * a provider, its checkout; with the simulated provider the first payment is charged at once (the
 * demo's card).
 */
async function replaceGift(db: Database, ctx: MonthlyContext, old: GiftRow, amountCents: number, actor: Actor | null, ip: string | null | undefined): Promise<MonthlyCheckout> {
  const simulated = isSimulatedProvider(old.provider);
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
      programId: old.programId,
    });
    let row = await insertDonation(tx, {
      ...donorIdentityOf(first),
      donorName: old.donorName,
      donorEmail: old.donorEmail,
      amountCents,
      currency: old.currency,
      donationType: 'monetary',
      description: mm.donationDescription,
      source: 'public',
      userId: old.userId,
      cardLast4: simulated ? (first?.cardLast4 ?? null) : null,
      cardBrand: simulated ? (first?.cardBrand ?? null) : null,
      paymentMethod: 'card',
      paymentProvider: old.provider,
      recurringGiftId: gift.id,
      programId: old.programId,
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

/**
 * "Cambiar monto" (decision 0038): nothing is charged now; the new amount starts at the next charge
 * date (./schedule.ts). A past-due gift has no date to wait for: its new amount is a new gift whose
 * first payment (with a card that works) replaces it, as "Actualizar tarjeta" does.
 */
async function changeAmount(db: Database, ctx: MonthlyContext, gift: GiftRow, amount: number, actor: Actor | null, ip: string | null | undefined): Promise<MonthlyCheckout> {
  if (gift.status !== 'active' && gift.status !== 'past_due' && gift.status !== 'paused') throw conflict(mm.notChangeable);
  const amountCents = toCents(amount);
  if (amountCents === (gift.pendingAmountCents ?? gift.amountCents)) throw fieldError('amount', mm.sameAmount);
  // The settings' bounds apply to every new amount as to a new gift (../giving/amount-bounds.ts).
  await assertAmountWithinBounds(db, { amountCents, currency: paymentCurrency(gift.currency) });
  if (gift.status === 'past_due') return replaceGift(db, ctx, gift, amountCents, actor, ip);
  return scheduleAmountChange(db, ctx, gift, amountCents, { actor, ip });
}

export async function changeMemberGiftAmount(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; amount: number; ip?: string | null }): Promise<MonthlyCheckout> {
  return changeAmount(db, ctx, await memberGift(db, input.userId, input.giftId), input.amount, input.actor, input.ip);
}

/** "Cambiar monto" from the emails' signed link, without signing in. */
export async function changeManagedGiftAmount(db: Database, ctx: MonthlyContext, input: { token: string; amount: number; ip?: string | null }): Promise<MonthlyCheckout> {
  return changeAmount(db, ctx, await giftOfToken(db, ctx, input.token), input.amount, null, input.ip);
}

/** "Pausar" (skip the next 1 to 3 charges) from the donor area. */
export async function pauseMemberGift(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; months: number; ip?: string | null }): Promise<MonthlyCheckout> {
  return pauseGift(db, ctx, await memberGift(db, input.userId, input.giftId), input.months, { actor: input.actor, ip: input.ip });
}

/** "Reanudar ahora" of a paused gift from the donor area (decision 0069). */
export async function resumeMemberGift(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; ip?: string | null }): Promise<MonthlyCheckout> {
  return resumeGift(db, ctx, await memberGift(db, input.userId, input.giftId), { actor: input.actor, ip: input.ip });
}

/** "Reanudar ahora" from the emails' signed link, without signing in: the donor area's resume, no actor. */
export async function resumeManagedGift(db: Database, ctx: MonthlyContext, input: { token: string; ip?: string | null }): Promise<MonthlyCheckout> {
  return resumeGift(db, ctx, await giftOfToken(db, ctx, input.token), { actor: null, ip: input.ip });
}

/** "Pausar" from the emails' signed link, without signing in. */
export async function pauseManagedGift(db: Database, ctx: MonthlyContext, input: { token: string; months: number; ip?: string | null }): Promise<MonthlyCheckout> {
  return pauseGift(db, ctx, await giftOfToken(db, ctx, input.token), input.months, { actor: null, ip: input.ip });
}

/** "Actualizar tarjeta" from the link of the past-due email: a new checkout for the same amount. */
export async function updateManagedGiftCard(db: Database, ctx: MonthlyContext, input: { token: string; ip?: string | null }): Promise<MonthlyCheckout> {
  const gift = await giftOfToken(db, ctx, input.token);
  if (gift.status !== 'past_due') throw conflict(mm.notPastDue);
  return replaceGift(db, ctx, gift, gift.amountCents, null, input.ip);
}
