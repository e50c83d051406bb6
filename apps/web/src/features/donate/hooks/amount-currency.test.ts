// A change of currency on /donate converts the amount at the reference rate instead of keeping its
// number (decision 0071), within the bounds POST /donate applies to a dollar gift's quetzal value.
import { describe, expect, it } from 'vitest';
import { PRESET_AMOUNTS } from '@donaciones/shared/constants';
import { boundsIn, toQuetzalCents } from '@donaciones/shared/schemas/payments';
import { amountText, convertAmount, presetIn, presetLabel } from './amount-currency';

const bounds = { min: 1, max: 50_000 };

describe('the amount in the chosen currency', () => {
  it('shows each quetzal preset in whole dollars at the rate, never the same number', () => {
    expect(PRESET_AMOUNTS.map((p) => presetIn(p, 'USD', 7.7, bounds))).toEqual([24, 10, 5, 2]);
    expect(PRESET_AMOUNTS.map((p) => presetIn(p, 'GTQ', 7.7, bounds))).toEqual([...PRESET_AMOUNTS]);
    expect(presetLabel(10, 'USD')).toBe('US$10');
    expect(presetLabel(75, 'GTQ')).toBe('Q75');
  });

  it('converts a typed amount both ways, rounded to whole units', () => {
    expect(convertAmount(1500, 'GTQ', 'USD', 7.7, bounds)).toBe(195);
    expect(convertAmount(195, 'USD', 'GTQ', 7.7, bounds)).toBe(1502);
    expect(convertAmount(100, 'USD', 'GTQ', 7.8, bounds)).toBe(780);
    expect(convertAmount(75, 'GTQ', 'GTQ', 7.7, bounds)).toBe(75);
    // Less than half a dollar is still a gift: at least US$1.
    expect(convertAmount(2, 'GTQ', 'USD', 7.7, bounds)).toBe(1);
  });

  it('keeps the converted amount within the bounds the API applies to its quetzal value', () => {
    const usd = convertAmount(50_000, 'GTQ', 'USD', 7.7, bounds);
    expect(usd).toBe(6493.5);
    expect(toQuetzalCents(Math.round(usd * 100), 'USD', 7.7)).toBeLessThanOrEqual(5_000_000);
    // A minimum above the rounded amount is met.
    expect(convertAmount(20, 'GTQ', 'USD', 7.7, { min: 25, max: 50_000 })).toBe(3.25);
    expect(convertAmount(6000, 'USD', 'GTQ', 7.7, { min: 1, max: 40_000 })).toBe(40_000);
  });

  it('gives the bounds in dollars to the cent, as POST /donate compares them', () => {
    for (const rate of [7.7, 7.8, 7.65, 1, 0.37]) {
      const usd = boundsIn({ min: 5, max: 50_000 }, 'USD', rate);
      const q = (amount: number) => toQuetzalCents(Math.round(amount * 100), 'USD', rate);
      expect(q(usd.min)).toBeGreaterThanOrEqual(500);
      expect(q(usd.min - 0.01)).toBeLessThan(500);
      expect(q(usd.max)).toBeLessThanOrEqual(5_000_000);
      expect(q(usd.max + 0.01)).toBeGreaterThan(5_000_000);
    }
    expect(boundsIn(bounds, 'GTQ', 7.7)).toEqual(bounds);
  });

  it('writes the converted amount as "Otro monto" reads it', () => {
    expect(amountText(1500)).toBe('1,500');
    expect(amountText(6493.5)).toBe('6,493.50');
    expect(amountText(13)).toBe('13');
  });
});
