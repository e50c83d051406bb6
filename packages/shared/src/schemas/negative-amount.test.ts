// "-5" typed as an amount (the "Otro monto" of /donate, "Cambiar monto" of a monthly gift) is refused
// with the words the amount contracts use for a number below zero, never "solo con números"
// (docs/product.md#validation-rules).
import { describe, expect, it } from 'vitest';
import { parseAmountInput } from '../amount-input';
import { donateMessages } from '../messages/donate';
import { donateAmountSchema } from './donate';
import { changeMonthlyAmountSchema } from './monthly';

describe('a negative amount', () => {
  it('typed, is refused for its sign with the contracts’ message for an amount below zero', () => {
    const typed = parseAmountInput('-5');
    expect(typed).toEqual({ ok: false, problem: 'negative' });
    if (typed.ok || typed.problem === 'empty') return;
    const message = donateMessages.amountInput[typed.problem];
    expect(message).toBe('Ingresa un monto mayor a cero');
    expect(message).not.toMatch(/números/);

    const donate = donateAmountSchema({ min: 5, max: 100_000 }).safeParse(-5);
    const monthly = changeMonthlyAmountSchema.safeParse({ amount: -5 });
    expect(donate.success || donate.error.issues[0]?.message).toBe(message);
    expect(monthly.success || monthly.error.issues[0]?.message).toBe(message);
  });

  it('zero reads the same in both contracts', () => {
    const donate = donateAmountSchema({ min: 5, max: 100_000 }).safeParse(0);
    const monthly = changeMonthlyAmountSchema.safeParse({ amount: 0 });
    expect(donate.success || donate.error.issues[0]?.message).toBe(donateMessages.amountRequired);
    expect(monthly.success || monthly.error.issues[0]?.message).toBe(donateMessages.amountRequired);
  });
});
