// The one rule for a gift's amount (docs/product.md#validation-rules): within the system settings'
// minimum and maximum, in quetzales, a dollar gift compared by its quetzal value at the staff's rate.
// The public checkout, staff gift entry and a monthly gift's new amount call it.
import { formatMoney, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { type PaymentCurrency, type PaymentSettings, boundsIn, toQuetzalCents } from '@donaciones/shared/schemas/payments';
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
  // A gift in another currency is compared, and its bounds worded, at the staff's rate.
  const rate = gift.currency !== 'GTQ' && pay ? pay.usd_exchange_rate : null;
  const gtqCents = rate ? toQuetzalCents(gift.amountCents, gift.currency, rate) : gift.amountCents;
  const outOfBounds = gtqCents < toCents(system.min_donation_amount) ? 'min' : gtqCents > toCents(system.max_donation_amount) ? 'max' : null;
  if (outOfBounds) {
    // Worded in the gift's currency, as the forms word it.
    const quetzales = { min: system.min_donation_amount, max: system.max_donation_amount };
    const bounds = rate ? boundsIn(quetzales, gift.currency, rate) : quetzales;
    const message = outOfBounds === 'min' ? donateMessages.amountBelowMin : donateMessages.amountAboveMax;
    throw fieldError(field, message(formatMoney(bounds[outOfBounds], rate ? gift.currency : 'GTQ')));
  }
  return gift.currency !== 'GTQ' ? pay : null;
}
