// An amount field of an API body that takes the number the forms send or the text a person typed
// ("1,250.50", "Q75", "US$100"), read by parseAmountInput with the same Spanish words the browser
// shows for the same text: one reader for every typed amount (decision 0074).
import { z } from 'zod';
import { type AmountInputCurrency, parseAmountInput } from '../amount-input';
import { donateMessages } from '../messages/donate';
import { paymentCurrency } from './payments';

/** Text to be read with the symbol of the body's currency (see `withAmountCurrency`). */
interface TypedInCurrency {
  typedAmount: string;
  currency: AmountInputCurrency;
}

const isTyped = (value: unknown): value is TypedInCurrency =>
  typeof value === 'object' && value !== null && typeof (value as TypedInCurrency).typedAmount === 'string';

/**
 * `schema` (a number of quetzales or dollars, with its bounds) that also takes typed text. `empty`:
 * the field's own message for blank text; `negative`, for a field where zero is allowed, its words
 * for a minus sign (the shared "mayor a cero" would refuse a valid 0). Text is read in quetzales
 * unless the body named its currency.
 */
export function typedAmount<T extends z.ZodType<number>>(schema: T, empty: string, negative?: string) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string' && !isTyped(value)) return value;
    const parsed = isTyped(value) ? parseAmountInput(value.typedAmount, value.currency) : parseAmountInput(value);
    if (parsed.ok) return parsed.cents / 100;
    const message = parsed.problem === 'negative' && negative ? negative : donateMessages.amountRefused(parsed.problem, empty);
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  }, schema);
}

/**
 * For a body whose `currency` says what `amount` is in: typed text is read with that currency's
 * symbol (`US$100` when `currency` is USD). Anything else is left for the schema to judge.
 */
export function withAmountCurrency(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { amount, currency } = body as { amount?: unknown; currency?: unknown };
  if (typeof amount !== 'string') return body;
  return { ...body, amount: { typedAmount: amount, currency: paymentCurrency(currency) } satisfies TypedInCurrency };
}
