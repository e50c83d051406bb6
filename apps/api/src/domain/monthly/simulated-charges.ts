// The simulated provider's monthly charges (the offline demo, docs/product.md#monthly-giving): the job
// charges every due gift (a paused one when its pause ends; a pending new amount from its date) with
// the card of its first payment, through the ledger's `process`, whose
// completion step starts or renews the gift (or leaves it past due) in the same transaction.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client';
import { recurringGifts } from '../../db/schema';
import { ConflictError } from '../../errors';
import { monthlyChargeCompleted } from '../ledger/monthly-charges';
import { type DonationRow, transitionDonation } from '../ledger/transitions';
import { SIMULATED_PROVIDER } from '../payments/providers';
import { chargeOnProcess } from '../payments/simulated/simulated';
import { finishReplacement } from './cancel';
import { applyDueSchedule } from './schedule';
import { type MonthlyContext, firstDonationOf, insertRenewal, monthlyContext } from './monthly-gifts';

/**
 * The demo's charge of one donation of a simulated gift: the ledger's `process` (the simulated card)
 * in the same transaction as the gift's update. Returns the completed (or failed) donation.
 */
export async function chargeSimulated(db: Db, ctx: MonthlyContext, donationId: number): Promise<DonationRow | null> {
  try {
    return await transitionDonation(db, { id: donationId, action: 'process', actor: null, charge: chargeOnProcess, links: ctx });
  } catch (err) {
    if (err instanceof ConflictError) return null;
    throw err;
  }
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
    .where(and(eq(recurringGifts.provider, SIMULATED_PROVIDER), inArray(recurringGifts.status, ['incomplete', 'active', 'paused']), lte(recurringGifts.nextChargeAt, now)))
    .orderBy(asc(recurringGifts.nextChargeAt))
    .limit(limit);
  let charged = 0;
  for (const { id } of due) {
    // The gift stays locked from the claim to the charge's commit: another run skips it meanwhile.
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, id)).for('update', { skipLocked: true }).limit(1);
      if (!claimed || claimed.nextChargeAt == null || claimed.nextChargeAt > now || !['incomplete', 'active', 'paused'].includes(claimed.status)) return null;
      // A pause that ended resumes, and a new amount whose date came applies, before the charge.
      const gift = claimed.status === 'incomplete' ? claimed : await applyDueSchedule(tx, claimed, now);
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
      return chargeSimulated(tx, ctx, donationId);
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
