// Recurrente's payloads read into the product's own events (domain/payments/recurrente/events.ts,
// decision 0032), and no Recurrente field name or id format read anywhere else in the API.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCheckout, readEvent } from '../../src/domain/payments/recurrente/events';

const checkout = {
  id: 'ch_1',
  status: 'paid',
  payment: { id: 'pa_1', paymentable: { type: 'OneTimePayment', id: 'on_1' } },
  payment_method: { type: 'card', card: { last4: '4242', network: 'visa' } },
  metadata: { donation_reference: '#MG12345678', donation_id: '7' },
};
const paid = {
  id: 'pa_1',
  event_type: 'payment_intent.succeeded',
  amount_in_cents: 18500,
  currency: 'GTQ',
  fee: 833,
  vat_withheld: 297,
  failure_reason: null,
  payment: { id: 'pa_1', paymentable: { type: 'OneTimePayment', id: 'on_1' } },
  checkout,
};

describe('Recurrente events read into the product events', () => {
  it('a one-time card payment: paid, with amount, currency, card, fee, VAT and the ids', () => {
    expect(readEvent('payment_intent.succeeded', paid)).toEqual({
      kind: 'paid',
      recurring: false,
      payment: {
        paymentId: 'pa_1',
        checkoutId: 'ch_1',
        subscriptionId: null,
        donationReference: '#MG12345678',
        giftId: null,
        amountCents: 18500,
        currency: 'GTQ',
        method: 'card',
        cardLast4: '4242',
        cardNetwork: 'visa',
        feeCents: 833,
        vatWithheldCents: 297,
        failureReason: null,
      },
    });
  });

  it('a charge of a subscription is recurring and names the subscription', () => {
    const subscription = { type: 'Subscription', id: 'su_9' };
    const event = readEvent('payment_intent.failed', {
      ...paid,
      failure_reason: 'Fondos insuficientes',
      payment: { id: 'pa_2', paymentable: subscription },
      checkout: { ...checkout, metadata: { recurring_gift_id: '12' } },
    });
    expect(event).toMatchObject({ kind: 'failed', recurring: true, payment: { subscriptionId: 'su_9', giftId: '12', failureReason: 'Fondos insuficientes' } });
  });

  it('bank transfers: pending, then paid under the payment inside the intent', () => {
    const body = { id: 'ba_1', payment: { id: 'pa_7', paymentable: { type: 'OneTimePayment', id: 'on_2' } }, checkout: { id: 'ch_2' } };
    expect(readEvent('bank_transfer_intent.pending', body)).toMatchObject({ kind: 'transfer_pending', payment: { checkoutId: 'ch_2' } });
    expect(readEvent('bank_transfer_intent.succeeded', body)).toMatchObject({ kind: 'paid', payment: { paymentId: 'pa_7', method: 'bank_transfer' } });
  });

  it('subscription news, with the customer and the price that find a gift before any payment did', () => {
    const body = { id: 'su_3', customer_email: 'ana@correo.gt', payment: { id: 'pa_3' }, product: { prices: [{ amount_in_cents: 15000 }] } };
    expect(readEvent('subscription.create', body)).toEqual({
      kind: 'subscription_started',
      subscription: { subscriptionId: 'su_3', paymentId: 'pa_3', customerEmail: 'ana@correo.gt', amountCents: 15000 },
    });
    expect(readEvent('subscription.past_due', body).kind).toBe('subscription_past_due');
    expect(readEvent('subscription.paused', body).kind).toBe('subscription_paused');
    expect(readEvent('subscription.cancel', body).kind).toBe('subscription_cancelled');
  });

  it('fields of the wrong type read as absent, never as an error; unknown events are other', () => {
    const odd = readEvent('payment_intent.succeeded', { id: 5, amount_in_cents: 12.5, currency: ['GTQ'], fee: '-3', checkout: 'ch_1', payment: null });
    expect(odd).toMatchObject({ kind: 'paid', recurring: false, payment: { paymentId: null, checkoutId: null, amountCents: null, currency: null, feeCents: null } });
    expect(readEvent('payment_intent.succeeded', { amount_in_cents: '18500' })).toMatchObject({ payment: { amountCents: 18500 } });
    expect(readEvent('invoice.created', { id: 'in_1' })).toEqual({ kind: 'other' });
  });

  it('a checkout as GET /checkouts/{id} answers it', () => {
    const state = readCheckout({ ...checkout, expires_at: '2026-01-02T03:04:05Z', payment: { id: 'pa_1', paymentable: { type: 'Subscription', id: 'su_1' } } });
    expect(state).toEqual({
      id: 'ch_1',
      status: 'paid',
      paymentId: 'pa_1',
      subscriptionId: 'su_1',
      paymentMethod: 'card',
      cardLast4: '4242',
      cardNetwork: 'visa',
      expiresAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(readCheckout({ status: 'weird' })).toMatchObject({ id: '', status: 'unpaid', paymentId: null, expiresAt: null });
  });
});

describe('Recurrente stays inside its adapter', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
    });

  it('no domain, route or job file outside domain/payments/recurrente/ reads its payload fields or id prefixes', () => {
    const adapter = path.join(src, 'domain/payments/recurrente') + path.sep;
    // The payload's own words: field names only Recurrente's bodies carry, its event names and id prefixes.
    const recurrenteWords = /paymentable|customer_email|amount_in_cents|payment_intent|bank_transfer_intent|'su_|"su_|startsWith\('(su|pa|ch|ba)_/;
    const leaks = ['domain', 'routes', 'jobs', 'http']
      .flatMap((dir) => files(path.join(src, dir)))
      .filter((file) => !file.startsWith(adapter))
      .filter((file) => recurrenteWords.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(leaks).toEqual([]);
  });
});
