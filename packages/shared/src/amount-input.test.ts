import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalMarkOf, parseAmountInput } from './amount-input';
import { formatMoney } from './format';

describe('parseAmountInput', () => {
  it.each([
    ['1,500', 150_000],
    ['1500', 150_000],
    ['1,500.50', 150_050],
    ['1500.5', 150_050],
    ['Q 1,500', 150_000],
    ['Q1,500.00', 150_000],
    ['q75', 7_500],
    ['  185  ', 18_500],
    ['1,234,567.89', 123_456_789],
    ['0.99', 99],
    ['.5', 50],
    ['1500.', 150_000],
    ['007', 700],
    ['50000', 5_000_000],
    // Guatemala writes the quetzal's symbol with a period too: "Q.150.00" is Q150.
    ['Q.150.00', 15_000],
    ['Q.150', 15_000],
    ['q. 1,250.50', 125_050],
    ['Q.50', 5_000],
  ])('reads %s as the donor means it (%i cents)', (text, cents) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['US$100', 10_000],
    ['us$ 1,250.50', 125_050],
    ['US $75', 7_500],
    ['$100', 10_000],
    ['$ 6,493.50', 649_350],
    ['USD 20', 2_000],
  ])('reads %s in a dollar field (%i cents), the dollar symbol leading it as Q does in quetzales', (text, cents) => {
    expect(parseAmountInput(text, 'USD')).toEqual({ ok: true, cents });
  });

  it.each([
    ['Q100', 'otherCurrency'],
    ['US$', 'empty'],
    ['-US$5', 'negative'],
    ['US$ -5', 'negative'],
    ['US$1,50', 'ambiguous'],
    ['US$1e3', 'malformed'],
    ['US$$5', 'malformed'],
  ])('refuses %s in a dollar field (%s)', (text, problem) => {
    expect(parseAmountInput(text, 'USD')).toEqual({ ok: false, problem });
  });

  it.each([
    ['1,50', 'ambiguous'],
    ['12,5', 'ambiguous'],
    ['1.500,00', 'ambiguous'],
    ['1.500.000', 'ambiguous'],
    ['1.500', 'ambiguous'],
    ['1,5000', 'malformed'],
    ['1,50,000', 'malformed'],
    ['1.2.3', 'malformed'],
    ['1..5', 'malformed'],
    ['abc', 'malformed'],
    ['15O', 'malformed'],
    ['-5', 'negative'],
    ['-1,500.50', 'negative'],
    ['Q -5', 'negative'],
    ['-Q5', 'negative'],
    ['\u22125', 'negative'],
    ['-', 'malformed'],
    ['-abc', 'malformed'],
    ['-5-', 'malformed'],
    ['-1,50', 'ambiguous'],
    ['5-', 'malformed'],
    ['1e3', 'malformed'],
    ['1 500', 'malformed'],
    [',500', 'malformed'],
    ['.', 'malformed'],
    ['Q', 'empty'],
    ['   ', 'empty'],
    ['', 'empty'],
    ['9.9999999999', 'decimals'],
    ['1500.555', 'decimals'],
    ['1,500.123', 'decimals'],
    ['1234567890123', 'tooLarge'],
    ['US$100', 'otherCurrency'],
    ['$ 5', 'otherCurrency'],
  ])('refuses %s (%s) instead of guessing', (text, problem) => {
    expect(parseAmountInput(text)).toEqual({ ok: false, problem });
  });

  it('reads back every amount the product prints, with or without the symbol', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const printed = formatMoney(cents / 100);
        expect(parseAmountInput(printed)).toEqual({ ok: true, cents });
        expect(parseAmountInput(printed.replace(/^Q/, ''))).toEqual({ ok: true, cents });
        expect(parseAmountInput(printed.replace(/,/g, ''))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('a column of amounts with the decimal comma', () => {
  it('takes the comma only when some amount ends in ,d or ,dd and none in .d or .dd; null when it has both', () => {
    expect(decimalMarkOf(['1.250,50', '300', 'Q 75,5'])).toBe(',');
    expect(decimalMarkOf(['1,250.50', '300'])).toBe('.');
    expect(decimalMarkOf(['1,250', '1.500', ''])).toBe('.');
    expect(decimalMarkOf(['1,25', '1,250.00'])).toBeNull();
    // The period of "Q." is the symbol's, not a decimal point.
    expect(decimalMarkOf(['Q.1.250,50', 'Q.50'])).toBe(',');
  });

  it.each([
    ['1.250,50', 125_050],
    ['Q 1.250,50', 125_050],
    ['1250,5', 125_050],
    ['1.500', 150_000],
    ['2.000.000', 200_000_000],
    ['1,5', 150],
    ['Q.1.250,50', 125_050],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmountInput(text, 'GTQ', ',')).toEqual({ ok: true, cents });
  });

  it.each([
    ['1,250', 'ambiguous'],
    ['1,2345', 'decimals'],
    ['12,5,0', 'malformed'],
    ['-1.250,50', 'negative'],
    ['US$ 5,50', 'otherCurrency'],
  ])('refuses %s (%s) as a typed amount is refused', (text, problem) => {
    expect(parseAmountInput(text, 'GTQ', ',')).toEqual({ ok: false, problem });
  });
});
