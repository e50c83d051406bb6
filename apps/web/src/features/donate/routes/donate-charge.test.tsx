// What a donor is shown of the amount on /donate (docs/product.md#payments): the covered fee in parts
// (gift + commission + IVA = charged) in the summary, while processing and in the success dialog, the
// same figures each time; a dollar gift's impact, rate date and quetzal value; and the anonymous option.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());

const site = publicSite({
  organization: { name: 'Fundación de Prueba', description: 'Acompañamos a la niñez.', phone: '+502 2200 0000', email: 'info@prueba.gt' },
  impact: { quetzales_per_meal: 5, quetzales_per_evangelism_hour: 10, quetzales_per_child: 150, quetzales_per_scholarship: 1000 },
  payments: { provider: 'simulated', fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.7, usd_exchange_rate_date: '2026-01-01' },
});

const created = publicDonationAnswer;

function open(donate?: (req: RecordedRequest) => FakeAnswer) {
  const view = renderApp('/donate', {
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/donate' && donate) return donate(req);
      return undefined;
    },
  });
  return { ...view, user: userEvent.setup() };
}

async function toDetails(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(await screen.findByLabelText(/otro monto/i, {}, { timeout: 20_000 }), amount);
  await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
  await screen.findByTestId('donate-amount');
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Nombre completo/ }), 'Lucía Hernández');
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'lucia@correo.gt');
  await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
  await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
}

const parts = (testId: string) => ({
  gift: screen.getByTestId(`${testId}-gift`).textContent,
  commission: screen.getByTestId(`${testId}-commission`).textContent,
  vat: screen.getByTestId(`${testId}-vat`).textContent,
  total: screen.getByTestId(`${testId}-total`).textContent,
});

describe('covering the fee of Q185.00', { timeout: 20_000 }, () => {
  it('shows Q185.00 + Q8.77 + IVA Q1.05 = Q194.82 before paying, while processing and after', async () => {
    const { user, requests } = open(() => ({ status: 201, data: created({ amount: 194.82, covered_fee: 9.82 }) }));
    await toDetails(user, '185');
    await user.click(screen.getByRole('checkbox', { name: /cubrir la comisión/ }));
    const expected = {
      gift: 'Tu donaciónQ185.00',
      commission: 'Comisión de la pasarela de pagos+ Q8.77',
      vat: 'IVA sobre la comisión+ Q1.05',
      total: 'Total a cobrarQ194.82',
    };
    expect(screen.getByTestId('donate-amount').textContent).toBe('Q194.82');
    expect(parts('summary-charge')).toEqual(expected);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
    // Processing: the same charge, not the gift alone.
    await screen.findByTestId('processing-charge');
    expect(parts('processing-charge')).toEqual(expected);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(within(dialog).getByTestId('success-charge-gift').textContent).toBe(expected.gift);
    expect(within(dialog).getByTestId('success-charge-commission').textContent).toBe(expected.commission);
    expect(within(dialog).getByTestId('success-charge-vat').textContent).toBe(expected.vat);
    expect(within(dialog).getByTestId('success-charge-total').textContent).toBe('Total cobradoQ194.82');
    expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ amount: 185, coverFees: true });
  });
});

describe('a gift in dollars', { timeout: 20_000 }, () => {
  it('counts the impact by its quetzal value and says so, with the rate date in Spanish and the quetzal value before paying', async () => {
    const { user } = open();
    // Q770 converts to US$100 at Q7.70 (decision 0071).
    await toDetails(user, '770');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Moneda' }), 'USD');
    // US$100 at Q7.70 = Q770: 154 meals, 77 hours, 5 months of a child, no scholarship year.
    expect(screen.getByText('Con US$100.00 (unos Q770.00) puedes dar:')).toBeInTheDocument();
    expect(within(screen.getByTestId('impact-list')).getAllByRole('listitem')[0].textContent).toBe('154 refacciones nutritivas en una escuela');
    expect(screen.getByText('Tipo de cambio de referencia: Q7.70 por dólar, del 1 de enero de 2026.')).toBeInTheDocument();
    expect(screen.getByTestId('summary-charge-gtq').textContent).toBe(
      'Equivale a unos Q770.00 (tipo de cambio de referencia: Q7.70 por dólar, del 1 de enero de 2026).',
    );
    expect(screen.getByTestId('donate-amount').textContent).toBe('US$100.00');
  });
});

describe('giving anonymously', { timeout: 20_000 }, () => {
  it('is off by default and says how the donor will be shown; when chosen, the request says so', async () => {
    const { user, requests } = open(() => ({ status: 201, data: created({ amount: 75 }) }));
    await toDetails(user, '75');
    const box = screen.getByRole('checkbox', { name: 'Donar de forma anónima' });
    expect(box).not.toBeChecked();
    expect(screen.getByTestId('anonymous-hint').textContent).toMatch(/nombre y la inicial de tu apellido/);
    await user.click(box);
    expect(screen.getByTestId('anonymous-hint').textContent).toMatch(/«Anónimo»/);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ amount: 75, anonymous: true });
  });

  it('sends anonymous false when the donor leaves it unchecked', async () => {
    const { user, requests } = open(() => ({ status: 201, data: created({ amount: 75 }) }));
    await toDetails(user, '75');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ anonymous: false });
  });
});

describe('the payment result of a gift with the fee covered', { timeout: 20_000 }, () => {
  it('shows the same parts as before paying, on the page and in the dialog', async () => {
    const REF = '#MG12345678';
    renderApp(`/donate/resultado?ref=${encodeURIComponent(REF)}`, {
      handler: (req) => {
        if (req.url === '/public/site') return { status: 200, data: site };
        if (req.url === '/donate/status') {
          return {
            status: 200,
            data: {
              reference_code: REF,
              status: 'completed',
              amount: 194.82,
              currency: 'GTQ',
              covered_fee: 9.82,
              payment_provider: 'recurrente',
              payment_method: 'card',
              card_last4: '4242',
              card_network: 'visa',
              failure_reason: null,
              receipt_number: 12,
              receipt_series: 'A',
              checkout_url: null,
            },
          };
        }
        return undefined;
      },
    });
    await screen.findByTestId('result-paid', {}, { timeout: 20_000 });
    expect(parts('result-charge')).toEqual({
      gift: 'Tu donaciónQ185.00',
      commission: 'Comisión de la pasarela de pagos+ Q8.77',
      vat: 'IVA sobre la comisión+ Q1.05',
      total: 'Total cobradoQ194.82',
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('success-charge-total').textContent).toBe('Total cobradoQ194.82');
  });
});
