// The one rule for a gift's amount (docs/product.md#validation-rules): within the system settings'
// minimum and maximum, in quetzales, a dollar gift compared by its quetzal value at the staff's rate.
// The public checkout and staff gift entry both call it.
import { formatMoney, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { type PaymentCurrency, type PaymentSettings, toQuetzalCents } from '@donaciones/shared/schemas/payments';
import type { SystemSettings } from '@donaciones/shared/schemas/settings';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import { getSettings } from '../../platform/settings';

/**
 * Refuses on `field` an amount (cents of `currency`) outside the settings' bounds. Returns the
 * payment settings when the gift is not in quetzales (its rate is then recorded with it). A caller
 * that has read the settings in its transaction passes them (one query less per gift).
 */
export async function assertAmountWithinBounds(
  tx: Db,
  gift: { amountCents: number; currency: PaymentCurrency; payments?: PaymentSettings | null; system?: SystemSettings },
  field = 'amount',
): Promise<PaymentSettings | null> {
  const system = gift.system ?? (await getSettings(tx, 'system'));
  const pay = gift.payments ?? (gift.currency !== 'GTQ' ? await getSettings(tx, 'payments') : null);
  const gtqCents = gift.currency !== 'GTQ' && pay ? toQuetzalCents(gift.amountCents, gift.currency, pay.usd_exchange_rate) : gift.amountCents;
  if (gtqCents < toCents(system.min_donation_amount)) throw fieldError(field, donateMessages.amountBelowMin(formatMoney(system.min_donation_amount)));
  if (gtqCents > toCents(system.max_donation_amount)) throw fieldError(field, donateMessages.amountAboveMax(formatMoney(system.max_donation_amount)));
  return gift.currency !== 'GTQ' ? pay : null;
}
