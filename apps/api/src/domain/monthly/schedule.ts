// A monthly gift's change of amount, pause and early resume (docs/product.md#monthly-giving, decisions
// 0038 and 0069): the product holds the schedule. Nothing is charged when the donor asks; a new amount
// starts at the next charge date, on the same day of the month, a pause skips the next 1 to 3 charges
// and resumes by itself, and "Reanudar ahora" brings the next charge back to the first billing day
// ahead. With the simulated provider the gift's row carries the change (`pending_amount_cents` from
// `pending_from`) or the pause (`paused_until`) and the monthly job charges accordingly. With a
// gateway (Recurrente has no endpoint to change a subscription's amount or pause it) the donor
// confirms a new subscription whose free trial ends on that date: ./trial-replacement.ts.
import { eq, sql } from 'drizzle-orm';
import { formatLongDate } from '@donaciones/shared/format';
import type { MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recurringGifts } from '../../db/schema';
import { conflict, fieldError } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { addMonth, billingDayAfter, manageUrl, ownBillingDay } from '../ledger/links';
import { isSimulatedProvider } from '../payments/providers';
import { type GiftRow, type MonthlyContext, amountOf, lockGift } from './monthly-gifts';
import { openTrialReplacement, trialFirstCharge } from './trial-replacement';
import { TRANSFER_PROVIDER } from './transfer';
import { greetingName } from '../ledger/greeting';

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
    const name = await greetingName(tx, current);
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.changeScheduledSubject,
      text: drop
        ? mm.changeDroppedText(name, newAmount, formatLongDate(from), link)
        : current.status === 'paused'
          ? mm.changeWhilePausedText(name, newAmount, formatLongDate(from), link)
          : mm.changeScheduledText(name, amountOf(current), newAmount, formatLongDate(from), link),
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
  const resume = billingDayAfter(nextChargeOf(gift), months, ownBillingDay(gift));
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
      text: mm.pausedText(await greetingName(tx, current), amountOf({ amountCents: current.pendingAmountCents ?? current.amountCents, currency: current.currency }), months, formatLongDate(resume), await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-paused',
    });
  });
  return { checkoutUrl: null, giftId: gift.id };
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

type Schedulable = Pick<GiftRow, 'status' | 'provider' | 'pausedUntil' | 'nextChargeAt' | 'startedAt' | 'replacesGiftId' | 'importId'>;

/**
 * When a paused gift was last charged: its latest completed donation, or that of the gifts it replaced
 * (a gateway's pause is a new gift with no payment of its own, decision 0038). Null if never charged.
 */
export async function lastChargeOf(db: Db, gift: Pick<GiftRow, 'id' | 'replacesGiftId'>): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(await db.execute(sql`
    WITH RECURSIVE chain(id, replaces) AS (
      SELECT id, replaces_gift_id FROM recurring_gifts WHERE id = ${gift.id}
      UNION SELECT g.id, g.replaces_gift_id FROM recurring_gifts g JOIN chain c ON g.id = c.replaces
    )
    SELECT max(coalesce(d.completed_at, d.created_at)) AS at
    FROM donations d JOIN chain c ON d.recurring_gift_id = c.id WHERE d.status = 'completed'`));
  return row?.at ? new Date(row.at) : null;
}

/**
 * The first of a paused gift's billing days still ahead: the same day of the month as the pause's end,
 * a month back at a time while that day is after `now` and about a month after the last charge (a
 * gateway's pause moved the day by up to six days: it must not bring a charge back into the month
 * already paid). Resuming early skips no charge still to come and never charges twice in a month.
 */
function firstBillingDayAhead(gift: Schedulable, lastCharge: Date | null, now: Date): { day: Date; end: Date } | null {
  const end = gift.pausedUntil ?? gift.nextChargeAt;
  if (gift.status !== 'paused' || gift.provider === TRANSFER_PROVIDER || !end) return null;
  // A week of slack: a charge is recorded when it is made, a little after its day; the day a gateway's
  // pause moved (up to six days) from the last charge stays below it.
  const floor = lastCharge ? new Date(addMonth(lastCharge).getTime() - WEEK_MS) : null;
  let day = end;
  const ownDay = ownBillingDay(gift);
  // A pause is at most three months (and a trial's, whole weeks): a year back is always enough.
  for (let back = 1; back <= 12; back++) {
    const earlier = billingDayAfter(end, -back, ownDay);
    if (earlier.getTime() <= now.getTime() || (floor && earlier.getTime() < floor.getTime())) break;
    day = earlier;
  }
  return { day, end };
}

/**
 * When the next charge would be if the paused gift resumed now ("Reanudar ahora"): its first billing
 * day ahead, or with a gateway the end of a trial in whole weeks (./trial-replacement.ts). Null when
 * that is not before the pause's end (resuming would change nothing) or the gift is not paused.
 */
export function earlyResumeChargeAt(gift: Schedulable, lastCharge: Date | null, now = new Date()): Date | null {
  const ahead = firstBillingDayAhead(gift, lastCharge, now);
  if (!ahead) return null;
  const next = isSimulatedProvider(gift.provider) ? ahead.day : trialFirstCharge(ahead.day, now);
  return next.getTime() < ahead.end.getTime() ? next : null;
}

/**
 * "Reanudar ahora" (decision 0069): a paused gift's charges start again from its first billing day
 * ahead; nothing is charged now. Simulated: the gift is active again with that next charge (a change
 * of amount asked before starts with it), one email. Gateway: Recurrente documents no call to resume
 * a subscription, so, as the pause itself, a trial subscription ending on that day replaces the paused
 * one once the card is confirmed (its email then comes from ./cancel.ts).
 */
export async function resumeGift(db: Database, ctx: MonthlyContext, gift: GiftRow, req: Request): Promise<MonthlyCheckout> {
  if (gift.status !== 'paused') throw conflict(mm.notPaused);
  const lastCharge = await lastChargeOf(db, gift);
  const ahead = firstBillingDayAhead(gift, lastCharge, new Date());
  if (!ahead || !earlyResumeChargeAt(gift, lastCharge)) throw conflict(mm.resumesAnyway(formatLongDate((gift.pausedUntil ?? gift.nextChargeAt) as Date)));
  if (!isSimulatedProvider(gift.provider)) {
    return openTrialReplacement(db, ctx, gift, { kind: 'resume', amountCents: gift.pendingAmountCents ?? gift.amountCents, firstChargeAt: ahead.day, ...req });
  }
  const next = ahead.day;
  await db.transaction(async (tx) => {
    const current = await lockGift(tx, gift.id);
    if (!current || current.status !== 'paused') throw conflict(mm.notPaused);
    await tx
      .update(recurringGifts)
      .set({ status: 'active', pausedUntil: null, nextChargeAt: next, ...(current.pendingAmountCents != null ? { pendingFrom: next } : {}), updatedAt: sql`now()` })
      .where(eq(recurringGifts.id, gift.id));
    await audit(tx, {
      actor: req.actor,
      action: 'monthly_gift.resume',
      entityType: 'recurring_gift',
      entityId: gift.id,
      details: { paused_until: current.pausedUntil?.toISOString() ?? null, next_charge: next.toISOString() },
      ip: req.ip,
    });
    await enqueueEmail(tx, {
      to: current.donorEmail,
      subject: mm.resumedSubject,
      text: mm.resumedText(await greetingName(tx, current), amountOf({ amountCents: current.pendingAmountCents ?? current.amountCents, currency: current.currency }), formatLongDate(next), await manageUrl(ctx, gift.id)),
      template: 'monthly-gift-resumed',
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
