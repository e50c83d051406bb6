// What the return page and staff see of a card donation's payment (docs/product.md#payments).
import { eq } from 'drizzle-orm';
import { fromCents } from '@donaciones/shared/format';
import type { AdminDonationPayment, DonationPaymentStatus } from '@donaciones/shared/schemas/payments';
import type { Database, Db } from '../../db/client';
import { donations } from '../../db/schema';
import { notFound } from '../../errors';
import { receiptSeriesOf } from '../receipts/receipts';
import { type PaymentContext, findByReference } from './checkouts';
import { ProviderError } from './provider';
import { needsManualReview, refundUnavailable, settledByProvider } from './providers';
import { paymentEventsOf } from './problems';
import { checkWithProvider } from './settlement';

const centsOrNull = (cents: number | null) => (cents == null ? null : fromCents(cents));

/** The return page's status of a donation, checking with the provider first while it is pending. */
export async function paymentStatus(db: Database, ctx: PaymentContext | null, reference: string): Promise<DonationPaymentStatus> {
  let row = await findByReference(db, reference);
  if (!row) throw notFound();
  if (ctx && row.status === 'pending' && row.checkoutId) {
    try {
      row = await checkWithProvider(db, ctx, row, 'status');
    } catch (err) {
      // The provider being unreachable leaves the page on "procesando"; the job will ask again.
      if (!(err instanceof ProviderError)) throw err;
    }
  }
  const status = row.status as DonationPaymentStatus['status'];
  return {
    reference_code: row.referenceCode,
    status,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    covered_fee: fromCents(row.coveredFeeCents),
    payment_provider: row.paymentProvider,
    payment_method: row.paymentMethod,
    card_last4: row.cardLast4,
    card_network: row.cardBrand,
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    receipt_number: row.status === 'completed' ? row.receiptNumber : null,
    receipt_series: row.status === 'completed' && row.receiptNumber != null ? await receiptSeriesOf(db, row.id) : null,
    checkout_url: row.status === 'pending' ? row.checkoutUrl : null,
  };
}

/** What the office wrote when it entered the gift; null for any other gift. */
function entryOf(row: typeof donations.$inferSelect): AdminDonationPayment['entry'] {
  if (row.receivedOn == null) return null;
  return {
    received_on: row.receivedOn,
    reference: row.paymentProvider == null ? row.paymentReference : null,
    cheque_number: row.chequeNumber,
    cheque_bank: row.chequeBank,
    in_kind_description: row.inKindDescription,
    valuation_basis: row.valuationBasis,
  };
}

export async function adminDonationPayment(db: Db, ctx: PaymentContext | null, id: number): Promise<AdminDonationPayment> {
  const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!row) throw notFound();
  const events = await paymentEventsOf(db, ctx, id);
  const net = row.feeCents == null ? null : row.amountCents - row.feeCents - (row.vatWithheldCents ?? 0);
  return {
    id: row.id,
    reference_code: row.referenceCode,
    status: row.status,
    payment_provider: row.paymentProvider,
    payment_method: row.paymentMethod,
    checkout_id: row.checkoutId,
    payment_id: settledByProvider(row) ? row.paymentReference : null,
    card_network: row.cardBrand,
    card_last4: row.cardLast4,
    currency: row.currency,
    amount: fromCents(row.amountCents),
    covered_fee: fromCents(row.coveredFeeCents),
    fee: centsOrNull(row.feeCents),
    vat_withheld: centsOrNull(row.vatWithheldCents),
    net: centsOrNull(net),
    gtq_amount: centsOrNull(row.gtqCents),
    exchange_rate: row.exchangeRate == null ? null : Number(row.exchangeRate),
    exchange_rate_date: row.exchangeRateDate,
    failure_reason: row.failureReason,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_reason: row.refundReason,
    manual_review: needsManualReview(row),
    refundable: ctx != null && row.status === 'completed' && row.paymentProvider === ctx.provider.name && row.paymentReference != null,
    refund_unavailable: refundUnavailable(ctx, row),
    entry: entryOf(row),
    events,
  };
}
