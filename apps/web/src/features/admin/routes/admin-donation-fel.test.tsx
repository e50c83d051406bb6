// A receipt's electronic certification (FEL) on the admin donation detail (docs/product.md#receipts):
// SAT's reason for a rejection with "Reintentar certificación", and SAT's authorization once certified.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Donation } from '@donaciones/shared/schemas/donations';
import type { AdminReceiptFel } from '@donaciones/shared/schemas/fel';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const detail = {
  id: 41,
  donor_name: 'Lucía Ramírez',
  donor_email: 'lucia@correo.gt',
  amount: 350,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'completed',
  description: null,
  reference_code: '#MG00000041',
  receipt_number: 8,
  receipt_series: 'A',
  failure_reason: null,
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  completed_at: '2026-11-20T15:01:00Z',
  donor_masked: false,
  can_process: false,
  can_cancel: false,
} as unknown as Donation;

const rejected: AdminReceiptFel = {
  status: 'rejected',
  uuid: null,
  series: null,
  number: null,
  certified_at: null,
  error: 'El NIT del receptor 576937K no es válido.',
  attempts: 1,
  next_attempt_at: null,
  verification_url: null,
  can_retry: true,
};

const certified: AdminReceiptFel = {
  status: 'certified',
  uuid: 'DBB51AE2-3A62-4437-B8E9-42ECFB761156',
  series: 'DBB51AE2',
  number: '979518519',
  certified_at: '2026-11-20T15:02:00Z',
  error: null,
  attempts: 1,
  next_attempt_at: null,
  verification_url: 'https://felpub.c.sat.gob.gt/verificador-web/publico/vistas/verificacionDte.jsf?tipo=autorizacion&numero=DBB51AE2-3A62-4437-B8E9-42ECFB761156',
  can_retry: false,
};

describe('admin: receipt certification (FEL)', { timeout: 20_000 }, () => {
  it('shows SAT\'s reason for a rejected receipt and sends it again', async () => {
    const posts: RecordedRequest[] = [];
    let fel: AdminReceiptFel = rejected;
    renderApp('/admin/donations/41', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/41') return { status: 200, data: detail };
        if (req.url === '/admin/donations/41/fel' && req.method === 'GET') return { status: 200, data: fel };
        if (req.url === '/admin/donations/41/fel/retry' && req.method === 'POST') {
          posts.push(req);
          fel = { ...rejected, status: 'pending', error: null, attempts: 0, can_retry: false };
          return { status: 200, data: fel };
        }
        return undefined;
      },
    });
    const card = await screen.findByTestId('receipt-fel', {}, { timeout: 20_000 });
    expect(within(card).getByText('Rechazado por SAT')).toBeTruthy();
    expect(within(card).getByText('El NIT del receptor 576937K no es válido.')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar certificación' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await within(card).findByText('Pendiente de certificar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar certificación' })).toBeNull();
  });

  it('a VOLUNTEER reads SAT\'s reason but may not send the receipt again (fiscal.manage)', async () => {
    renderApp('/admin/donations/41', {
      user: { email: 'voluntariado@ejemplo.org', roles: ['VOLUNTEER'] },
      handler: (req) => {
        if (req.url === '/donations/41') return { status: 200, data: detail };
        if (req.url === '/admin/donations/41/fel' && req.method === 'GET') return { status: 200, data: rejected };
        return undefined;
      },
    });
    const card = await screen.findByTestId('receipt-fel', {}, { timeout: 20_000 });
    expect(within(card).getByText('Rechazado por SAT')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar certificación' })).toBeNull();
  });

  it('shows SAT\'s authorization of a certified receipt with the link to verify it', async () => {
    renderApp('/admin/donations/41', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/41') return { status: 200, data: detail };
        if (req.url === '/admin/donations/41/fel') return { status: 200, data: certified };
        return undefined;
      },
    });
    const card = await screen.findByTestId('receipt-fel', {}, { timeout: 20_000 });
    expect(within(card).getByText('Certificado por SAT')).toBeTruthy();
    expect(within(card).getByText(certified.uuid as string)).toBeTruthy();
    expect(within(card).getByText('DBB51AE2 · 979518519')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Verificar en SAT' }).getAttribute('href')).toBe(certified.verification_url);
    expect(screen.queryByRole('button', { name: 'Reintentar certificación' })).toBeNull();
  });
});
