// The gift's amount in the currency the donor chose (decision 0071): the presets are quetzal amounts
// shown in whole dollars at the staff's reference rate, and a change of currency converts the amount
// (rounded to whole units) instead of keeping its number, so Q75 becomes US$10, not US$75. The
// bounds staff set are quetzales; in dollars they are the amounts whose quetzal value at the rate
// lies within them, as POST /donate compares a dollar gift (toQuetzalCents).
import { CURRENCY_SYMBOLS } from '@donaciones/shared/format';
import { type AmountBounds, type PaymentCurrency, boundsIn } from '@donaciones/shared/schemas/payments';

/**
 * `amount` of `from` in `to` at `rate` quetzales per dollar, rounded to whole units (at least 1) and
 * kept within the bounds in `to`, so that the converted gift is one the checkout takes.
 */
export function convertAmount(amount: number, from: PaymentCurrency, to: PaymentCurrency, rate: number, bounds: AmountBounds): number {
  if (from === to) return amount;
  const converted = Math.max(1, Math.round(to === 'GTQ' ? amount * rate : amount / rate));
  const within = boundsIn(bounds, to, rate);
  return Math.min(Math.max(converted, within.min), within.max);
}

/** A preset (quetzales, PRESET_AMOUNTS) in the chosen currency: Q75 is US$10 at Q7.70 per dollar. */
export function presetIn(preset: number, currency: PaymentCurrency, rate: number | undefined, bounds: AmountBounds | null): number {
  if (currency === 'GTQ' || rate === undefined || !bounds) return preset;
  return convertAmount(preset, 'GTQ', currency, rate, bounds);
}

/** A preset's button: `Q75`, `US$10` (whole amounts, the symbol of the currency). */
export function presetLabel(amount: number, currency: PaymentCurrency): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${CURRENCY_SYMBOLS[currency] ?? currency}${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/** An amount as "Otro monto" reads it back (parseAmountInput): `1,500`, `6,493.50`. */
export function amountText(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 });
}
