// The email rate card (docs/product.md#email): bad values refused in Spanish next to their field
// without a request, valid ones saved, and how long a year's statements take at the rate shown.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emailDeliveryMessages as t } from '@donaciones/shared/messages/email-delivery';
import type { EmailDeliverySettings } from '@donaciones/shared/schemas/email-delivery';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { EmailDeliveryForm } from './email-delivery';

describe('the email delivery card', () => {
  it('refuses a rate out of range in Spanish without sending, and saves a valid one', async () => {
    const { adapter, requests } = fakeAdapter((req) =>
      req.method === 'PUT' ? { status: 200, data: req.data as EmailDeliverySettings } : { status: 404, data: { detail: 'Recurso no encontrado' } },
    );
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmailDeliveryForm values={{ per_minute: 600, sent_retention_days: 180 }} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(t.pace(600))).toBeTruthy();
    const user = userEvent.setup();
    const rate = screen.getByLabelText(new RegExp(t.perMinute));
    await user.clear(rate);
    await user.type(rate, '0');
    fireEvent.submit(screen.getByRole('form', { name: t.title }));
    expect(await screen.findByText('Indica entre 1 y 10,000 correos por minuto')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '1500');
    expect(screen.getByText(t.pace(1500))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/settings/email-delivery');
    expect(put?.data).toEqual({ per_minute: 1500, sent_retention_days: 180 });
  });
});
