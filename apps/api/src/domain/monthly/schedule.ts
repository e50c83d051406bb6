// A monthly gift's change of amount and pause (docs/product.md#monthly-giving, decision 0038): the
// product holds the schedule. Nothing is charged when the donor asks; a new amount starts at the next
// charge date, on the same day of the month, and a pause skips the next 1 to 3 charges and resumes by
// itself. With the simulated provider the gift's row carries the change (`pending_amount_cents` from
// `pending_from`) or the pause (`paused_until`) and the monthly job charges accordingly. With a
// gateway (Recurrente has no endpoint to change a subscription's amount or pause it) the donor
// confirms a new subscription whose free trial ends on that date: ./trial-replacement.ts.
import { eq, sql } from 'drizzle-orm';
import { formatLongDate } from '@donaciones/shared/format';
import type { MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import type { Database, Db } from '../../db/client';
import { recurringGifts } from '../../db/schema';
import { conflict, fieldError } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { addMonth, manageUrl } from '../ledger/links';
import { isSimulatedProvider } from '../payments/providers';
import { type GiftRow, type MonthlyContext, amountOf, lockGift } from './monthly-gifts';
import { openTrialReplacement } from './trial-replacement';
import { TRANSFER_PROVIDER } from './transfer';

interface Request {
  actor: Actor | null;
  ip?: string | null;
}

/** The date the gift's next charge is due (after a pause, the date it resumes), or 409. */
function nextChargeOf(gift: GiftRow): Date {
  if (!gift.nextChargeAt) throw conflict(mm.noNextCharge);
  return gift.nextChargeAt;
}

/**
 * A new monthly amount from the next charge date. Asking for the current amount while a change is
 * pending drops that change. Simulated: recorded on the gift, one email. Gateway: a trial checkout.
 */
export async function scheduleAmountChange(db: Database, ctx: MonthlyContext, gift: GiftRow, amountCents: number, req: Request): Promise<MonthlyCheckout> {
  if (gift.status !== 'active' && gift.status !== 'paused') throw conflict(mm.notChangeable);
  // A gift by transfer has no checkout to confirm a change in: the office adjusts it (decision 0045).
  if (gift.provider === TRANSFER_PROVIDER) throw conflict(mm.transferNotChangeable);
  if (amountCents === (gift.pendingAmountCents ?? gift.amountCents)) throw fieldError('amount', mm.sameAmount);
  const from = nextChargeOf(gift);
  if (!isSimulatedProvider(gift.provider)) {
    return openTrialReplacement(db, ctx, gift, { kind: 'change', amountCents, firstChargeAt: from, ...req });
  }
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || (current.status !== 'active' && current.status !== 'paused')) throw conflict(mm.notChangeable);
    const drop = amountCents === current.amountCents;
    await tx
      .update(recurringGifts)
      .set({ pendingAmountCents: drop ? null : amountCents, pendingFrom: drop ? null : from, updatedAt: sql`now()` })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, {
      actor: req.actor,
      action: drop ? 'monthly_gift.amount_change_dropped' : 'monthly_gift.amount_change_scheduled',
      entityType: 'recurring_gift',
      entityId: gift.id,
      details: { from_cents: current.amountCents, to_cents: amountCents, from_date: from.toISOString() },
      ip: req.ip,
    });
    const link = await manageUrl(ctx, gift.id);
    const newAmount = amountOf({ amountCents, currency: current.currency });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.changeScheduledSubject,
      text: drop
        ? mm.changeDroppedText(current.donorName, newAmount, formatLongDate(from), link)
        : mm.changeScheduledText(current.donorName, amountOf(current), newAmount, formatLongDate(from), link),
      template: 'monthly-gift-change-scheduled',
    });
  });
  return { checkoutUrl: null, giftId: gift.id };
}

/**
 * Skips the next `months` charges of an active gift: the next charge moves that many months on, on
 * the same day. Simulated: the gift is paused until then, one email. Gateway: a trial checkout.
 */
export async function pauseGift(db: Database, ctx: MonthlyContext, gift: GiftRow, months: number, req: Request): Promise<MonthlyCheckout> {
  if (gift.status !== 'active') throw conflict(mm.notPausable);
  if (gift.provider === TRANSFER_PROVIDER) throw conflict(mm.transferNotChangeable);
  const resume = addMonth(nextChargeOf(gift), months);
  if (!isSimulatedProvider(gift.provider)) {
    return openTrialReplacement(db, ctx, gift, { kind: 'pause', amountCents: gift.pendingAmountCents ?? gift.amountCents, firstChargeAt: resume, months, ...req });
  }
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status !== 'active') throw conflict(mm.notPausable);
    await tx
      .update(recurringGifts)
      .set({
        status: 'paused',
        pausedUntil: resume,
        nextChargeAt: resume,
        // A change asked for before the pause starts with the first charge after it.
        ...(current.pendingAmountCents != null ? { pendingFrom: resume } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, {
      actor: req.actor,
      action: 'monthly_gift.pause',
      entityType: 'recurring_gift',
      entityId: gift.id,
      details: { months, until: resume.toISOString() },
      ip: req.ip,
    });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.pausedSubject,
      text: mm.pausedText(current.donorName, amountOf({ amountCents: current.pendingAmountCents ?? current.amountCents, currency: current.currency }), months, formatLongDate(resume), await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-paused',
    });
  });
  return { checkoutUrl: null, giftId: gift.id };
}

/**
 * In the simulated charge's transaction, before a due renewal is recorded: a pause that ended makes
 * the gift active again, and a change of amount whose date has come becomes the gift's amount.
 */
export async function applyDueSchedule(tx: Db, gift: GiftRow, now: Date): Promise<GiftRow> {
  const changeDue = gift.pendingAmountCents != null && gift.pendingFrom != null && gift.pendingFrom <= now;
  if (!changeDue && gift.status !== 'paused') return gift;
  const [updated] = await tx
    .update(recurringGifts)
    .set({
      status: 'active',
      pausedUntil: null,
      ...(changeDue ? { amountCents: gift.pendingAmountCents as number, pendingAmountCents: null, pendingFrom: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(recurringGifts.id, gift.id))
    .returning();
  await audit(tx, {
    actor: null,
    action: changeDue ? 'monthly_gift.amount_changed' : 'monthly_gift.resumed',
    entityType: 'recurring_gift',
    entityId: gift.id,
    details: changeDue ? { from_cents: gift.amountCents, to_cents: updated.amountCents } : {},
  });
  return updated;
}
