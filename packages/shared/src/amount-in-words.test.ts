import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInWords, integerToWords } from './amount-in-words';

describe('integerToWords', () => {
  it.each([
    [0, 'cero'],
    [1, 'uno'],
    [15, 'quince'],
    [16, 'dieciséis'],
    [20, 'veinte'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [30, 'treinta'],
    [31, 'treinta y uno'],
    [99, 'noventa y nueve'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [185, 'ciento ochenta y cinco'],
    [500, 'quinientos'],
    [777, 'setecientos setenta y siete'],
    [1000, 'mil'],
    [1001, 'mil uno'],
    [2021, 'dos mil veintiuno'],
    [21_000, 'veintiún mil'],
    [31_500, 'treinta y un mil quinientos'],
    [100_000, 'cien mil'],
    [101_000, 'ciento un mil'],
    [1_000_000, 'un millón'],
    [2_500_000, 'dos millones quinientos mil'],
    [21_000_000, 'veintiún millones'],
    [1_000_000_000, 'mil millones'],
    [999_999_999_999, 'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve'],
  ])('%i -> %s', (n, words) => {
    expect(integerToWords(n)).toBe(words);
  });

  it('shortens "uno" before a noun', () => {
    expect(integerToWords(1, true)).toBe('un');
    expect(integerToWords(21, true)).toBe('veintiún');
    expect(integerToWords(41, true)).toBe('cuarenta y un');
  });

  it('refuses what it cannot write', () => {
    expect(() => integerToWords(-1)).toThrow(RangeError);
    expect(() => integerToWords(1.5)).toThrow(RangeError);
    expect(() => integerToWords(1_000_000_000_000)).toThrow(RangeError);
  });

  it('writes every number with words only, never digits or doubled spaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const words = integerToWords(n);
        expect(words).toMatch(/^[a-záéíóúñ]+( [a-záéíóúñ]+)*$/);
      }),
    );
  });
});

describe('amountInWords', () => {
  it.each([
    [18_500, 'Ciento ochenta y cinco quetzales exactos'],
    [18_550, 'Ciento ochenta y cinco quetzales con cincuenta centavos'],
    [100, 'Un quetzal exacto'],
    [101, 'Un quetzal con un centavo'],
    [1, 'Cero quetzales con un centavo'],
    [2_100, 'Veintiún quetzales exactos'],
    [7_599, 'Setenta y cinco quetzales con noventa y nueve centavos'],
    [100_000_000, 'Un millón de quetzales exactos'],
    [150_000_000, 'Un millón quinientos mil quetzales exactos'],
    [5_000_025, 'Cincuenta mil quetzales con veinticinco centavos'],
  ])('%i cents -> %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it('names other currencies', () => {
    expect(amountInWords(1_000, 'USD')).toBe('Diez dólares exactos');
    expect(amountInWords(100, 'EUR')).toBe('Un euro exacto');
  });

  it('refuses negative or fractional cents', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});
