// The deposit date of a slip (docs/product.md#bank-deposits): a real day from 01/01/2000 to today, each
// refusal saying what is wrong.
import { describe, expect, it } from 'vitest';
import { depositMessages } from '../messages/deposits';
import { DEPOSIT_DATE_MIN, slipFormSchema } from './deposits';

const e = depositMessages.errors;
const slip = { bank: 'Banrural', slipNumber: 'A-77', amount: '185.00' };
const refusal = (depositDate: string) => {
  const parsed = slipFormSchema.safeParse({ ...slip, depositDate });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('the deposit date', () => {
  it('before 2000 is refused with the range taken', () => {
    expect(refusal('1999-01-01')).toEqual(['La fecha del depósito debe estar entre el 01/01/2000 y hoy']);
    expect(refusal('1999-12-31')).toEqual([e.depositDateTooEarly]);
  });

  it('takes the first day of the range, which is the date field’s min', () => {
    expect(DEPOSIT_DATE_MIN).toBe('2000-01-01');
    expect(refusal(DEPOSIT_DATE_MIN)).toBeNull();
  });

  it('a day that does not exist, and one in the future, keep their own words', () => {
    expect(refusal('2026-02-30')).toEqual([e.depositDateInvalid]);
    expect(refusal('2099-01-01')).toEqual([e.depositDateFuture]);
    expect(refusal('')).toEqual([e.depositDateRequired]);
  });
});
