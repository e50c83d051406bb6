// The organisation's bank accounts form (docs/product.md#bank-deposits): adds an account, moves it
// first, hides another, and sends the list in the order on screen; a bad number is refused here.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { BankAccountsSettings } from '@donaciones/shared/schemas/deposits';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { BankAccountsForm } from './bank-accounts-form';

const m = depositMessages.settings;
const values: BankAccountsSettings = {
  accounts: [{ id: 'banrural', bank: 'Banrural', accountType: 'monetaria', number: '3-033-01234-5', holder: 'Fundación', hidden: false, sortOrder: 0 }],
};

describe('BankAccountsForm', () => {
  it('adds, orders and hides accounts, and saves them in the order shown', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: 200, data: req.data }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BankAccountsForm values={values} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: m.add }));
    const rows = () => screen.getAllByTestId('bank-account-row');
    const second = within(rows()[1]);
    await user.type(second.getByRole('textbox', { name: /Banco/ }), 'BAM');
    await user.selectOptions(second.getByRole('combobox', { name: /Tipo de cuenta/ }), 'ahorro');
    await user.type(second.getByRole('textbox', { name: /Número de cuenta/ }), 'abc');
    await user.type(second.getByRole('textbox', { name: /A nombre de/ }), 'Fundación');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.numberInvalid)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    const number = within(rows()[1]).getByRole('textbox', { name: /Número de cuenta/ });
    await user.clear(number);
    await user.type(number, '30-4455667-1');
    await user.click(within(rows()[1]).getByRole('button', { name: m.moveUp }));
    await user.click(within(rows()[1]).getByRole('checkbox', { name: m.hidden }));
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/admin/settings/bank-accounts');
    const sent = (put.data as BankAccountsSettings).accounts;
    expect(sent.map((a) => [a.bank, a.accountType, a.number, a.hidden, a.sortOrder])).toEqual([
      ['BAM', 'ahorro', '30-4455667-1', false, 0],
      ['Banrural', 'monetaria', '3-033-01234-5', true, 1],
    ]);
    expect(await screen.findByText(m.saved)).toBeTruthy();
  });
});
