// The checkout's own check of the receipt's tax id, run when step 2 is submitted (use-donate-flow):
// apart from details-step.tsx, which /donate loads only when the donor leaves step 1.
import { toCents } from '@donaciones/shared/format';
import { checkoutCharge } from '@donaciones/shared/schemas/donate';
import type { PaymentCurrency, PaymentSettings } from '@donaciones/shared/schemas/payments';
import { checkoutTaxIdMessage, parseTaxId } from '@donaciones/shared/tax-id';

/**
 * Why the typed NIT, CUI or CF cannot go on this gift's receipt, or null: CF only below Q2,500 of
 * what is charged (the covered fee included, dollars at the staff's rate), as the API checks it
 * (docs/product.md#validation-rules), in the words POST /donate uses: with what a donor without a NIT
 * or CUI can do. While the dollar rate is unknown the server alone decides.
 */
export function taxIdRefusal(
  nit: string,
  charge: { amount: number; currency: PaymentCurrency; coverFees: boolean; payments: PaymentSettings | null; contactEmail: string },
): string | null {
  const giftCents = toCents(charge.amount);
  const { payments } = charge;
  if (!payments && charge.currency !== 'GTQ') return null;
  const grossCents = checkoutCharge(giftCents, charge.coverFees, payments).chargedCents;
  const parsed = parseTaxId(nit, grossCents, charge.currency, payments?.usd_exchange_rate);
  return parsed.ok ? null : checkoutTaxIdMessage(parsed, charge.currency, payments?.usd_exchange_rate, charge.contactEmail);
}
