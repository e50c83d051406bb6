import { describe, expect, it } from 'vitest';
import { donateMessages as d } from '../messages/donate';
import { donateAmountSchema } from './donate';

describe('donate amount bounds message', () => {
  it('writes the bound as money is written everywhere: Q50,000.00, never "Q 50,000.00"', () => {
    const schema = donateAmountSchema({ min: 1, max: 50_000 });
    expect(schema.safeParse(60_000).error?.issues[0]?.message).toBe(d.amountAboveMax('Q50,000.00'));
    expect(schema.safeParse(0.5).error?.issues[0]?.message).toBe(d.amountBelowMin('Q1.00'));
  });
});
