// Screens ask how a provider takes the card, never its name (docs/product.md#payments).
import { describe, expect, it } from 'vitest';
import { DONATION_PROVIDERS, PAYMENT_PROVIDERS, demoProvider, hostedCheckout, paymentCurrency } from './payments';

describe('how a provider takes the card', () => {
  it('the gateway opens its own checkout page; the offline demo takes card fields on /donate', () => {
    expect(hostedCheckout('recurrente')).toBe(true);
    expect(demoProvider('recurrente')).toBe(false);
    expect(hostedCheckout('simulated')).toBe(false);
    expect(demoProvider('simulated')).toBe(true);
  });

  it('every card provider is exactly one of the two; the bank deposit and unknown names are neither', () => {
    for (const provider of PAYMENT_PROVIDERS) expect(hostedCheckout(provider) !== demoProvider(provider)).toBe(true);
    for (const name of [...DONATION_PROVIDERS.filter((p) => !(PAYMENT_PROVIDERS as readonly string[]).includes(p)), 'otro', '', null, undefined]) {
      expect(hostedCheckout(name)).toBe(false);
      expect(demoProvider(name)).toBe(false);
    }
  });
});

describe('a stored currency as a payment currency', () => {
  it('USD is dollars; anything else, a missing one included, is quetzales', () => {
    expect(paymentCurrency('USD')).toBe('USD');
    for (const code of ['GTQ', 'usd', '', null, undefined, 42]) expect(paymentCurrency(code)).toBe('GTQ');
  });
});
