// What staff save in "Pagos con tarjeta" (docs/product.md#payments): apart from ./payments.ts, which
// /donate reads, so that its first visit carries none of it.
import { z } from 'zod';
import { PAYMENT_SETTINGS_FIELDS as f, USD_RATE_DATE_RANGE, USD_RATE_DATE_REQUIRED } from '../messages/payments';
import { recordedDay } from './fields';
import { paymentSettingsSchema } from './payments';

/** A number from `min` to `max`; empty (absent, or the browser's NaN of an empty number field) asks for it. */
function settingNumber(min: number, max: number, words: { empty: string; range: string }) {
  const isEmpty = (input: unknown) => input === undefined || input === null || input === '' || Number.isNaN(input);
  return z
    .number({ error: (issue) => (isEmpty(issue.input) ? words.empty : words.range) })
    .min(min, { error: words.range })
    .max(max, { error: words.range });
}

/**
 * What staff save (`PUT /admin/settings/payments` and its form): the rate's date is a day already come
 * (Guatemala's), from 01/01/2000 (RECORDED_DAY_MIN): a year mistyped would print on dollar receipts.
 * The stored settings keep the looser 1900-2100, so a value saved before this rule still reads.
 */
export const paymentSettingsInputSchema = paymentSettingsSchema.extend({
  // The bounds of ./payments.ts, each with its own Spanish words (that file stays without them: /donate reads it).
  fee_percent: settingNumber(0, 20, f.fee_percent),
  fee_vat_percent: settingNumber(0, 50, f.fee_vat_percent),
  usd_exchange_rate: settingNumber(0.01, 1000, f.usd_exchange_rate),
  usd_exchange_rate_date: recordedDay({ invalid: USD_RATE_DATE_REQUIRED, tooEarly: USD_RATE_DATE_RANGE, future: USD_RATE_DATE_RANGE }),
});
