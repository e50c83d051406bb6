// Labels of statuses and types: Spanish on the list, the English quoted by docs/product.md#screens-and-routes on the detail and statistics.
import { type DonationStatus, type DonationType, CURRENCY, LOCALE } from '@donaciones/shared/constants';
import { formatMoney } from '@donaciones/shared/format';
import { donationsMessages } from '@donaciones/shared/messages/donations';

export const statusLabelEs = (status: DonationStatus) => donationsMessages.statusEs[status];
export const typeLabelEs = (type: DonationType) => donationsMessages.typeEs[type];
export const statusLabelEn = (status: DonationStatus) => donationsMessages.status[status];
export const typeLabelEn = (type: DonationType) => donationsMessages.type[type];

const plain = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `Q185.00` for quetzales; `25.00 USD` for another currency. */
export function formatAmount(amount: number, currency: string): string {
  return currency === CURRENCY ? formatMoney(amount) : `${plain.format(amount)} ${currency}`;
}
