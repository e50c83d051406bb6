// The charge's parts (gift + commission + IVA = charged), the one definition every donate screen shows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chargeBreakdown, chargedBreakdown, checkoutCharge } from './donate';
import { DEFAULT_PAYMENT_SETTINGS } from './payments';

const settings = { ...DEFAULT_PAYMENT_SETTINGS, fee_percent: 4.5, fee_vat_percent: 12 };

describe('checkoutCharge', () => {
  it('covers the fee of Q185.00 as Q185.00 + Q8.77 + IVA Q1.05 = Q194.82', () => {
    expect(checkoutCharge(18_500, true, settings)).toEqual({ giftCents: 18_500, commissionCents: 877, vatCents: 105, feeCents: 982, chargedCents: 19_482 });
  });

  it('charges the gift alone when the fee is not covered, or the settings are unknown', () => {
    expect(checkoutCharge(18_500, false, settings)).toEqual({ giftCents: 18_500, commissionCents: 0, vatCents: 0, feeCents: 0, chargedCents: 18_500 });
    expect(checkoutCharge(18_500, true, null).chargedCents).toBe(18_500);
  });
});

describe('chargedBreakdown', () => {
  it('gives after paying the same parts as before paying', () => {
    expect(chargedBreakdown({ amount: 194.82, covered_fee: 9.82 }, settings)).toEqual(checkoutCharge(18_500, true, settings));
  });

  it('always adds up: gift + commission + IVA = charged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.boolean(), fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 5_000 }), (gift, cover, fee, vat) => {
        const s = { fee_percent: fee / 100, fee_vat_percent: vat / 100 };
        const c = checkoutCharge(gift, cover, s);
        expect(c.giftCents + c.commissionCents + c.vatCents).toBe(c.chargedCents);
        expect(c.vatCents).toBeGreaterThanOrEqual(0);
        expect(c.commissionCents).toBeGreaterThanOrEqual(0);
        expect(chargeBreakdown(c.giftCents, c.feeCents, s)).toEqual(c);
      }),
    );
  });
});
