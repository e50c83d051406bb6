// The donor's phone and NIT/CUI in the admin donation detail, from the staff-only answer.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { DonationDonorRows } from './donation-donor';

function show(id: number) {
  const { adapter, requests } = fakeAdapter((req) =>
    req.url === '/admin/donations/5/donor'
      ? { status: 200, data: { phone: '+502 5555-0000', tax_id: '576937-K', tax_id_kind: 'nit' } }
      : req.url === '/admin/donations/7/donor'
        ? { status: 200, data: { phone: null, tax_id: 'CF', tax_id_kind: 'cf' } }
        : { status: 200, data: { phone: null, tax_id: null, tax_id_kind: null } },
  );
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <dl>
        <DonationDonorRows id={id} />
      </dl>
    </QueryClientProvider>,
  );
  return requests;
}

describe('DonationDonorRows', () => {
  it('shows the phone and the NIT with its kind', async () => {
    show(5);
    expect(await screen.findByText('+502 5555-0000')).toBeTruthy();
    expect(screen.getByTestId('donor-tax-id').textContent).toBe('576937-K · NIT');
    expect(screen.getByText('Teléfono')).toBeTruthy();
    expect(screen.getByText('NIT o CUI')).toBeTruthy();
  });

  it('names consumidor final once: "CF · Consumidor final", not "CF · Consumidor final (CF)"', async () => {
    show(7);
    expect((await screen.findByTestId('donor-tax-id')).textContent).toBe('CF · Consumidor final');
  });

  it('says when the donor gave neither', async () => {
    show(6);
    expect(await screen.findAllByText('No lo indicó')).toHaveLength(2);
  });
});
