// A monthly gift's bookkeeping when one of its charges settles (docs/product.md#monthly-giving): part
// of the ledger's completion step, so a charge and its gift move in one transaction, whichever path
// settled the charge (a webhook, the return page, the reconciliation job, the demo's job or Procesar).
import { eq, sql } from 'drizzle-orm';
import { formatCents, formatLongDate } from '@donaciones/shared/format';
import type { Db } from '../../db/client';
import { donations, recurringGifts } from '../../db/schema';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { takeReceiptEmail } from '../receipts/receipts';
import { type LinkContext, billingDayAfter, manageUrl, ownBillingDay } from './links';
import type { DonationRow } from './types';
import { sponsorshipOfGiftStarted } from './sponsorship-start';
import { greetingName } from './greeting';
import { giftEmailsWithheld } from '../accounts/gift-emails';

async function lockGift(tx: Db, id: number) {
  const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, id)).for('update').limit(1);
  return gift ?? null;
}

/** Whether the gift of a donation has started (its first charge was paid): a later charge is a renewal. */
export async function giftStarted(tx: Db, donation: Pick<DonationRow, 'recurringGiftId'>): Promise<boolean> {
  if (donation.recurringGiftId == null) return false;
  const [gift] = await tx.select({ startedAt: recurringGifts.startedAt }).from(recurringGifts).where(eq(recurringGifts.id, donation.recurringGiftId)).limit(1);
  return gift?.startedAt != null;
}

/**
 * A paid charge of a monthly gift: the gift becomes active (or stays cancelled), its next charge moves a
 * month on, and the donor gets the monthly email with the link and the receipt (a renewal's, unless the
 * donor's account asked for no confirmations by email).
 */
export async function monthlyChargeCompleted(tx: Db, ctx: LinkContext, donation: DonationRow): Promise<void> {
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
  const ownDay = ownBillingDay(gift, paidAt);
  let nextChargeAt = billingDayAfter(first || gift.nextChargeAt == null ? paidAt : gift.nextChargeAt, 1, ownDay);
  while (nextChargeAt <= paidAt) nextChargeAt = billingDayAfter(nextChargeAt, 1, ownDay);
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
  // A sponsorship's gift: its first payment makes the sponsorship active (docs/product.md#sponsorship).
  if (first && live) await sponsorshipOfGiftStarted(tx, ctx, { giftId: gift.id, userId: gift.userId ?? linked?.userId ?? null, paidAt, via: 'first-payment' });
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
  // A renewal is the monthly thank-you and receipt, withheld like a gift's (decision 0081); the first
  // payment starts the gift and always says how to manage it.
  if (!first && (await giftEmailsWithheld(tx, gift.donorEmail))) return;
  const name = await greetingName(tx, { userId: gift.userId ?? linked?.userId ?? null, donorName: gift.donorName });
  await enqueueEmail(tx, {
    to: gift.donorEmail,
    subject: first ? mm.startedSubject : mm.renewedSubject,
    text:
      (first
        ? mm.startedText(name, amount, donation.referenceCode, next, link)
        : mm.renewedText(name, amount, donation.referenceCode, next, link)) + receipt.note,
    template: first ? 'monthly-gift-started' : 'monthly-gift-renewed',
    attachments: receipt.attachments,
  });
}

/**
 * A declined charge of a monthly gift: its reason is kept for the past-due email. The demo's charge
 * (no provider to say so later) also leaves the gift past due at once.
 */
export async function monthlyChargeFailed(tx: Db, donation: DonationRow, options: { pastDueNow: boolean }): Promise<void> {
  if (donation.recurringGiftId == null) return;
  await tx
    .update(recurringGifts)
    .set({ ...(options.pastDueNow ? { status: 'past_due' as const } : {}), pastDueReason: donation.failureReason, updatedAt: sql`now()` })
    .where(eq(recurringGifts.id, donation.recurringGiftId));
}
