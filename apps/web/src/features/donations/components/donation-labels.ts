// Amounts of the donation screens. Status and type labels come from the shared catalogue
// (donationStatusLabel, donationTypeLabel), one set for every screen.
import { CURRENCY, LOCALE } from '@donaciones/shared/constants';
import { formatMoney } from '@donaciones/shared/format';

const plain = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `Q185.00` for quetzales; `25.00 USD` for another currency. */
export function formatAmount(amount: number, currency: string): string {
  return currency === CURRENCY ? formatMoney(amount) : `${plain.format(amount)} ${currency}`;
}
