// What staff see of a bank deposit while reviewing it (docs/product.md#bank-deposits): its newest slip with the
// declared bank, date, slip number and amount, a flag when that amount is not the donation's, and the
// other donations the very same file (same sha256) was uploaded for (duplicateSlipsOf, as the donor side).
import { eq } from 'drizzle-orm';
import { fromCents } from '@donaciones/shared/format';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import type { Db } from '../../db/client';
import { donations } from '../../db/schema';
import { declaredSlipsOf } from './statements/declared-slips';
import { duplicateSlipsOf } from './deposits';
import type { DonationRow } from '../ledger/transitions';

export async function depositReviewsOf(db: Db, rows: Pick<DonationRow, 'id' | 'amountCents' | 'paymentMethod'>[]): Promise<Map<number, DepositSlipReview>> {
  const deposits = rows.filter((r) => r.paymentMethod === 'bank_deposit');
  const slips = await declaredSlipsOf(
    db,
    deposits.map((d) => d.id),
  );
  // One query per slip shown (a page holds at most 100): the same rule as the donor side's.
  const duplicates = new Map(
    await Promise.all([...slips.entries()].map(async ([donationId, slip]) => [donationId, await duplicateSlipsOf(db, slip.attachmentId)] as const)),
  );
  const reviews = new Map<number, DepositSlipReview>();
  for (const d of deposits) {
    const slip = slips.get(d.id);
    if (!slip) continue;
    reviews.set(d.id, {
      attachment_id: slip.attachmentId,
      file_name: slip.fileName,
      content_type: slip.contentType,
      has_preview: slip.hasPreview,
      bank: slip.bank,
      deposit_date: slip.depositDate,
      slip_number: slip.slipNumber,
      declared_amount: slip.declaredAmountCents == null ? null : fromCents(slip.declaredAmountCents),
      amount_differs: slip.declaredAmountCents != null && slip.declaredAmountCents !== d.amountCents,
      uploaded_at: slip.createdAt.toISOString(),
      duplicates: [...new Map((duplicates.get(d.id) ?? []).map((f) => [f.donationId, f])).values()].map((f) => ({
        donation_id: f.donationId,
        reference_code: f.referenceCode,
        donor_name: f.donorName,
      })),
    });
  }
  return reviews;
}

/** One donation's review data, for its page in the console; null when it is not a deposit or has no slip. */
export async function depositReviewOf(db: Db, id: number): Promise<DepositSlipReview | null> {
  const [row] = await db
    .select({ id: donations.id, amountCents: donations.amountCents, paymentMethod: donations.paymentMethod })
    .from(donations)
    .where(eq(donations.id, id))
    .limit(1);
  if (!row) return null;
  return (await depositReviewsOf(db, [row])).get(id) ?? null;
}
