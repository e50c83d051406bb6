// Corrections on the staff donation page (docs/product.md#the-donation-ledger): "Corregir monto" of a
// pending deposit (the amount read as Guatemalans write it, the same amount refused, the API's field
// errors shown), "Anular donación" of a completed gift not paid by card (reference and amount named,
// reason required, the API's refusal of a closed month shown in the dialog), "Reabrir" of a rejected
// deposit, and the "Correcciones" list; no buttons without corrections.manage or where the API refuses;
// a fast double click on a dialog's confirmation sends one request.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DonationCorrection } from '@donaciones/shared/schemas/corrections';
import type { Donation } from '@donaciones/shared/schemas/donations';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { renderApp } from '@/test/render-app';
import { validationMessages } from '@donaciones/shared/messages/validation';
import type { FakeAnswer, RecordedRequest } from '@/test/http';

const FINANCE = { user: { email: 'finanzas@ejemplo.org', roles: ['FINANCE'] } };

const donation = (over: Partial<Donation> = {}): Donation =>
  ({
    id: 52,
    donor_name: 'Lucía Ajú',
    donor_email: 'lucia@correo.gt',
    amount: 500,
    currency: 'GTQ',
    donation_type: 'monetary',
    status: 'pending',
    description: null,
    reference_code: '#MG00000052',
    receipt_number: null,
    receipt_series: null,
    failure_reason: null,
    created_at: '2026-11-20T15:00:00Z',
    updated_at: '2026-11-20T15:00:00Z',
    completed_at: null,
    donor_masked: false,
    can_process: false,
    can_cancel: false,
    ...over,
  }) as Donation;

const payment = (over: Partial<AdminDonationPayment> = {}): AdminDonationPayment => ({
  id: 52,
  reference_code: '#MG00000052',
  status: 'pending',
  payment_provider: 'deposit',
  payment_method: 'bank_deposit',
  checkout_id: null,
  payment_id: null,
  card_network: null,
  card_last4: null,
  currency: 'GTQ',
  amount: 500,
  covered_fee: 0,
  fee: null,
  vat_withheld: null,
  net: null,
  gtq_amount: null,
  exchange_rate: null,
  exchange_rate_date: null,
  failure_reason: null,
  refunded_at: null,
  refund_reason: null,
  manual_review: true,
  refundable: false,
  refund_unavailable: null,
  entry: null,
  events: [],
  ...over,
});

const adjusted: DonationCorrection = {
  id: 1,
  kind: 'amount_adjusted',
  reason: 'Llegaron Q450.50 al banco',
  from_status: 'pending',
  to_status: 'pending',
  from_amount: 500,
  to_amount: 450.5,
  currency: 'GTQ',
  actor_email: 'finanzas@ejemplo.org',
  created_at: '2026-11-21T16:00:00Z',
};

/** The page of one donation; `post` answers the correction's POST (recorded in `posts`). */
function page(d: Donation, p: AdminDonationPayment, post: (req: RecordedRequest) => FakeAnswer, roles = FINANCE) {
  const posts: RecordedRequest[] = [];
  let corrections: DonationCorrection[] = [];
  const view = renderApp('/admin/donations/52', {
    ...roles,
    handler: (req) => {
      if (req.url === '/donations/52') return { status: 200, data: d };
      if (req.url === '/admin/donations/52/payment') return { status: 200, data: p };
      if (req.url === '/admin/donations/52/corrections') return { status: 200, data: corrections };
      if (req.method === 'POST' && req.url.startsWith('/admin/donations/52/')) {
        posts.push(req);
        const answer = post(req);
        if (answer.status === 200) corrections = [adjusted];
        return answer;
      }
      return undefined;
    },
  });
  return { ...view, posts };
}

const ok: FakeAnswer = { status: 200, data: {} };

describe('admin: corrections of a donation', { timeout: 30_000 }, () => {
  it('corrects a pending deposit amount: bad input refused, then saved, the list refetched and a toast', async () => {
    const { posts } = page(donation(), payment(), () => ok);
    const user = userEvent.setup();
    expect(await screen.findByText('Esta donación no tiene correcciones.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Anular donación/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reabrir/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }));
    const dialog = await screen.findByRole('alertdialog', { name: /Corregir el monto de #MG00000052/ });
    expect(dialog.textContent).toContain('Q500.00');
    const field = within(dialog).getByLabelText(/Monto que llegó/);

    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    expect(within(dialog).getByText('Escribe el monto que llegó, con hasta dos decimales')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo de la corrección')).toBeTruthy();
    await user.type(field, '500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    expect(within(dialog).getByText(/Es el mismo monto que ya tiene la donación/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '1,5,00');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    expect(within(dialog).getByText(/solo con números|No está claro/)).toBeTruthy();
    expect(posts).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '450.50');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegaron Q450.50 al banco');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toBe('/admin/donations/52/adjust-amount');
    expect(posts[0].data).toEqual({ amount: 450.5, reason: 'Llegaron Q450.50 al banco' });
    expect(await screen.findByText('La donación #MG00000052 ahora es de Q450.50.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const list = await screen.findByRole('list', { name: 'Correcciones de la donación' });
    expect(list.textContent).toContain('Monto ajustado');
    expect(list.textContent).toContain('Q500.00 → Q450.50');
    expect(list.textContent).toContain('finanzas@ejemplo.org');
    expect(list.textContent).toContain('Llegaron Q450.50 al banco');
  });

  it('reads the amount of a dollar deposit in dollars: "US$1,200.50" is taken, a quetzal amount refused', async () => {
    const { posts } = page(donation({ amount: 1500, currency: 'USD' }), payment({ amount: 1500, currency: 'USD' }), () => ok);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('US$1,500.00');
    const field = within(dialog).getByLabelText(/Monto que llegó/);
    await user.type(field, 'Q1,200');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegó menos al banco');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    expect(within(dialog).getByText(/símbolo de otra moneda/)).toBeTruthy();
    expect(posts).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'US$1,200.50');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].data).toEqual({ amount: 1200.5, reason: 'Llegó menos al banco' });
  });

  it("shows the API's field errors in the amount dialog", async () => {
    const refused: FakeAnswer = { status: 400, data: { detail: 'Datos inválidos', errors: { amount: 'El monto que llegó debe ser mayor que cero' } } };
    const { posts } = page(donation(), payment(), () => refused);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Monto que llegó/), '400');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegó menos');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await within(dialog).findByText('El monto que llegó debe ser mayor que cero')).toBeTruthy();
  });

  it('voids a completed cash gift: reason required and not too short, a closed month refused in the dialog, then voided', async () => {
    let answer: FakeAnswer = { status: 409, data: { detail: 'El mes de noviembre de 2026 está cerrado' } };
    const { posts } = page(donation({ status: 'completed', receipt_number: 9, receipt_series: 'A' }), payment({ status: 'completed', payment_provider: null, payment_method: null }), () => answer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Anular donación/ }, { timeout: 20_000 }));
    expect(screen.queryByRole('button', { name: /Corregir monto/ })).toBeNull();
    const dialog = await screen.findByRole('alertdialog', { name: '¿Anular la donación #MG00000052?' });
    expect(dialog.textContent).toContain('Q500.00');
    expect(dialog.textContent).toContain('su recibo queda anulado');

    await user.click(within(dialog).getByRole('button', { name: 'Anular donación' }));
    expect(within(dialog).getByText('Escribe el motivo de la corrección')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Motivo/));
    expect(posts).toHaveLength(0);
    // A pasted text over the 500 characters the field keeps: it says it is full.
    await user.paste('a'.repeat(600));
    expect(within(dialog).getByText(validationMessages.textAtMax(500))).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Motivo/));
    await user.type(within(dialog).getByLabelText(/Motivo/), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Anular donación' }));
    expect(within(dialog).getByText(/al menos 5 caracteres/)).toBeTruthy();
    expect(posts).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Motivo/));
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Se registró dos veces');
    await user.click(within(dialog).getByRole('button', { name: 'Anular donación' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('El mes de noviembre de 2026 está cerrado');

    answer = ok;
    await user.click(within(dialog).getByRole('button', { name: 'Anular donación' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1].url).toBe('/admin/donations/52/void');
    expect(posts[1].data).toEqual({ reason: 'Se registró dos veces' });
    expect(await screen.findByText('Anulamos la donación #MG00000052.')).toBeTruthy();
  });

  it('a double click on "Anular donación" or "Guardar monto" sends one request, not a second one answered 409', async () => {
    const voided = page(donation({ status: 'completed', receipt_number: 9, receipt_series: 'A' }), payment({ status: 'completed', payment_provider: null, payment_method: null }), () => ok);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Anular donación/ }, { timeout: 20_000 }));
    let dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Se registró dos veces');
    // Two clicks before the screen redraws: the button's loading state comes too late for the second.
    let confirm = within(dialog).getByRole('button', { name: 'Anular donación' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Anulamos la donación #MG00000052.')).toBeTruthy();
    expect(voided.posts.map((r) => r.url)).toEqual(['/admin/donations/52/void']);
    voided.unmount();

    const adjusted = page(donation(), payment(), () => ok);
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Monto que llegó/), '450');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegó menos al banco');
    confirm = within(dialog).getByRole('button', { name: 'Guardar monto' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(adjusted.posts.map((r) => r.url)).toEqual(['/admin/donations/52/adjust-amount']);
  });

  it('reopens a rejected deposit with a reason', async () => {
    const { posts } = page(donation({ status: 'failed', failure_reason: 'No llegó' }), payment({ status: 'failed' }), () => ok);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Reabrir/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reabrir el depósito #MG00000052?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir depósito' }));
    expect(within(dialog).getByText('Escribe el motivo de la corrección')).toBeTruthy();
    // Reabrir emails nobody: a short reason's refusal does not say the donor receives it.
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Bol');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir depósito' }));
    expect(within(dialog).getByText('Explica el motivo con al menos 5 caracteres: queda en el historial de la donación')).toBeTruthy();
    expect(dialog.textContent).not.toContain('donante por correo');
    expect(dialog.textContent).not.toContain('se envía');
    await user.clear(within(dialog).getByLabelText(/Motivo/));
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Trajo la boleta');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir depósito' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: '/admin/donations/52/reopen', data: { reason: 'Trajo la boleta' } });
    expect(await screen.findByText('El depósito #MG00000052 quedó pendiente otra vez.')).toBeTruthy();
  });

  it('says the donor declared the amount of a deposit made through /donate', async () => {
    const { posts } = page(donation(), payment(), () => ok);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('El donante declaró Q500.00. Escribe lo que llegó al banco, menor que lo declarado');
    await user.type(within(dialog).getByLabelText(/Monto que llegó/), '600');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegó menos al banco');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
    expect(within(dialog).getByText('El monto que llegó debe ser menor que el declarado; para aprobarlo completo usa Aprobar')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('says the office recorded the amount of a gift entered there (a transfer, a deposit): nobody declared it', async () => {
    const entry = { received_on: '2026-11-20', reference: 'TRF-7700123', cheque_number: null, cheque_bank: null, in_kind_description: null, valuation_basis: null };
    for (const method of ['bank_transfer', 'bank_deposit']) {
      const view = page(donation(), payment({ payment_provider: null, payment_method: method, entry }), () => ok);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain('Se registró en oficina por Q500.00. Escribe lo que llegó al banco, menor que lo registrado');
      expect(dialog.textContent).not.toContain('declar');
      await user.type(within(dialog).getByLabelText(/Monto que llegó/), '600');
      await user.type(within(dialog).getByLabelText(/Motivo/), 'Llegó menos al banco');
      await user.click(within(dialog).getByRole('button', { name: 'Guardar monto' }));
      expect(within(dialog).getByText('El monto que llegó debe ser menor que el registrado; para aprobarlo completo usa Aprobar')).toBeTruthy();
      expect(view.posts).toHaveLength(0);
      view.unmount();
    }
  });

  it('says nobody is emailed when the gift was entered without the donor\'s email: Corregir monto and Anular donación', async () => {
    const entry = { received_on: '2026-11-20', reference: 'TRF-7700123', cheque_number: null, cheque_bank: null, in_kind_description: null, valuation_basis: null };
    const user = userEvent.setup();
    const adjust = page(donation({ donor_email: '' }), payment({ payment_provider: null, payment_method: 'bank_transfer', entry }), () => ok);
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Se registró en oficina por Q500.00. Escribe lo que llegó al banco, menor que lo registrado; al aprobarla, el recibo será por ese monto. No tiene correo: avísale al donante por otro medio.');
    expect(dialog.textContent).not.toContain('por correo');
    adjust.unmount();

    const cash = payment({ status: 'completed', payment_provider: null, payment_method: 'cash', entry: { ...entry, reference: null } });
    page(donation({ donor_email: '', status: 'completed', receipt_number: 9, receipt_series: 'A' }), cash, () => ok);
    await user.click(await screen.findByRole('button', { name: /Anular donación/ }, { timeout: 20_000 }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('su recibo queda anulado (el PDF dirá ANULADO). No tiene correo: avísale al donante por otro medio. No se puede deshacer');
    expect(dialog.textContent).not.toContain('por correo');
  });

  it('says the donor is emailed when the gift has an email: Corregir monto and Anular donación', async () => {
    const user = userEvent.setup();
    const adjust = page(donation(), payment(), () => ok);
    await user.click(await screen.findByRole('button', { name: /Corregir monto/ }, { timeout: 20_000 }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('se avisa al donante por correo y, al aprobarla');
    adjust.unmount();
    page(donation({ status: 'completed', receipt_number: 9, receipt_series: 'A' }), payment({ status: 'completed', payment_provider: null, payment_method: null }), () => ok);
    await user.click(await screen.findByRole('button', { name: /Anular donación/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('y se avisa al donante por correo.');
    expect(dialog.textContent).not.toContain('No tiene correo');
  });

  it('offers "Corregir monto" for a pending deposit the office entered (no provider, the deposit method) too', async () => {
    page(donation(), payment({ payment_provider: null, payment_method: 'bank_deposit' }), () => ok);
    expect(await screen.findByRole('button', { name: 'Corregir monto' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('offers "Corregir monto" for a pending transfer the office entered, and "Reabrir" for a rejected one, named a transfer', async () => {
    const office = { payment_provider: null, payment_method: 'bank_transfer' };
    const first = page(donation(), payment(office), () => ok);
    expect(await screen.findByRole('button', { name: 'Corregir monto' }, { timeout: 20_000 })).toBeTruthy();
    first.unmount();

    const { posts } = page(donation({ status: 'failed', failure_reason: 'No llegó' }), payment({ ...office, status: 'failed' }), () => ok);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Reabrir/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reabrir la transferencia #MG00000052?' });
    expect(within(dialog).getByText('Vuelve a quedar pendiente, para aprobarla o rechazarla con la prueba que trajo el donante.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Trajo el comprobante');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir transferencia' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByText('La transferencia #MG00000052 quedó pendiente otra vez.')).toBeTruthy();
  });

  it('offers neither for a transfer made through the gateway, which the gateway settles', async () => {
    page(donation(), payment({ payment_provider: 'recurrente', payment_method: 'bank_transfer', manual_review: false }), () => ok);
    expect(await screen.findByText('Esta donación no tiene correcciones.', {}, { timeout: 20_000 })).toBeTruthy();
    await screen.findByTestId('payment-provider');
    expect(screen.queryByRole('button', { name: /Corregir monto|Reabrir/ })).toBeNull();
  });

  it('offers "Anular donación" for a card gift the gateway cannot refund, whose money went back another way', async () => {
    const why = 'No se puede reembolsar desde aquí: este pago no se cobró por Recurrente, la pasarela configurada.';
    const card = payment({ status: 'completed', payment_provider: 'otra', payment_method: 'card', manual_review: false, refund_unavailable: why });
    page(donation({ status: 'completed' }), card, () => ok);
    expect(await screen.findByRole('button', { name: /Anular donación/ }, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows no correction where the API refuses it (a card gift the gateway refunds) nor to staff without corrections.manage', async () => {
    const card = payment({ status: 'completed', payment_provider: 'recurrente', payment_method: 'card', manual_review: false, refundable: true });
    const first = page(donation({ status: 'completed' }), card, () => ok);
    expect(await screen.findByText('Esta donación no tiene correcciones.', {}, { timeout: 20_000 })).toBeTruthy();
    await screen.findByTestId('payment-provider');
    expect(screen.queryByRole('button', { name: /Anular donación|Corregir monto|Reabrir/ })).toBeNull();
    first.unmount();

    page(donation(), payment(), () => ok, { user: { email: 'voluntariado@ejemplo.org', roles: ['VOLUNTEER'] } });
    expect(await screen.findByText('Esta donación no tiene correcciones.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Anular donación|Corregir monto|Reabrir/ })).toBeNull();
  });
});
