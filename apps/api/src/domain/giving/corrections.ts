// Corrections never rewrite history (docs/product.md#the-donation-ledger): staff void a completed gift
// not paid by card, set a pending deposit's (or office transfer's) amount to what arrived, or reopen a rejected
// one (deposits/bank-payments.ts). Each is
// a new donation_corrections row with who, when and why, plus an audit line the donation's history
// shows, in one transaction with the donation's move. A correction is dated now, so it lands in the open
// month (accounting/periods.ts refuses it only while the current month is itself closed).
import { asc, eq, sql } from 'drizzle-orm';
import { formatCents, fromCents, toCents } from '@donaciones/shared/format';
import { correctionsMessages as m } from '@donaciones/shared/messages/corrections';
import type { DonationCorrection } from '@donaciones/shared/schemas/corrections';
import type { Database, Db } from '../../db/client';
import { type CorrectionKind, donationCorrections, donations, receipts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { assertOpenPeriod } from '../accounting/periods';
import { hasEmail } from '../ledger/completion';
import type { DonationRow } from '../ledger/transitions';
import { isBankPayment } from '../deposits/bank-payments';
import { type ConfiguredGateway, needsManualReview, refundUnavailable } from '../payments/providers';
import { voidReceipt } from '../receipts/receipts';

export interface CorrectionInput {
  id: number;
  reason: string;
  actor: Actor;
  ip?: string | null;
}

async function lockedDonation(tx: Db, id: number): Promise<DonationRow> {
  const [row] = await tx.select().from(donations).where(eq(donations.id, id)).for('update').limit(1);
  if (!row) throw notFound();
  return row;
}

/** Records the correction (its row and its audit line) after the donation moved from `before` to `after`. */
async function record(tx: Db, kind: CorrectionKind, before: DonationRow, after: DonationRow, input: CorrectionInput): Promise<void> {
  await tx.insert(donationCorrections).values({
    donationId: before.id,
    kind,
    reason: input.reason,
    fromStatus: before.status,
    toStatus: after.status,
    fromAmountCents: before.amountCents,
    toAmountCents: after.amountCents,
    currency: before.currency,
    actorUserId: input.actor.id,
    actorEmail: input.actor.email,
  });
  await audit(tx, {
    actor: input.actor,
    action: `donation.${kind}`,
    entityType: 'donation',
    entityId: before.id,
    details: {
      from: before.status,
      to: after.status,
      reference: before.referenceCode,
      reason: input.reason,
      // The history names a transfer as a transfer, a deposit as a deposit.
      method: before.paymentMethod,
      ...(before.amountCents !== after.amountCents ? { from_amount: formatCents(before.amountCents, before.currency), to_amount: formatCents(after.amountCents, after.currency) } : {}),
    },
    ip: input.ip,
  });
}

/**
 * Anular: a completed gift not paid by card (cash, cheque, transfer, deposit, in kind) becomes `voided`,
 * out of the completed totals; its receipt is voided and, when SAT certified it, its annulment is
 * queued (receipts/fel/annulment.ts). A card gift is refunded instead, unless the configured gateway
 * (`gateway`) cannot refund it (refundUnavailable: another provider's, an imported one, the demo's):
 * its money goes back the way it came and it is voided here. Returns the receipt to annul.
 */
export async function voidDonation(
  db: Database,
  input: CorrectionInput & { gateway: ConfiguredGateway },
): Promise<{ donation: DonationRow; annulReceiptId: number | null }> {
  return db.transaction(async (tx) => {
    await assertOpenPeriod(tx, new Date());
    const before = await lockedDonation(tx, input.id);
    const voidable = needsManualReview(before) || refundUnavailable(input.gateway, before) != null;
    if (before.status !== 'completed' || !voidable) throw conflict(m.notVoidable);
    const [after] = await tx
      .update(donations)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(eq(donations.id, before.id))
      .returning();
    await record(tx, 'void', before, after, input);
    await voidReceipt(tx, before.id, input.reason);
    const [annul] = await tx
      .update(receipts)
      .set({ felAnnulmentStatus: 'pending' })
      .where(sql`${receipts.donationId} = ${before.id} AND ${receipts.felStatus} = 'certified' AND ${receipts.felAnnulmentStatus} IS NULL`)
      .returning({ id: receipts.id });
    // A gift the office entered without the donor's email has nobody to tell.
    if (hasEmail(after)) {
      await enqueueEmail(tx, {
        to: after.donorEmail,
        subject: m.voidedSubject(after.referenceCode),
        text: m.voidedText(after.donorName, formatCents(after.amountCents, after.currency), after.referenceCode, input.reason),
        template: 'donation-voided',
      });
    }
    return { donation: after, annulReceiptId: annul?.id ?? null };
  });
}

/**
 * A pending deposit, or a transfer the office entered, for which less arrived at the bank than was declared (or recorded): its amount becomes
 * what arrived (the correction keeps both), the donor is told, and approving it issues the receipt
 * for what arrived.
 */
export async function adjustDepositAmount(db: Database, input: CorrectionInput & { amount: number }): Promise<DonationRow> {
  return db.transaction(async (tx) => {
    await assertOpenPeriod(tx, new Date());
    const before = await lockedDonation(tx, input.id);
    if (before.status !== 'pending' || !isBankPayment(before)) throw conflict(m.notAdjustable);
    // A gift the office entered (received_on, docs/product.md#staff-gift-entry): nobody declared its amount, the office recorded it.
    const entered = before.receivedOn != null;
    const arrived = toCents(input.amount);
    if (arrived >= before.amountCents) throw conflict(m.amountNotLower(entered));
    const [after] = await tx
      .update(donations)
      .set({ amountCents: arrived, coveredFeeCents: sql`least(${donations.coveredFeeCents}, ${arrived})`, updatedAt: sql`now()` })
      .where(eq(donations.id, before.id))
      .returning();
    await record(tx, 'amount_adjusted', before, after, input);
    const transfer = after.paymentMethod === 'bank_transfer';
    // A gift the office entered without the donor's email has nobody to tell.
    if (hasEmail(after)) {
      await enqueueEmail(tx, {
        to: after.donorEmail,
        subject: m.adjustedSubject(after.referenceCode, transfer),
        text: m.adjustedText(after.donorName, formatCents(before.amountCents, before.currency), formatCents(arrived, after.currency), after.referenceCode, input.reason, { transfer, entered }),
        template: 'deposit-amount-adjusted',
      });
    }
    return after;
  });
}

/** A rejected deposit or office transfer is pending again when the donor brings proof; staff then approve or reject it. */
export async function reopenDeposit(db: Database, input: CorrectionInput): Promise<DonationRow> {
  return db.transaction(async (tx) => {
    await assertOpenPeriod(tx, new Date());
    const before = await lockedDonation(tx, input.id);
    if (before.status !== 'failed' || !isBankPayment(before)) throw conflict(m.notReopenable);
    const [after] = await tx
      .update(donations)
      .set({ status: 'pending', failureReason: null, updatedAt: sql`now()` })
      .where(eq(donations.id, before.id))
      .returning();
    await record(tx, 'reopen', before, after, input);
    return after;
  });
}

/** A donation's corrections, oldest first, for its staff page. */
export async function correctionsOf(db: Db, donationId: number): Promise<DonationCorrection[]> {
  const rows = await db.select().from(donationCorrections).where(eq(donationCorrections.donationId, donationId)).orderBy(asc(donationCorrections.createdAt), asc(donationCorrections.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reason: r.reason,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    from_amount: fromCents(r.fromAmountCents),
    to_amount: fromCents(r.toAmountCents),
    currency: r.currency,
    actor_email: r.actorEmail,
    created_at: r.createdAt.toISOString(),
  }));
}
