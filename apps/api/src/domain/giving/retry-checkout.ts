// "Intentar de nuevo" on the return page (docs/product.md#payments). In giving/, above payments and
// monthly: a monthly gift's first payment is retried with a recurring checkout of the same gift.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { audit } from '../../platform/audit';
import type { DonationRow } from '../ledger/transitions';
import { reopenMonthlyCheckout } from '../monthly/start';
import { type PaymentContext, findByReference, openCheckout } from '../payments/checkouts';
import { checkWithProvider } from '../payments/settlement';

/**
 * "Intentar de nuevo": a new checkout for the same donation (declined, or left unpaid), which goes back
 * to `pending`; never a second row. A checkout found paid meanwhile completes the donation instead.
 */
export async function retryCheckout(db: Database, ctx: PaymentContext, reference: string): Promise<DonationRow> {
  let row = await findByReference(db, reference);
  if (!row) throw notFound();
  if (row.paymentProvider !== ctx.provider.name || (row.status !== 'pending' && row.status !== 'failed')) throw conflict(paymentMessages.notRetryable);
  if (row.status === 'pending') {
    row = await checkWithProvider(db, ctx, row, 'status');
    if (row.status !== 'pending') return row;
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, row.id)).for('update').limit(1);
    if (!current || (current.status !== 'pending' && current.status !== 'failed')) throw conflict(paymentMessages.notRetryable);
    // A monthly gift's first payment gets a recurring checkout again (decision 0022).
    const reopened = current.recurringGiftId != null ? await reopenMonthlyCheckout(tx, ctx, current) : await openCheckout(tx, ctx, current);
    const [updated] = await tx
      .update(donations)
      .set({ status: 'pending', failureReason: null })
      .where(eq(donations.id, reopened.id))
      .returning();
    await audit(tx, {
      actor: null,
      action: 'donation.checkout_retry',
      entityType: 'donation',
      entityId: updated.id,
      details: { from: current.status, to: 'pending', reference: updated.referenceCode, previous_checkout: current.checkoutId, checkout: updated.checkoutId },
    });
    return updated;
  });
}
