// Amounts of the donation screens. Status and type labels come from the shared catalogue
// (donationStatusLabel, donationTypeLabel), one set for every screen.
import { formatMoney } from '@donaciones/shared/format';

/** A donation's amount in its currency, as every screen writes it: `Q185.00`, `US$25.00`. */
export function formatAmount(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}
