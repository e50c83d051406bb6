import { afterEach, describe, expect, it } from 'vitest';
import { forgetPages } from '@/lib/page-cursors';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { validationMessages } from '@donaciones/shared/messages/validation';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import { donationAnswer } from '@/test/donation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(() => {
  cleanup();
  forgetPages();
});

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const pending: AdminDonation = {
  id: 31,
  donor_name: 'Rosa Tzul',
  donor_email: 'rosa.tzul@correo.gt',
  amount: 250,
  currency: 'GTQ',
  gtq_amount: null,
  donation_type: 'goods',
  status: 'PENDING',
  created_at: '2026-11-20T15:00:00Z',
  reference_code: '#MG00000031',
  payment_provider: null,
  manual_review: true,
} as AdminDonation;

const detail = donationAnswer({ id: 31, amount: 250, donation_type: 'goods', reference_code: '#MG00000031' });

function reviewApi(row: AdminDonation = pending) {
  const lists: Record<string, unknown>[] = [];
  const posts: RecordedRequest[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.method === 'GET' && req.url === '/admin/donations') {
      lists.push((req.config.params ?? {}) as Record<string, unknown>);
      return { status: 200, data: { donations: [row], total: 1, limit: 20, offset: 0 } };
    }
    if (req.method === 'POST' && req.url.startsWith('/admin/donations/')) {
      posts.push(req);
      return { status: 200, data: { ...row, status: 'DECLINED' } };
    }
    if (req.method === 'GET' && req.url === '/donations/31') return { status: 200, data: detail };
    return undefined;
  };
  return { handler, lists, posts };
}

describe('admin donation review', { timeout: 20_000 }, () => {
  it('opens on Pendiente, and "Todos los estados" asks for every status', async () => {
    const api = reviewApi();
    const { router } = renderApp('/admin/donations', { ...ADMIN, handler: api.handler });
    const filter = await screen.findByRole('combobox', { name: 'Estado' }, { timeout: 20_000 });
    expect(filter).toHaveValue('PENDING');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ status: 'PENDING' }));
    await userEvent.selectOptions(filter, '');
    await waitFor(() => expect(api.lists.at(-1)?.status).toBeUndefined());
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('ALL');
  });

  it('Rechazar asks a reason, refuses an empty one in Spanish, and sends it once on a double click', async () => {
    const api = reviewApi();
    renderApp('/admin/donations', { ...ADMIN, handler: api.handler });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    await userEvent.click(within(table).getByRole('button', { name: 'Rechazar la donación #MG00000031' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rechazar donación' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo del rechazo: queda en la donación y en su historial')).toBeInTheDocument();
    expect(api.posts).toHaveLength(0);
    // A pasted text over the 500 characters the field keeps: it says it is full.
    await userEvent.click(reason);
    await userEvent.paste('a'.repeat(600));
    expect(within(dialog).getByText(validationMessages.textAtMax(500))).toBeInTheDocument();
    await userEvent.clear(reason);
    expect(within(dialog).queryByText(validationMessages.textAtMax(500))).toBeNull();
    await userEvent.type(reason, 'El depósito no aparece en el banco');
    // Two clicks before the screen redraws (a double click): one decision, not a second one answered 409.
    const confirm = within(dialog).getByRole('button', { name: 'Rechazar' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0].url).toBe('/admin/donations/31/reject');
    expect(api.posts[0].data).toEqual({ reason: 'El depósito no aparece en el banco' });
  });

  it('Rechazar says what happens to a deposit or an office transfer (the donor asked for the bank\'s proof, then Reabrir), and keeps its words for other gifts', async () => {
    const kinds: { over: Partial<AdminDonation>; text: string }[] = [
      // A deposit made through /donate, one the office entered, and a transfer the office entered.
      { over: { payment_provider: 'deposit', payment_method: 'bank_deposit', donation_type: 'monetary' }, text: 'El depósito quedará como rechazado. El donante recibe el motivo por correo, donde le pedimos una foto de su boleta; si la trae, el depósito se puede reabrir (Reabrir, en Correcciones)' },
      { over: { payment_provider: null, payment_method: 'bank_deposit', donation_type: 'monetary' }, text: 'El depósito quedará como rechazado.' },
      { over: { payment_provider: null, payment_method: 'bank_transfer', donation_type: 'monetary' }, text: 'La transferencia quedará como rechazada. El donante recibe el motivo por correo, donde le pedimos el comprobante de su banco; si lo trae, la transferencia se puede reabrir (Reabrir, en Correcciones)' },
      // Goods, cash: given again, never reopened.
      { over: {}, text: 'La donación quedará como rechazada. El donante podrá intentar donar de nuevo o contactar a soporte.' },
      { over: { payment_method: 'cash', donation_type: 'monetary' }, text: 'El donante podrá intentar donar de nuevo' },
    ];
    for (const { over, text } of kinds) {
      const view = renderApp('/admin/donations', { ...ADMIN, handler: reviewApi({ ...pending, ...over }).handler });
      const table = await screen.findByRole('table', {}, { timeout: 20_000 });
      await userEvent.click(within(table).getByRole('button', { name: 'Rechazar la donación #MG00000031' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Rechazar donación' });
      expect(dialog.textContent).toContain(text);
      if (over.payment_method?.startsWith('bank_')) expect(dialog.textContent).not.toContain('intentar donar de nuevo');
      else expect(dialog.textContent).not.toContain('reabrir');
      view.unmount();
      forgetPages();
    }
  });

  it('Aprobar and Rechazar of a gift entered without the donor\'s email say nobody is emailed: staff tell the donor', async () => {
    const kinds: { over: Partial<AdminDonation>; reject: string }[] = [
      { over: { donor_email: '' }, reject: 'La donación quedará como rechazada. No tiene correo: avísale al donante por otro medio.' },
      {
        over: { donor_email: '', payment_method: 'bank_deposit', donation_type: 'monetary' },
        reject: 'El depósito quedará como rechazado. No tiene correo: avísale al donante por otro medio y pídele una foto de su boleta; si la trae, el depósito se puede reabrir',
      },
      {
        over: { donor_email: '', payment_method: 'bank_transfer', donation_type: 'monetary' },
        reject: 'La transferencia quedará como rechazada. No tiene correo: avísale al donante por otro medio y pídele el comprobante de su banco; si lo trae',
      },
    ];
    for (const { over, reject } of kinds) {
      const api = reviewApi({ ...pending, ...over });
      const view = renderApp('/admin/donations', { ...ADMIN, handler: api.handler });
      const table = await screen.findByRole('table', {}, { timeout: 20_000 });
      await userEvent.click(within(table).getByRole('button', { name: 'Rechazar la donación #MG00000031' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Rechazar donación' });
      expect(dialog.textContent).toContain(reject);
      expect(dialog.textContent).toContain('Queda en la donación y en su historial. No tiene correo: no se le envía.');
      // Nor does the refusal of an empty reason.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
      expect(await within(dialog).findByText('Escribe el motivo del rechazo: queda en la donación y en su historial')).toBeInTheDocument();
      expect(dialog.textContent).not.toMatch(/por correo|enviaremos|se lo/);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

      await userEvent.click(within(table).getByRole('button', { name: 'Aprobar la donación #MG00000031' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Aprobar donación' });
      expect(dialog.textContent).toContain('La donación quedará registrada como recibida. No tiene correo: avísale al donante por otro medio y entrégale el recibo impreso.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
      expect(await screen.findByText('Donación aprobada. No tiene correo: entrégale el recibo impreso.')).toBeInTheDocument();
      view.unmount();
      forgetPages();
    }
  });

  it('Aprobar and Rechazar of a gift with an email say the donor is emailed', async () => {
    renderApp('/admin/donations', { ...ADMIN, handler: reviewApi().handler });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    await userEvent.click(within(table).getByRole('button', { name: 'Rechazar la donación #MG00000031' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Rechazar donación' });
    expect(dialog.textContent).toContain('Se lo enviaremos al donante por correo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Aprobar la donación #MG00000031' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Aprobar donación' });
    expect(dialog.textContent).toContain('le enviaremos un correo al donante');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Donación aprobada. Avisamos al donante por correo.')).toBeInTheDocument();
  });

  it('Aprobar of a gift dated in a month already closed says it will take today\'s date; one of the open month says nothing of it', async () => {
    const redated = 'Su fecha es de un mes ya cerrado: al aprobarla quedará con la fecha de hoy, en el mes abierto, y así constará en la contabilidad.';
    for (const closed of [true, false]) {
      const view = renderApp('/admin/donations', { ...ADMIN, handler: reviewApi({ ...pending, dated_in_closed_month: closed }).handler });
      const table = await screen.findByRole('table', {}, { timeout: 20_000 });
      await userEvent.click(within(table).getByRole('button', { name: 'Aprobar la donación #MG00000031' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Aprobar donación' });
      expect(dialog.textContent?.includes(redated)).toBe(closed);
      // Rejecting moves no money: no word of the date.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await userEvent.click(within(table).getByRole('button', { name: 'Rechazar la donación #MG00000031' }));
      expect((await screen.findByRole('alertdialog', { name: 'Rechazar donación' })).textContent).not.toContain(redated);
      view.unmount();
      forgetPages();
    }
  });

  it('"Ver" opens the donation inside the console, with the way back to the queue', async () => {
    const api = reviewApi();
    const { router } = renderApp('/admin/donations', { ...ADMIN, handler: api.handler });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    await userEvent.click(within(table).getByRole('link', { name: /Ver la donación 31/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/donations/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación #31' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Navegación del panel' }).length).toBeGreaterThan(0);
    expect(await screen.findByText('rosa.tzul@correo.gt', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Útiles escolares')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la revisión' })).toHaveAttribute('href', '/admin/donations');
  });

  it.each([['ADMIN'], ['VOLUNTEER']])('offers %s "Registrar donación", the gift form of staff who may enter gifts', async (role) => {
    renderApp('/admin/donations', { user: { email: 'personal@ejemplo.org', roles: [role] }, handler: reviewApi().handler });
    const link = await screen.findByRole('link', { name: 'Registrar donación' }, { timeout: 20_000 });
    expect(link.getAttribute('href')).toBe('/donations/new');
  });

  it.each([
    ['FINANCE', adminMessages.review.searchPlaceholder],
    ['VOLUNTEER', adminMessages.review.searchPlaceholderNoEmail],
  ])('offers %s a search that names only what it matches (emails only for donors.read)', async (role, placeholder) => {
    renderApp('/admin/donations', { user: { email: 'personal@ejemplo.org', roles: [role] }, handler: reviewApi().handler });
    expect(await screen.findByPlaceholderText(placeholder)).toBeTruthy();
  });

  it('Siguiente and Anterior read their page by cursor (decision 0058), with the range shown as before', async () => {
    const queue = Array.from({ length: 45 }, (_, i) => ({ ...pending, id: 100 - i, reference_code: `#MG${100 - i}` }));
    const lists: Record<string, unknown>[] = [];
    renderApp('/admin/donations', {
      ...ADMIN,
      handler: (req: RecordedRequest) => {
        if (req.method !== 'GET' || req.url !== '/admin/donations') return undefined;
        const params = (req.config.params ?? {}) as Record<string, unknown>;
        lists.push(params);
        const start = params.after ? queue.findIndex((d) => `c${d.id}` === params.after) + 1 : Number(params.offset ?? 0);
        const page = queue.slice(start, start + 20);
        const next = start + 20 < queue.length ? `c${page.at(-1)?.id}` : null;
        return { status: 200, data: { donations: page, total: 45, total_capped: false, limit: 20, offset: params.after ? 0 : start, next_cursor: next } };
      },
    });
    const pager = await screen.findByRole('navigation', { name: /Donaciones/ }, { timeout: 20_000 });
    expect(pager).toHaveTextContent('Mostrando 1–20 de 45');
    await userEvent.click(within(pager).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(pager).toHaveTextContent('Mostrando 21–40 de 45'));
    expect(lists.at(-1)).toMatchObject({ after: 'c81', limit: 20 });
    expect(lists.at(-1)?.offset).toBeUndefined();
    await userEvent.click(within(pager).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(pager).toHaveTextContent('Mostrando 41–45 de 45'));
    expect(lists.at(-1)).toMatchObject({ after: 'c61' });
    expect(within(pager).getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(pager).toHaveTextContent('Mostrando 21–40 de 45'));
    expect(screen.getAllByText('#MG80').length).toBeGreaterThan(0);
    expect(lists.every((l) => !l.offset)).toBe(true);
  });
});
