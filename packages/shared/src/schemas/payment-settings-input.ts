// What staff save in "Pagos con tarjeta" (docs/product.md#payments): apart from ./payments.ts, which
// /donate reads, so that its first visit carries none of it.
import { USD_RATE_DATE_RANGE, USD_RATE_DATE_REQUIRED } from '../messages/payments';
import { recordedDay } from './fields';
import { paymentSettingsSchema } from './payments';

/**
 * What staff save (`PUT /admin/settings/payments` and its form): the rate's date is a day already come
 * (Guatemala's), from 01/01/2000 (RECORDED_DAY_MIN): a year mistyped would print on dollar receipts.
 * The stored settings keep the looser 1900-2100, so a value saved before this rule still reads.
 */
export const paymentSettingsInputSchema = paymentSettingsSchema.extend({
  usd_exchange_rate_date: recordedDay({ invalid: USD_RATE_DATE_REQUIRED, tooEarly: USD_RATE_DATE_RANGE, future: USD_RATE_DATE_RANGE }),
});
