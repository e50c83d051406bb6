// Refunds of card donations through their provider (docs/product.md#payments).
import { eq, sql } from 'drizzle-orm';
import { formatCents } from '@donaciones/shared/format';
import type { Database } from '../../db/client';
import { donations } from '../../db/schema';
import { ProviderFailedError, conflict, notFound } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import type { DonationRow } from '../ledger/transitions';
import { voidReceipt } from '../receipts/receipts';
import type { PaymentContext } from './checkouts';
import { ProviderError } from './provider';

const amountOf = (row: Pick<DonationRow, 'amountCents' | 'currency'>) => formatCents(row.amountCents, row.currency);

/**
 * ADMIN refunds a completed donation paid through the provider: the provider refunds it first, then
 * the donation becomes `refunded` (out of the completed totals), its receipt is void and the donor told.
 */
export async function refundDonation(
  db: Database,
  ctx: PaymentContext,
  input: { id: number; reason: string; actor: Actor; ip?: string | null },
): Promise<DonationRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, input.id)).for('update').limit(1);
    if (!current) throw notFound();
    if (current.status !== 'completed' || current.paymentProvider !== ctx.provider.name || !current.paymentReference) {
      throw conflict(paymentMessages.notRefundable);
    }
    let refund;
    try {
      refund = await ctx.provider.refund(current.paymentReference);
    } catch (err) {
      if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.refundFailed(err.detail ?? paymentMessages.providerUnavailable));
      throw err;
    }
    const [updated] = await tx
      .update(donations)
      .set({
        status: 'refunded',
        refundedAt: sql`now()`,
        refundReason: input.reason,
        refundId: refund.id || null,
        updatedAt: sql`now()`,
      })
      .where(eq(donations.id, current.id))
      .returning();
    await audit(tx, {
      actor: input.actor,
      action: 'donation.refund',
      entityType: 'donation',
      entityId: updated.id,
      details: { from: 'completed', to: 'refunded', reference: updated.referenceCode, reason: input.reason, refund_id: refund.id, refund_status: refund.status },
      ip: input.ip,
    });
    await voidReceipt(tx, updated.id, input.reason);
    await enqueueEmail(tx, {
      to: updated.donorEmail,
      subject: paymentMessages.refundedSubject(updated.referenceCode),
      text: paymentMessages.refundedText(updated.donorName, amountOf(updated), updated.referenceCode, input.reason),
      template: 'donation-refunded',
    });
    return updated;
  });
}
