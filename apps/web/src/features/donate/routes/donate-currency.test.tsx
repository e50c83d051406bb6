// Changing the card's currency on /donate converts the amount at the reference rate instead of
// keeping its number (decision 0071): Q75 becomes US$10, not US$75 (about Q578); step 1 then shows
// the presets and "Otro monto" in dollars, changing back restores the quetzal amount, and what is
// sent, the summary and the tab's kept draft all say the same amount in the same currency.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());

const site = publicSite({ payments: { provider: 'simulated', usd_exchange_rate: 7.7, usd_exchange_rate_date: '2026-01-01', fee_percent: 4.5, fee_vat_percent: 12 } });

function open() {
  const requests: RecordedRequest[] = [];
  renderApp('/donate', {
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/donate') {
        requests.push(req);
        return { status: 201, data: publicDonationAnswer({ amount: 10, currency: 'USD' }) };
      }
      return undefined;
    },
  });
  return { requests, user: userEvent.setup() };
}

const currency = () => screen.findByRole('combobox', { name: 'Moneda' }, { timeout: 20_000 });
const summary = () => screen.getByTestId('donate-amount').textContent;

describe('/donate: the card in dollars', { timeout: 30_000 }, () => {
  it('converts a preset at the reference rate, says so, shows it in dollars on step 1 and restores it in quetzales', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Q75' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'USD');
    expect(summary()).toBe('US$10.00');
    expect(screen.getByTestId('summary-charge-gtq').textContent).toMatch(/^Equivale a unos Q77\.00/);
    expect(screen.getByTestId('currency-converted').textContent).toMatch(/^Convertimos tu donación de Q75\.00 a US\$10\.00/);

    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByRole('button', { name: 'US$10' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'US$24' })).toBeInTheDocument();
    expect(screen.getByTestId('amounts-in-usd').textContent).toMatch(/dólares/);
    expect(screen.getByText('Puedes donar desde US$0.13 hasta US$6,493.50.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'GTQ');
    expect(summary()).toBe('Q75.00');
    expect(screen.getByTestId('currency-converted').textContent).toMatch(/^Convertimos tu donación de US\$10\.00 a Q75\.00/);
  });

  it('converts a typed amount to whole dollars and back to what was typed, and sends the dollars', async () => {
    const { user, requests } = open();
    const field = await screen.findByRole('textbox', { name: /Otro monto/ }, { timeout: 20_000 });
    await user.type(field, '1,500');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'USD');
    expect(summary()).toBe('US$195.00');
    await user.selectOptions(await currency(), 'GTQ');
    expect(summary()).toBe('Q1,500.00');
    await user.selectOptions(await currency(), 'USD');

    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByRole('textbox', { name: /Otro monto/ })).toHaveValue('195');
    expect(screen.getByTestId('custom-amount-understood').textContent).toContain('US$195.00');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.type(await screen.findByRole('textbox', { name: /Nombre completo/ }), 'Jane Doe');
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'jane@correo.com');
    await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
    await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests[0]?.data).toMatchObject({ amount: 195, currency: 'USD' });
  });

  it('checks a dollar amount against the bounds at the rate, as the API does', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Q75' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'USD');
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    await user.type(await screen.findByRole('textbox', { name: /Otro monto/ }), '7,000');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect(await screen.findByText('El monto máximo de donación es US$6,493.50')).toBeInTheDocument();
  });

  it('reads "US$100" typed in dollars as US$100, and refuses a Q there instead of taking it for dollars', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Q75' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'USD');
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    const field = await screen.findByRole('textbox', { name: /Otro monto/ });
    await user.type(field, 'Q100');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect(await screen.findByText('El monto lleva el símbolo de otra moneda: escribe solo el número en la moneda elegida.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'US$100');
    expect(screen.getByTestId('custom-amount-understood').textContent).toContain('US$100.00');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect(await screen.findByTestId('donate-amount')).toHaveTextContent('US$100.00');
  });

  it('"US$100" typed while the amount is in quetzales says where to choose dollars instead of a currency the donor never chose', async () => {
    const { user, requests } = open();
    await user.type(await screen.findByRole('textbox', { name: /Otro monto/ }, { timeout: 20_000 }), 'US$100');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect(await screen.findByText(donateMessages.amountDollarsLater)).toBeInTheDocument();
    expect(screen.queryByText(donateMessages.amountInput.otherCurrency)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('keeps the dollars in the tab: a preset is a quetzal amount shown in dollars, a typed amount is in the kept currency', () => {
    sessionStorage.setItem('donar:borrador', JSON.stringify({ preset: 185, customAmount: '', currency: 'USD' }));
    open();
    return screen.findByRole('button', { name: 'US$24' }, { timeout: 20_000 }).then((button) => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('a deposit is in quetzales: choosing it converts a dollar amount back', async () => {
    const withBank = publicSite({
      payments: { provider: 'simulated', usd_exchange_rate: 7.7, usd_exchange_rate_date: '2026-01-01', fee_percent: 4.5, fee_vat_percent: 12 },
      bank_accounts: [{ id: 'bi', bank: 'Banco Industrial', account_type: 'monetaria', number: '000-123456-7', holder: 'Fundación' }],
    });
    renderApp('/donate', { handler: (req) => (req.url === '/public/site' ? { status: 200, data: withBank } : undefined) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Q75' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await user.selectOptions(await currency(), 'USD');
    expect(summary()).toBe('US$10.00');
    await user.click(screen.getByText('Depósito o transferencia bancaria'));
    expect(summary()).toBe('Q75.00');
  });
});
