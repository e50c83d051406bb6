// The payment provider's return page and the checkout with a provider (docs/product.md#payments):
// "procesando" until final, success with reference, amount, card; failure with "Intentar de nuevo";
// "cancelaste el pago"; and on /donate no card field when a provider takes the card.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DonationPaymentStatus } from '@donaciones/shared/schemas/payments';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

const REF = '#MG12345678';
const url = (extra = '') => `/donate/resultado?ref=${encodeURIComponent(REF)}${extra}`;

function status(over: Partial<DonationPaymentStatus>): DonationPaymentStatus {
  return {
    reference_code: REF,
    status: 'pending',
    amount: 185,
    currency: 'GTQ',
    covered_fee: 0,
    payment_provider: 'recurrente',
    payment_method: null,
    card_last4: null,
    card_network: null,
    failure_reason: null,
    receipt_number: null,
    receipt_series: null,
    checkout_url: 'http://pagos.prueba/checkout-session/ch_1',
    ...over,
  };
}

const site = publicSite({
  organization: { description: 'Texto', phone: '+502 2200 0000', email: 'contacto@ejemplo.org' },
  system: { system_name: 'Plataforma', contact_email: 'contacto@ejemplo.org' },
  payments: { provider: 'recurrente', fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' },
});

describe('/donate/resultado', () => {
  it('shows "procesando" while pending, then the paid donation with reference, amount, card and the success dialog', async () => {
    let calls = 0;
    renderApp(url(), {
      handler: (req) => {
        if (req.url === '/public/site') return { status: 200, data: site };
        if (req.url === '/donate/status') {
          calls += 1;
          expect(req.config.params).toEqual({ ref: REF });
          return {
            status: 200,
            data: calls < 2 ? status({}) : status({ status: 'completed', card_last4: '4242', card_network: 'visa', receipt_number: 12, receipt_series: 'A', checkout_url: null }),
          };
        }
        return undefined;
      },
    });
    expect(await screen.findByTestId('result-processing')).toBeTruthy();
    const paid = await screen.findByTestId('result-paid', {}, { timeout: 20_000 });
    expect(paid.textContent).toContain(REF);
    expect(screen.getByTestId('result-amount').textContent).toBe('Q185.00');
    expect(screen.getByTestId('result-card').textContent).toContain('4242');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('a declined payment shows the reason and "Intentar de nuevo" opens a new checkout for the same donation', async () => {
    const assigned: string[] = [];
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign: (to: string) => assigned.push(to) } });
    try {
      const { requests } = renderApp(url(), {
        handler: (req) => {
          if (req.url === '/public/site') return { status: 200, data: site };
          if (req.url === '/donate/status') return { status: 200, data: status({ status: 'failed', failure_reason: 'Tu banco ha rechazado la transacción.', checkout_url: null }) };
          if (req.url === '/donate/retry') return { status: 200, data: status({ checkout_url: 'http://pagos.prueba/checkout-session/ch_2' }) };
          return undefined;
        },
      });
      const failed = await screen.findByTestId('result-failed');
      expect(failed.textContent).toContain('Tu banco ha rechazado la transacción.');
      await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
      await waitFor(() => expect(assigned).toEqual(['http://pagos.prueba/checkout-session/ch_2']));
      expect(requests.find((r) => r.url === '/donate/retry')?.data).toEqual({ ref: REF });
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('coming back through cancel_url says the donor cancelled, with "Intentar de nuevo"', async () => {
    renderApp(url('&cancelado=1'), {
      handler: (req) => {
        if (req.url === '/public/site') return { status: 200, data: site };
        if (req.url === '/donate/status') return { status: 200, data: status({}) };
        return undefined;
      },
    });
    expect((await screen.findByTestId('result-cancelled')).textContent).toContain('Cancelaste el pago');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });

  it('an unknown reference says so', async () => {
    renderApp(url(), {
      handler: (req) => {
        if (req.url === '/public/site') return { status: 200, data: site };
        if (req.url === '/donate/status') return { status: 404, data: { detail: 'Recurso no encontrado' } };
        return undefined;
      },
    });
    expect(await screen.findByText('No encontramos una donación con esa referencia.')).toBeTruthy();
  });
});

describe('/donate with a payment provider', () => {
  it('asks for no card data, shows the covered fee, and sends the browser to the checkout', async () => {
    const assigned: string[] = [];
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign: (to: string) => assigned.push(to) } });
    try {
      const { requests } = renderApp('/donate', {
        handler: (req) => {
          if (req.url === '/public/site') return { status: 200, data: site };
          if (req.url === '/donate') {
            return {
              status: 201,
              data: { id: 1, reference_code: REF, amount: 105.31, currency: 'GTQ', covered_fee: 5.31, status: 'pending', card_last4: null, card_brand: null, payment_provider: 'recurrente', checkout_url: 'http://pagos.prueba/checkout-session/ch_9', created_at: '2026-11-23T00:00:00Z' },
            };
          }
          return undefined;
        },
      });
      const user = userEvent.setup();
      const custom = await screen.findByLabelText(/otro monto/i);
      await user.type(custom, '100');
      await user.click(screen.getByRole('button', { name: /continuar/i }));
      await screen.findByTestId('provider-note');
      expect(screen.queryByLabelText(/número de tarjeta/i)).toBeNull();
      expect(screen.queryByLabelText(/cvc/i)).toBeNull();
      await user.type(screen.getByLabelText(/nombre/i), 'María Pérez');
      await user.type(screen.getByLabelText(/correo/i), 'maria@correo.gt');
      await user.click(screen.getByLabelText(/cubrir la comisión/i));
      expect(screen.getByTestId('cover-fees-breakdown').textContent).toBe('Donación Q100.00 + comisión Q5.31 = se cobrará Q105.31');
      await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
      await waitFor(() => expect(assigned).toEqual(['http://pagos.prueba/checkout-session/ch_9']));
      const sent = requests.find((r) => r.url === '/donate')?.data as Record<string, unknown>;
      expect(sent).toMatchObject({ amount: 100, currency: 'GTQ', coverFees: true, paymentMethod: 'card' });
      expect(sent).not.toHaveProperty('cardLast4');
      expect(sent).not.toHaveProperty('cardBrand');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
