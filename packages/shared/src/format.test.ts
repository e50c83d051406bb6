import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, fromCents, roundTo, toCents } from './format';

describe('formatMoney', () => {
  it('formats quetzales as Q185.00 with the symbol next to the number', () => {
    expect(formatMoney(185)).toBe('Q185.00');
    expect(formatMoney('75.5')).toBe('Q75.50');
    expect(formatMoney(0)).toBe('Q0.00');
  });

  it('groups thousands', () => {
    expect(formatMoney(50000)).toBe('Q50,000.00');
    expect(formatMoney(1234567.891)).toBe('Q1,234,567.89');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatMoney(-15)).toMatch(/^-Q15\.00$/);
  });
});

describe('cents', () => {
  it('converts exactly, without floating point drift', () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(1_000_000)).toBe(100_000_000);
    expect(toCents('-2.5')).toBe(-250);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('gives whole cents for numbers JavaScript writes in exponent notation', () => {
    expect(toCents(2e-323)).toBe(0);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(0.004)).toBe(0);
    expect(toCents(1e20)).toBe(1e22);
    expect(Number.isInteger(toCents(5e-324))).toBe(true);
  });
});

describe('dates', () => {
  it('formats in Guatemala time (UTC-6)', () => {
    // 03:00 UTC on 1 March is still 28 February in Guatemala.
    expect(formatDate('2025-03-01T03:00:00Z')).toBe('28/02/2025');
  });

  it('rounds to the given decimals', () => {
    expect(roundTo(66.666, 1)).toBe(66.7);
    expect(roundTo(12.345, 2)).toBe(12.35);
  });
});
