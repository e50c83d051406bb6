// A card donation's checkout at the provider (docs/product.md#payments): opened for a pending
// donation, stored on its row, paid on the provider's page. How it is settled is in ./settlement.ts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { Db } from '../../db/client';
import { donations, paymentCheckouts } from '../../db/schema';
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

/**
 * What settling a provider's payment event needs: the provider's name and the emails' links. The
 * offline demo's simulated card, which opens no checkout, settles its events with this alone.
 */
export interface ProviderEventContext extends LinkContext {
  provider: Pick<PaymentProvider, 'name'>;
}

/** A gateway's full context (checkouts, subscriptions), as opposed to the demo's simulated card. */
export const isGateway = (ctx: ProviderEventContext): ctx is PaymentContext => 'getCheckout' in ctx.provider;

/** What a monthly gift's first checkout adds: its own item name, the gift in the metadata, a recurring charge. */
export interface RecurringCheckout {
  itemName: (organization: string) => string;
  giftId: number;
}

/**
 * Ends the donation's earlier checkout at the provider before another is opened, so the donor cannot
 * pay both ("Intentar de nuevo" after leaving the first one open). If the provider refuses (the
 * checkout was paid meanwhile, or it cannot be reached) no new checkout is opened.
 */
async function expirePreviousCheckout(tx: Db, ctx: PaymentContext, row: DonationRow): Promise<void> {
  if (!row.checkoutId || row.paymentProvider !== ctx.provider.name) return;
  try {
    await ctx.provider.expireCheckout(row.checkoutId);
  } catch (err) {
    if (err instanceof ProviderError) throw new ProviderFailedError(paymentMessages.providerUnavailable);
    throw err;
  }
  await tx
    .update(paymentCheckouts)
    .set({ expiredAt: sql`now()` })
    .where(and(eq(paymentCheckouts.checkoutId, row.checkoutId), isNull(paymentCheckouts.expiredAt)));
}

/**
 * Creates a checkout for a pending donation and stores it on the row (inside the caller's
 * transaction), after expiring the donation's earlier one; with `recurring`, the checkout starts a
 * monthly subscription (docs/product.md#monthly-giving).
 */
export async function openCheckout(tx: Db, ctx: PaymentContext, row: DonationRow, recurring?: RecurringCheckout): Promise<DonationRow> {
  await expirePreviousCheckout(tx, ctx, row);
  const org = await getSettings(tx, 'organization');
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  let checkout;
  try {
    checkout = await ctx.provider.createCheckout({
      reference: row.referenceCode,
      itemName: (recurring?.itemName ?? paymentMessages.checkoutItem)(org.name),
      amountCents: row.amountCents,
      currency: paymentCurrency(row.currency),
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
  await tx.insert(paymentCheckouts).values({ checkoutId: checkout.id, provider: ctx.provider.name, donationId: row.id }).onConflictDoNothing();
  return updated;
}

/** The donation a checkout was opened for, whether it is the donation's latest checkout or an earlier one. */
export async function donationOfCheckout(db: Db, provider: string, checkoutId: string): Promise<DonationRow | null> {
  const [row] = await db
    .select({ donation: donations })
    .from(paymentCheckouts)
    .innerJoin(donations, eq(donations.id, paymentCheckouts.donationId))
    .where(and(eq(paymentCheckouts.checkoutId, checkoutId), eq(paymentCheckouts.provider, provider)))
    .limit(1);
  return row?.donation ?? null;
}

export async function findByReference(db: Db, reference: string): Promise<DonationRow | null> {
  const [row] = await db.select().from(donations).where(eq(donations.referenceCode, reference)).limit(1);
  return row ?? null;
}

