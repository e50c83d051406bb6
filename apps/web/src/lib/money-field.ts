// A money text field read as Guatemalans write amounts (docs/product.md#money-currencies-and-formats):
// "1,500.50" is one thousand five hundred and fifty cents. A text field, never type="number", whose
// browser parsing takes "1e3" for a thousand and refuses the grouping comma.
import { parseAmountInput } from '@donaciones/shared/amount-input';

/** For react-hook-form's `setValueAs`: the amount the text means, or NaN when it is refused (the schema then says why). */
export function moneyFieldValue(value: unknown): number {
  if (typeof value === 'number') return value;
  const parsed = parseAmountInput(String(value ?? ''));
  return parsed.ok ? parsed.cents / 100 : Number.NaN;
}

