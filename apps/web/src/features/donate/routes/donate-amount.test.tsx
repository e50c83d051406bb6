// "Otro monto" on /donate reads what a Guatemalan donor types (the comma groups thousands, the dot
// marks centavos), refuses what could mean two amounts, and restates the amount in words before
// paying (docs/product.md#validation-rules).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donateMessages as d } from '@donaciones/shared/messages/donate';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

const site = publicSite({
  organization: { description: 'Texto', phone: '+502 2200 0000', email: 'contacto@ejemplo.org' },
  system: { system_name: 'Plataforma', contact_email: 'contacto@ejemplo.org' },
  payments: { provider: 'simulated', fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' },
});

function openDonate() {
  renderApp('/donate', { handler: (req) => (req.url === '/public/site' ? { status: 200, data: site } : undefined) });
  return userEvent.setup();
}

describe('/donate "Otro monto"', () => {
  it.each([
    ['1,500', 'Q1,500.00', 'Mil quinientos quetzales exactos'],
    ['Q 1,500', 'Q1,500.00', 'Mil quinientos quetzales exactos'],
    ['1,500.50', 'Q1,500.50', 'Mil quinientos quetzales con cincuenta centavos'],
    ['1500.5', 'Q1,500.50', 'Mil quinientos quetzales con cincuenta centavos'],
    // The quetzal's symbol as Guatemala also writes it, with a period: it said "máximo dos decimales".
    ['Q.150.00', 'Q150.00', 'Ciento cincuenta quetzales exactos'],
  ])('reads %s as %s and says it in words, on the field and before paying', async (typed, money, words) => {
    const user = openDonate();
    const field = await screen.findByLabelText(/otro monto/i);
    await user.type(field, typed);
    expect((field as HTMLInputElement).value).toBe(typed);
    const understood = screen.getByTestId('custom-amount-understood');
    expect(understood.textContent).toContain(money);
    expect(understood.textContent).toContain(words);

    await user.click(screen.getByRole('button', { name: /continuar/i }));
    expect((await screen.findByTestId('donate-amount')).textContent).toBe(money);
    expect(screen.getByTestId('donate-amount-words').textContent).toContain(words);
  });

  it.each([
    ['1,50', d.amountInput.ambiguous],
    ['1.500,00', d.amountInput.ambiguous],
    ['1,5000', d.amountInput.malformed],
    ['1.2.3', d.amountInput.malformed],
    ['abc', d.amountInput.malformed],
    ['-5', 'Ingresa un monto mayor a cero'],
    ['9.9999999999', d.amountInput.decimals],
  ])('refuses %s with a clear message and stays on the amount', async (typed, message) => {
    const user = openDonate();
    const field = await screen.findByLabelText(/otro monto/i);
    await user.type(field, typed);
    expect(screen.getByTestId('custom-amount-understood').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: /continuar/i }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('donate-amount')).toBeNull();
  });

  it('keeps "Continuar" disabled with nothing or zero typed, and enabled for text it must explain', async () => {
    const user = openDonate();
    const field = await screen.findByLabelText(/otro monto/i);
    const button = screen.getByRole('button', { name: /continuar/i });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, '0');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '1,50');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
