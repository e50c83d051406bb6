// Staff decide on a donation's own page (docs/product.md#bank-deposits): a pending deposit shows its slip at
// full size with zoom and rotation beside the declared data and the amount warning, Aprobar and Rechazar
// (the approve dialog shows the slip and the warning too), the history, and a money line that does not
// read "Cobrado" before the money is received.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDonation, AdminDonationReview } from '@donaciones/shared/schemas/admin';
import type { Donation } from '@donaciones/shared/schemas/donations';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const queued: AdminDonation = {
  id: 41,
  donor_name: 'Ana Deposita',
  donor_email: 'ana@correo.gt', donor_anonymous: false,
  amount: 250,
  currency: 'GTQ',
  gtq_amount: null,
  donation_type: 'monetary',
  status: 'PENDING',
  created_at: '2026-11-20T15:00:00Z',
  dated_by_day: false,
  reference_code: '#MG00000041',
  payment_provider: null,
  manual_review: true,
  payment_method: 'bank_deposit',
  deposit: {
    attachment_id: 9,
    file_name: 'boleta.jpg',
    content_type: 'image/jpeg',
    has_preview: true,
    bank: 'Banrural',
    deposit_date: '2026-11-19',
    slip_number: '998877',
    declared_amount: 240,
    amount_differs: true,
    uploaded_at: '2026-11-20T16:00:00Z',
    duplicates: [],
  },
};

const review: AdminDonationReview = {
  donation: queued,
  history: [{ type: 'donation.slip_upload', message: 'El donante subió la boleta de depósito de la donación #MG00000041', timestamp: '2026-11-20T16:00:00Z' }],
};

const detail = {
  id: 41,
  donor_name: 'Ana Deposita',
  donor_email: 'ana@correo.gt', donor_anonymous: false,
  amount: 250,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'pending',
  description: null,
  reference_code: '#MG00000041',
  receipt_number: null,
  receipt_series: null,
  failure_reason: null,
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  completed_at: null,
  donor_masked: false,
  can_process: false,
  can_cancel: true,
} as unknown as Donation;

const payment = {
  id: 41,
  reference_code: '#MG00000041',
  status: 'pending',
  payment_provider: null,
  payment_method: 'bank_deposit',
  currency: 'GTQ',
  amount: 250,
  covered_fee: 0,
  fee: null,
  vat_withheld: null,
  net: null,
  gtq_amount: null,
  refundable: false,
  events: [],
} as unknown as AdminDonationPayment;

const jpeg = () => ({ status: 200, data: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) });

function handlerWith(posts: RecordedRequest[]) {
  return (req: RecordedRequest) => {
    if (req.url === '/donations/41') return { status: 200, data: detail };
    if (req.url === '/admin/donations/41/review') return { status: 200, data: review };
    if (req.url === '/admin/donations/41/payment') return { status: 200, data: payment };
    if (req.url === '/attachments/9' || req.url === '/attachments/9/preview') return jpeg();
    if (req.method === 'POST' && req.url === '/admin/donations/41/approve') {
      posts.push(req);
      return { status: 200, data: { ...queued, status: 'APPROVED' } };
    }
    return undefined;
  };
}

describe('admin: a donation reviewed on its own page', { timeout: 20_000 }, () => {
  it('shows the slip at full size with zoom and rotation, the declared data, the warning, the history and the decision', async () => {
    const posts: RecordedRequest[] = [];
    const requested: string[] = [];
    const handler = handlerWith(posts);
    renderApp('/admin/donations/41', {
      ...ADMIN,
      handler: (req) => {
        requested.push(req.url ?? '');
        return handler(req);
      },
    });

    const slip = await screen.findByRole('img', { name: 'Boleta de #MG00000041 a tamaño completo' }, { timeout: 20_000 });
    // The file itself, not the small preview.
    expect(requested).toContain('/attachments/9');
    expect(slip.style.width).toBe('100%');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Acercar' }));
    expect(slip.style.width).toBe('150%');
    await user.click(screen.getByRole('button', { name: 'Girar 90°' }));
    expect(slip.style.rotate).toBe('90deg');
    await user.click(screen.getByRole('button', { name: 'Ajustar' }));
    expect([slip.style.width, slip.style.rotate]).toEqual(['100%', '0deg']);

    expect(screen.getByText('Banrural')).toBeTruthy();
    expect(screen.getByText('998877')).toBeTruthy();
    expect(screen.getByText('El monto declarado (Q240.00) no es el de la donación (Q250.00).')).toBeTruthy();
    expect(screen.getByText('El donante subió la boleta de depósito de la donación #MG00000041')).toBeTruthy();

    // Not received yet: the money line is pending, never "Cobrado".
    const money = await screen.findByTestId('payment-amount');
    expect(money.closest('div')?.textContent).toBe('Por recibir (pendiente)Q250.00');
    expect(screen.queryByText('Cobrado')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Aprobar la donación #MG00000041' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprobar donación' });
    expect(within(dialog).getByText('El monto declarado (Q240.00) no es el de la donación (Q250.00).')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'Boleta de #MG00000041 a tamaño completo' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('a card donation has no Aprobar/Rechazar on its page, and a completed one reads "Cobrado"', async () => {
    const card = { ...review, donation: { ...queued, payment_provider: 'recurrente', manual_review: false, payment_method: 'card', deposit: null } };
    renderApp('/admin/donations/41', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/41') return { status: 200, data: { ...detail, status: 'completed' } };
        if (req.url === '/admin/donations/41/review') return { status: 200, data: card };
        if (req.url === '/admin/donations/41/payment') return { status: 200, data: payment };
        return undefined;
      },
    });
    expect(await screen.findByText('El donante subió la boleta de depósito de la donación #MG00000041', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Aprobar/ })).toBeNull();
    expect((await screen.findByTestId('payment-amount')).closest('div')?.textContent).toBe('CobradoQ250.00');
  });

  it('a deposit or transfer the office entered asks to look for its reference in the bank statement, not to compare a slip', async () => {
    for (const method of ['bank_deposit', 'bank_transfer']) {
      const office = { ...review, donation: { ...queued, payment_method: method, deposit: null, office_entry: { entered_by: 'Rosa Finanzas', reference: 'BI-4455667' } } };
      const view = renderApp('/admin/donations/41', {
        ...ADMIN,
        handler: (req) => {
          if (req.url === '/donations/41') return { status: 200, data: detail };
          if (req.url === '/admin/donations/41/review') return { status: 200, data: office };
          if (req.url === '/admin/donations/41/payment') return { status: 200, data: payment };
          return undefined;
        },
      });
      expect(await screen.findByText('Busca su referencia en el estado de cuenta del banco y decide.', {}, { timeout: 20_000 })).toBeTruthy();
      expect(screen.queryByText('Compara la boleta con lo declarado y decide.')).toBeNull();
      view.unmount();
    }
  });
});
