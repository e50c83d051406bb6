// Labels of statuses and types: Spanish on the list, SPEC.md's English on the detail and statistics.
import { type DonationStatus, type DonationType, CURRENCY, LOCALE } from '@donaciones/shared/constants';
import { formatMoney } from '@donaciones/shared/format';
import { messages } from '@donaciones/shared/messages';

export const statusLabelEs = (status: DonationStatus) => messages.donations.statusEs[status];
export const typeLabelEs = (type: DonationType) => messages.donations.typeEs[type];
export const statusLabelEn = (status: DonationStatus) => messages.donations.status[status];
export const typeLabelEn = (type: DonationType) => messages.donations.type[type];

const plain = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `Q185.00` for quetzales; `25.00 USD` for another currency. */
export function formatAmount(amount: number, currency: string): string {
  return currency === CURRENCY ? formatMoney(amount) : `${plain.format(amount)} ${currency}`;
}
