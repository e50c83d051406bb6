// A card donation's checkout at the provider (docs/product.md#payments): opened for a pending
// donation, stored on its row, paid on the provider's page. How it is settled is in ./settlement.ts.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations } from '../../db/schema';
import { ProviderFailedError } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { type LinkContext, returnUrl } from '../ledger/links';
import type { DonationRow } from '../ledger/transitions';
import { getSettings } from '../../platform/settings';
import { type PaymentProvider, ProviderError } from './provider';

/** How long a checkout can be paid; bank transfers may take up to a day to be confirmed. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;

/** The gateway of this process, with the public URL its checkouts return to and the emails' link signer (decision 0022). */
export interface PaymentContext extends LinkContext {
  provider: PaymentProvider;
}

/** What a monthly gift's first checkout adds: its own item name, the gift in the metadata, a recurring charge. */
export interface RecurringCheckout {
  itemName: (organization: string) => string;
  giftId: number;
}

/**
 * Creates a checkout for a pending donation and stores it on the row (inside the caller's
 * transaction); with `recurring`, the checkout starts a monthly subscription (docs/product.md#monthly-giving).
 */
export async function openCheckout(tx: Db, ctx: PaymentContext, row: DonationRow, recurring?: RecurringCheckout): Promise<DonationRow> {
  const org = await getSettings(tx, 'organization');
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  let checkout;
  try {
    checkout = await ctx.provider.createCheckout({
      reference: row.referenceCode,
      itemName: (recurring?.itemName ?? paymentMessages.checkoutItem)(org.name),
      amountCents: row.amountCents,
      currency: row.currency === 'USD' ? 'USD' : 'GTQ',
      successUrl: returnUrl(ctx.publicUrl, row.referenceCode),
      cancelUrl: returnUrl(ctx.publicUrl, row.referenceCode, true),
      expiresAt,
      donationId: row.id,
      ...(recurring ? { monthly: true, giftId: recurring.giftId } : {}),
    });
  } catch (err) {
    if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.providerUnavailable);
    throw err;
  }
  const [updated] = await tx
    .update(donations)
    .set({
      paymentProvider: ctx.provider.name,
      checkoutId: checkout.id,
      checkoutUrl: checkout.checkoutUrl,
      checkoutExpiresAt: expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(donations.id, row.id))
    .returning();
  return updated;
}

export async function findByReference(db: Db, reference: string): Promise<DonationRow | null> {
  const [row] = await db.select().from(donations).where(eq(donations.referenceCode, reference)).limit(1);
  return row ?? null;
}

