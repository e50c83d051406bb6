// A monthly gift's start (docs/product.md#monthly-giving): its row, inside the public checkout's
// transaction, and its first payment's recurring checkout.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { DUPLICATE_MONTHLY_GIFT } from '@donaciones/shared/schemas/monthly';
import type { Db } from '../../db/client';
import { recurringGifts } from '../../db/schema';
import { ConflictError, conflict } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import { paymentMessages } from '../../messages/payments';
import type { DonationRow } from '../ledger/transitions';
import { type PaymentContext, openCheckout } from '../payments/checkouts';
import { isSimulatedProvider } from '../payments/providers';
import { type GiftRow, LIVE_STATUSES, lockGift } from './monthly-gifts';

/**
 * Inside the checkout's transaction: the gift row of a new monthly donation. A second live gift of the
 * same email, amount and currency is refused with 409 `DUPLICATE_MONTHLY_GIFT` unless confirmed.
 */
export async function startMonthlyGift(
  tx: Db,
  input: {
    donorName: string;
    donorEmail: string;
    userId: number | null;
    amountCents: number;
    currency: string;
    provider: string;
    allowDuplicate: boolean;
    replacesGiftId?: number | null;
    /** The designation every charge of the gift inherits (docs/product.md#designation); null is where most needed. */
    programId?: number | null;
  },
): Promise<GiftRow> {
  if (!input.allowDuplicate && input.replacesGiftId == null) {
    const [same] = await tx
      .select({ id: recurringGifts.id })
      .from(recurringGifts)
      .where(
        and(
          sql`lower(${recurringGifts.donorEmail}) = ${input.donorEmail.toLowerCase()}`,
          eq(recurringGifts.amountCents, input.amountCents),
          eq(recurringGifts.currency, input.currency),
          inArray(recurringGifts.status, [...LIVE_STATUSES]),
        ),
      )
      .limit(1);
    if (same) throw new DuplicateMonthlyGiftError();
  }
  const [gift] = await tx
    .insert(recurringGifts)
    .values({
      provider: input.provider,
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      userId: input.userId,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'incomplete',
      replacesGiftId: input.replacesGiftId ?? null,
      programId: input.programId ?? null,
      // The simulated provider charges the first payment on the job's next run.
      nextChargeAt: isSimulatedProvider(input.provider) ? new Date() : null,
    })
    .returning();
  return gift;
}

/** 409 with the code the browser asks "¿Quieres tener dos donaciones mensuales?" on. */
export class DuplicateMonthlyGiftError extends ConflictError {
  override readonly publicCode = DUPLICATE_MONTHLY_GIFT;
  constructor() {
    super(monthlyMessages.duplicate);
  }
}

/** Opens the recurring checkout of a monthly gift's first donation and stores it on both rows. */
export async function openMonthlyCheckout(tx: Db, ctx: PaymentContext, row: DonationRow, gift: GiftRow): Promise<DonationRow> {
  const updated = await openCheckout(tx, ctx, row, { itemName: mm.itemName, giftId: gift.id });
  await tx.update(recurringGifts).set({ checkoutId: updated.checkoutId, updatedAt: sql`now()` }).where(eq(recurringGifts.id, gift.id));
  return updated;
}

/** "Intentar de nuevo" on a monthly gift's unpaid first donation: a new recurring checkout for the same gift. */
export async function reopenMonthlyCheckout(tx: Db, ctx: PaymentContext, row: DonationRow): Promise<DonationRow> {
  const gift = row.recurringGiftId == null ? null : await lockGift(tx, row.recurringGiftId);
  if (!gift || gift.status !== 'incomplete') throw conflict(paymentMessages.notRetryable);
  return openMonthlyCheckout(tx, ctx, row, gift);
}
