// The admin side of card payments (docs/product.md#payments): a card donation shows no
// Aprobar/Rechazar (its provider settles it); the detail shows the payment and refunds it with a
// required reason after a confirmation.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import type { Donation } from '@donaciones/shared/schemas/donations';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const card: AdminDonation = {
  id: 40,
  donor_name: 'Ana Pérez',
  donor_email: 'ana@correo.gt', donor_anonymous: false,
  amount: 185,
  currency: 'GTQ',
  gtq_amount: null,
  donation_type: 'monetary',
  status: 'PENDING',
  created_at: '2026-11-20T15:00:00Z',
  dated_by_day: false,
  reference_code: '#MG00000040',
  payment_provider: 'recurrente',
  manual_review: false,
};

const detail = {
  id: 40,
  donor_name: 'Ana Pérez',
  donor_email: 'ana@correo.gt', donor_anonymous: false,
  amount: 185,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'completed',
  description: null,
  reference_code: '#MG00000040',
  receipt_number: 7,
  receipt_series: 'A',
  failure_reason: null,
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  completed_at: '2026-11-20T15:01:00Z',
  donor_masked: false,
  can_process: false,
  can_cancel: false,
} as unknown as Donation;

const payment: AdminDonationPayment = {
  id: 40,
  reference_code: '#MG00000040',
  status: 'completed',
  payment_provider: 'recurrente',
  payment_method: 'card',
  checkout_id: 'ch_abc',
  payment_id: 'pa_abc',
  card_network: 'visa',
  card_last4: '4242',
  currency: 'GTQ',
  amount: 185,
  covered_fee: 0,
  fee: 8.33,
  vat_withheld: 2.97,
  net: 173.7,
  gtq_amount: null,
  exchange_rate: null,
  exchange_rate_date: null,
  failure_reason: null,
  refunded_at: null,
  refund_reason: null,
  manual_review: false,
  refundable: true,
  refund_unavailable: null,
  entry: null,
  events: [
    {
      id: 1,
      event_id: 'msg_1',
      event_type: 'payment_intent.succeeded',
      received_at: '2026-11-20T15:01:00Z',
      processed_at: '2026-11-20T15:01:00Z',
      error: null,
      payment_id: 'pa_abc',
      amount: 185,
      currency: 'GTQ',
      problem: null,
      refundable: false,
      refunded_at: null,
    },
  ],
};

describe('admin: card payments', { timeout: 20_000 }, () => {
  it('a card donation in the queue has no Aprobar/Rechazar, only Ver', async () => {
    renderApp('/admin/donations', {
      ...ADMIN,
      handler: (req) => (req.url === '/admin/donations' ? { status: 200, data: { donations: [card], total: 1, limit: 20, offset: 0 } } : undefined),
    });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    expect(within(table).getByRole('link', { name: /Ver la donación 40/ })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Aprobar/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Rechazar/ })).toBeNull();
  });

  it('the detail shows the payment and refunds it with a required reason, once on a double click', async () => {
    const posts: RecordedRequest[] = [];
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: payment };
        if (req.method === 'POST' && req.url === '/admin/donations/40/refund') {
          posts.push(req);
          return { status: 200, data: { ...payment, status: 'refunded', refundable: false, refund_reason: 'Duplicada' } };
        }
        return undefined;
      },
    });
    expect((await screen.findByTestId('payment-provider', {}, { timeout: 20_000 })).textContent).toBe('Recurrente');
    expect(screen.getByTestId('payment-card').textContent).toBe('visa •••• 4242');
    expect(screen.getByTestId('payment-fee').textContent).toBe('Q8.33');
    expect(screen.getByTestId('payment-net').textContent).toBe('Q173.70');
    expect(screen.getByTestId('payment-events').textContent).toContain('payment_intent.succeeded');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(within(dialog).getByText('Escribe el motivo del reembolso.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    // A pasted text over the 500 characters the field keeps: it says it is full.
    await user.click(within(dialog).getByLabelText(/Motivo/));
    await user.paste('a'.repeat(600));
    expect(within(dialog).getByText(validationMessages.textAtMax(500))).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Motivo/));
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Duplicada');
    const confirm = within(dialog).getByRole('button', { name: 'Reembolsar' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toHaveLength(1);
    expect(posts[0].data).toEqual({ reason: 'Duplicada' });
  });

  it('a completed card gift that cannot be refunded here says why instead of showing no button at all', async () => {
    const why = paymentsMessages.refundUnavailable.noGateway;
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: { ...payment, payment_provider: 'simulated', refundable: false, refund_unavailable: why } };
        return undefined;
      },
    });
    expect((await screen.findByTestId('refund-unavailable', {}, { timeout: 20_000 })).textContent).toBe(why);
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });

  it('a VOLUNTEER sees the payment but no Reembolsar (corrections.manage)', async () => {
    renderApp('/admin/donations/40', {
      user: { email: 'voluntariado@ejemplo.org', roles: ['VOLUNTEER'] },
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: payment };
        return undefined;
      },
    });
    expect((await screen.findByTestId('payment-provider', {}, { timeout: 20_000 })).textContent).toBe('Recurrente');
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });

  it('a second payment is flagged "Pago duplicado, reembolsar" with its amount and refunded with one click', async () => {
    const duplicate = {
      ...payment.events[0],
      id: 5,
      event_id: 'msg_2',
      payment_id: 'pa_second',
      problem: 'duplicate_payment' as const,
      refundable: true,
      error: 'Pago duplicado de la donación #MG00000040, ya cobrada: reembolsar.',
    };
    const posts: RecordedRequest[] = [];
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: { ...payment, events: [...payment.events, duplicate] } };
        if (req.method === 'POST' && req.url === '/admin/payment-events/5/refund') {
          posts.push(req);
          return { status: 200, data: { ...duplicate, refundable: false, refunded_at: '2026-11-20T16:00:00Z' } };
        }
        return undefined;
      },
    });
    const events = await screen.findByTestId('payment-events', {}, { timeout: 20_000 });
    const flagged = within(events).getAllByTestId('payment-event')[1];
    expect(flagged.textContent).toContain('Pago duplicado, reembolsar · Pagado: Q185.00');
    const user = userEvent.setup();
    await user.click(within(flagged).getByRole('button', { name: 'Reembolsar pago duplicado' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reembolsar el pago duplicado?' });
    expect(dialog.textContent).toContain('Se devolverá Q185.00 a la tarjeta');
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(within(events).getAllByTestId('payment-event')[0].querySelector('button')).toBeNull();
  });

  it('a bank deposit names its method in Spanish, not by its code', async () => {
    const deposit = { ...payment, payment_provider: null, payment_method: 'bank_deposit', card_network: null, card_last4: null, refundable: false, events: [] } as unknown as AdminDonationPayment;
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: deposit };
        return undefined;
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Pago' }, { timeout: 20_000 })).closest('section') ?? document.body;
    expect(within(card as HTMLElement).getByText('Depósito o transferencia bancaria')).toBeTruthy();
    expect(within(card as HTMLElement).queryByText('bank_deposit')).toBeNull();
  });

  it.each([
    ['completed', 'Cobrado'],
    ['voided', 'Monto (anulada)'],
    ['failed', 'Monto (no se cobró)'],
    ['expired', 'Monto (no se cobró)'],
  ])('a %s gift\'s amount reads "%s": "Cobrado" only for money received', async (status, label) => {
    const cash = { ...payment, status, payment_provider: null, payment_method: 'cash', card_network: null, card_last4: null, refundable: false, events: [] } as AdminDonationPayment;
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: { ...detail, status } };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: cash };
        return undefined;
      },
    });
    const amount = await screen.findByTestId('payment-amount', {}, { timeout: 20_000 });
    expect(amount.previousElementSibling?.textContent).toBe(label);
  });

  it('a cheque the office entered shows the day it arrived and its number and bank', async () => {
    const cheque = {
      ...payment,
      payment_provider: null,
      payment_method: 'cheque',
      card_network: null,
      card_last4: null,
      refundable: false,
      events: [],
      entry: { received_on: '2026-11-18', reference: null, cheque_number: '000781', cheque_bank: 'Banrural', in_kind_description: null, valuation_basis: null },
    } as AdminDonationPayment;
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: cheque };
        return undefined;
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Pago' }, { timeout: 20_000 })).closest('section') ?? document.body;
    expect(within(card as HTMLElement).getByText('Cheque', { selector: 'dd' })).toBeTruthy();
    expect(within(card as HTMLElement).getByTestId('payment-received-on').textContent).toBe('18 de noviembre de 2026');
    expect(within(card as HTMLElement).getByText('N.º 000781, Banrural')).toBeTruthy();
  });

  it("a dollar payment's rate date reads as a Spanish date, not as 2026-11-18", async () => {
    const usd = { ...payment, currency: 'USD', amount: 25, gtq_amount: 192.5, exchange_rate: 7.7, exchange_rate_date: '2026-11-18' } as AdminDonationPayment;
    renderApp('/admin/donations/40', {
      ...ADMIN,
      handler: (req) => {
        if (req.url === '/donations/40') return { status: 200, data: detail };
        if (req.url === '/admin/donations/40/payment') return { status: 200, data: usd };
        return undefined;
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Pago' }, { timeout: 20_000 })).closest('section') ?? document.body;
    expect(card.textContent).toContain('18 de noviembre de 2026');
    expect(card.textContent).not.toContain('2026-11-18');
  });
});
