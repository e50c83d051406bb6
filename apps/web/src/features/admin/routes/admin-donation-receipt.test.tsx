// A donation's receipt on the admin donation detail (docs/product.md#receipts): staff re-send the
// receipt and the yearly statement to the donor (not to a gift without an email); nothing for a donation
// without a receipt.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const detail = {
  id: 52,
  donor_name: 'Lucía Ramírez',
  donor_email: 'lucia@correo.gt',
  amount: 350,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'completed',
  description: null,
  reference_code: '#MG00000052',
  receipt_number: 17,
  receipt_series: 'A',
  failure_reason: null,
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  completed_at: '2026-11-20T15:01:00Z',
  donor_masked: false,
  can_process: false,
  can_cancel: false,
} as unknown as Donation;

describe('admin: a donation\'s receipt', { timeout: 20_000 }, () => {
  it('re-sends the receipt and the yearly statement to the donor', async () => {
    const posts: RecordedRequest[] = [];
    renderApp('/admin/donations/52', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/52') return { status: 200, data: detail };
        if (req.url === '/admin/donations/52/receipt/resend' && req.method === 'POST') {
          posts.push(req);
          return { status: 200, data: { to: 'lucia@correo.gt', receipt: 'A-000017' } };
        }
        if (req.url === '/admin/donations/52/statement/resend' && req.method === 'POST') {
          posts.push(req);
          return { status: 200, data: { to: 'lucia@correo.gt', year: 2026 } };
        }
        return undefined;
      },
    });
    expect(await screen.findByTestId('receipt-number', {}, { timeout: 20_000 })).toHaveTextContent(/^A-000017$/);
    expect(screen.getByRole('button', { name: 'Descargar recibo' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reenviar recibo' }));
    expect(await screen.findByText('Recibo A-000017 reenviado a lucia@correo.gt.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reenviar constancia anual' }));
    expect(await screen.findByText('Constancia 2026 reenviada a lucia@correo.gt.')).toBeTruthy();
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/admin/donations/52/receipt/resend', '/admin/donations/52/statement/resend']));
  });

  it('shows no receipt card for a donation that has none', async () => {
    renderApp('/admin/donations/52', {
      ...ADMIN,
      handler: (req) => (req.url === '/donations/52' ? { status: 200, data: { ...detail, status: 'pending', receipt_number: null, completed_at: null } } : undefined),
    });
    expect(await screen.findByText('#MG00000052', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar recibo' })).toBeNull();
  });
  it('a gift without the donor\'s email: the receipt downloads or goes to an email added to the record since; no statement re-send', async () => {
    renderApp('/admin/donations/52', {
      ...ADMIN,
      handler: (req) => (req.url === '/donations/52' ? { status: 200, data: { ...detail, donor_email: '' } } : undefined),
    });
    expect(await screen.findByTestId('receipt-number', {}, { timeout: 20_000 })).toHaveTextContent(/^A-000017$/);
    expect(screen.getByRole('button', { name: 'Descargar recibo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar recibo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar constancia anual' })).toBeNull();
    expect(screen.getByText('Esta donación se registró sin correo: entrega el recibo impreso (Descargar recibo), o agrega el correo en la ficha del donante y usa Reenviar recibo.')).toBeTruthy();
    // The donor card says the email was not given rather than leaving the row blank.
    expect(screen.getByText('Correo').nextElementSibling).toHaveTextContent(/^No lo indicó$/);
  });

  it.each(['voided', 'refunded'])('a %s gift\'s receipt downloads but is not re-sent: it is annulled', async (status) => {
    renderApp('/admin/donations/52', {
      ...ADMIN,
      handler: (req) => (req.url === '/donations/52' ? { status: 200, data: { ...detail, status } } : undefined),
    });
    expect(await screen.findByTestId('receipt-number', {}, { timeout: 20_000 })).toHaveTextContent(/^A-000017$/);
    expect(screen.getByRole('button', { name: 'Descargar recibo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar recibo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar constancia anual' })).toBeNull();
    expect(screen.getByText(/Este recibo está anulado/)).toBeTruthy();
  });
});

describe('admin: the receipt card is named as its PDF', { timeout: 20_000 }, () => {
  it.each([
    [null, 'Constancia de donación'],
    [{ status: 'pending', uuid: null, series: null, number: null, certified_at: null, error: null, attempts: 0, next_attempt_at: null }, 'Constancia de donación'],
    [{ status: 'certified', uuid: 'U', series: 'S', number: '1', certified_at: '2026-11-20T15:02:00Z', error: null, attempts: 1, next_attempt_at: null }, 'Recibo por donación'],
  ])('FEL %j: "%s"', async (fel, title) => {
    renderApp('/admin/donations/52', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/52') return { status: 200, data: detail };
        if (req.url === '/admin/donations/52/fel') return { status: 200, data: fel };
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: title }, { timeout: 20_000 })).toBeTruthy();
  });
});
