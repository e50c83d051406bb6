// The staff's payment settings form (docs/product.md#payments): saves the fee and the dollar rate
// with its date, and refuses a rate of 0 without calling the API.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { guatemalaDay } from '@donaciones/shared/format';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { PaymentSettingsForm } from './payment-settings-form';

const values = { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.7, usd_exchange_rate_date: '2026-01-01' };

describe('PaymentSettingsForm', () => {
  it('saves the dollar rate with its date, and refuses a rate of 0', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: 200, data: req.data }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSettingsForm values={values} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const rate = screen.getByLabelText('Quetzales por dólar');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar pagos' }));
    expect(await screen.findByText(/Revisa los valores/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '7.82');
    const date = screen.getByLabelText('Fecha del tipo de cambio');
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Guardar pagos' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/settings/payments');
    expect(put?.data).toEqual({ ...values, usd_exchange_rate: 7.82, usd_exchange_rate_date: '2026-11-20' });
    expect(await screen.findByText('Configuración de pagos guardada')).toBeTruthy();
  });

  it('says under each field left empty or out of range what is wrong with it, in Spanish', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: 200, data: req.data }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSettingsForm values={values} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Comisión de la pasarela (%)'));
    await user.clear(screen.getByLabelText('IVA sobre la comisión (%)'));
    const rate = screen.getByLabelText('Quetzales por dólar');
    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Guardar pagos' }));
    expect(await screen.findByText('Escribe la comisión de la pasarela')).toBeTruthy();
    expect(screen.getByText('Escribe el IVA sobre la comisión')).toBeTruthy();
    expect(screen.getByText('Escribe cuántos quetzales vale un dólar')).toBeTruthy();
    await user.type(screen.getByLabelText('Comisión de la pasarela (%)'), '25');
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar pagos' }));
    expect(await screen.findByText('La comisión de la pasarela debe estar entre 0% y 20%')).toBeTruthy();
    expect(screen.getByText('El tipo de cambio debe estar entre Q0.01 y Q1,000 por dólar')).toBeTruthy();
    expect(screen.queryByText(/expected|Too (small|big)|Invalid/i)).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('offers the rate’s date from 01/01/2000 to today and refuses an earlier one under the field', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: 200, data: req.data }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSettingsForm values={values} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const date = screen.getByLabelText('Fecha del tipo de cambio') as HTMLInputElement;
    expect(date.min).toBe('2000-01-01');
    expect(date.max).toBe(guatemalaDay(new Date()));
    await user.clear(date);
    await user.type(date, '1926-11-20');
    await user.click(screen.getByRole('button', { name: 'Guardar pagos' }));
    expect(await screen.findByText('La fecha del tipo de cambio debe estar entre el 01/01/2000 y hoy')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
