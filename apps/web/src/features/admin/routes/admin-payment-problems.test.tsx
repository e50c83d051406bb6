// "Pagos por revisar" (docs/product.md#payments): each problem with its donation and amount; a
// duplicate payment refunded with one click by staff who may refund, and by nobody else; the
// dashboard's notice counts the recent ones still open.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentProblemView } from '@donaciones/shared/schemas/payments';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';
import { openProblems } from '../components/payment-problems-alert';

const now = Date.parse('2026-11-27T12:00:00Z');
const problem = (over: Partial<PaymentProblemView>): PaymentProblemView => ({
  id: 1,
  event_id: 'msg_1',
  event_type: 'payment_intent.succeeded',
  received_at: '2026-11-26T15:00:00Z',
  processed_at: '2026-11-26T15:00:00Z',
  error: null,
  payment_id: 'pa_1',
  amount: 150,
  currency: 'GTQ',
  problem: 'duplicate_payment',
  refundable: true,
  refunded_at: null,
  donation_id: 40,
  reference_code: '#MG00000040',
  ...over,
});

const list = [
  problem({}),
  problem({ id: 2, problem: 'amount_mismatch', refundable: false, amount: 0.01, payment_id: 'pa_2', donation_id: 41, reference_code: '#MG00000041' }),
  problem({ id: 3, problem: 'unknown_checkout', refundable: false, donation_id: null, reference_code: null, payment_id: 'pa_3' }),
];

function serve(posts: RecordedRequest[]) {
  return (req: RecordedRequest) => {
    if (req.url === '/admin/payments/problems') return { status: 200, data: list };
    if (req.method === 'POST' && req.url === '/admin/payment-events/1/refund') {
      posts.push(req);
      return { status: 200, data: { ...list[0], refundable: false, refunded_at: '2026-11-27T12:00:00Z' } };
    }
    return undefined;
  };
}

describe('admin: payments that need staff', { timeout: 20_000 }, () => {
  it('lists each problem with its donation and amount, and FINANCE refunds the duplicate after confirming it', async () => {
    const posts: RecordedRequest[] = [];
    renderApp('/admin/pagos', { user: { email: 'finanzas@ejemplo.org', roles: ['FINANCE'] }, handler: serve(posts) });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    expect(within(table).getByText('Pago duplicado, reembolsar')).toBeTruthy();
    expect(within(table).getByText('Monto distinto')).toBeTruthy();
    expect(within(table).getByText('Checkout desconocido')).toBeTruthy();
    expect(within(table).getByRole('link', { name: '#MG00000041' }).getAttribute('href')).toBe('/admin/donations/41');
    expect(within(table).getByText('Q0.01')).toBeTruthy();
    expect(within(table).getByText('Ninguna')).toBeTruthy();

    const refund = within(table).getAllByRole('button', { name: 'Reembolsar pago duplicado' });
    expect(refund).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(refund[0]);
    // Nothing is refunded until the dialog is confirmed; "Cancelar" sends nothing.
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reembolsar el pago duplicado?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
    await user.click(refund[0]);
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Sí, reembolsar' }));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('a VOLUNTEER sees the list but no refund button', async () => {
    renderApp('/admin/pagos', { user: { email: 'voluntariado@ejemplo.org', roles: ['VOLUNTEER'] }, handler: serve([]) });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    expect(within(table).getByText('Pago duplicado, reembolsar')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Reembolsar pago duplicado' })).toBeNull();
  });

  it('says so in Spanish when there is nothing to review', async () => {
    renderApp('/admin/pagos', { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] }, handler: (req) => (req.url === '/admin/payments/problems' ? { status: 200, data: [] } : undefined) });
    expect(await screen.findByText('No hay pagos por revisar.', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('the dashboard notice counts the open problems of the last 30 days only', () => {
    expect(openProblems(list, now)).toBe(3);
    expect(openProblems([problem({ refunded_at: '2026-11-27T00:00:00Z' }), problem({ received_at: '2026-09-01T00:00:00Z' })], now)).toBe(0);
  });
});
