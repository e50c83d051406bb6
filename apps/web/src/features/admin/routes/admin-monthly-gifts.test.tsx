// "Donaciones mensuales" in the admin console: the list's filters reach the API and the address, the
// Spanish status labels, the detail with its charges, and the cancellation that requires a reason.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMonthlyGift, AdminMonthlyGiftDetail } from '@donaciones/shared/schemas/monthly-admin';
import { renderApp } from '@/test/render-app';
import { validationMessages } from '@donaciones/shared/messages/validation';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const active: AdminMonthlyGift = {
  id: 7,
  amountCents: 15_000,
  currency: 'GTQ',
  status: 'active',
  startedAt: '2026-09-03T15:00:00Z',
  nextChargeAt: '2026-12-03T15:00:00Z',
  chargesCount: 3,
  totalGivenCents: 45_000,
  cancelledAt: null,
  cancelReason: null,
  pendingAmountCents: null,
  pendingFrom: null,
  pausedUntil: null,
  programName: null,
  donorName: 'Rosa Tzul',
  donorEmail: 'rosa.tzul@correo.gt',
  provider: 'simulated',
  cancelledBy: null,
  transferReference: null,
  overdue: false,
};

const pastDue: AdminMonthlyGift = { ...active, id: 8, status: 'past_due', donorName: 'Luis Ajú', donorEmail: 'luis@correo.gt', amountCents: 7_500 };

const detail: AdminMonthlyGiftDetail = {
  ...active,
  programName: 'Agua segura',
  subscriptionId: 'su_demo0007',
  userId: null,
  pastDueReason: null,
  replacesGiftId: null,
  createdAt: '2026-09-03T14:58:00Z',
  charges: [
    { id: 301, referenceCode: '#MG00000301', amountCents: 15_000, currency: 'GTQ', status: 'APPROVED', createdAt: '2026-11-03T15:00:00Z' },
    { id: 250, referenceCode: '#MG00000250', amountCents: 15_000, currency: 'GTQ', status: 'DECLINED', createdAt: '2026-10-03T15:00:00Z' },
  ],
};

function monthlyApi() {
  const lists: Record<string, unknown>[] = [];
  const posts: RecordedRequest[] = [];
  let current = detail;
  const handler = (req: RecordedRequest) => {
    if (req.method === 'GET' && req.url === '/admin/monthly-gifts') {
      lists.push((req.config.params ?? {}) as Record<string, unknown>);
      return { status: 200, data: { gifts: [active, pastDue], total: 2, page: 1, pageSize: 20 } };
    }
    if (req.method === 'GET' && req.url === '/admin/monthly-gifts/7') return { status: 200, data: current };
    if (req.method === 'POST' && req.url === '/admin/monthly-gifts/7/cancel') {
      posts.push(req);
      current = { ...detail, status: 'cancelled', nextChargeAt: null, cancelledAt: '2026-11-23T18:00:00Z', cancelledBy: 'staff', cancelReason: (req.data as { reason: string }).reason };
      return { status: 200, data: current };
    }
    return undefined;
  };
  return { handler, lists, posts };
}

describe('admin monthly gifts', { timeout: 20_000 }, () => {
  it('lists the gifts with Spanish statuses, and the filters reach the API and the address', async () => {
    const api = monthlyApi();
    const { router } = renderApp('/admin/monthly-gifts', { ...ADMIN, handler: api.handler });
    const table = await screen.findByRole('table', { name: 'Donaciones mensuales' }, { timeout: 20_000 });
    expect(within(table).getByText('Rosa Tzul')).toBeInTheDocument();
    expect(within(table).getByText('Activa')).toBeInTheDocument();
    expect(within(table).getByText('Pago pendiente')).toBeInTheDocument();
    expect(within(table).getByText('Q150.00')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'past_due');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ status: 'past_due' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Monto mínimo (Q)' }), '100');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ status: 'past_due', minAmount: '100' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('status')).toBe('past_due');
    expect(search.get('minAmount')).toBe('100');
  });

  it('pages through the API 20 at a time, the page in the address', async () => {
    const pages: unknown[] = [];
    const handler = (req: RecordedRequest) => {
      if (req.method !== 'GET' || req.url !== '/admin/monthly-gifts') return undefined;
      const page = Number((req.config.params as { page?: number } | undefined)?.page ?? 1);
      pages.push(page);
      const gifts = page === 1 ? Array.from({ length: 20 }, (_, i) => ({ ...active, id: 100 + i })) : [pastDue];
      return { status: 200, data: { gifts, total: 21, page, pageSize: 20 } };
    };
    const { router } = renderApp('/admin/monthly-gifts', { ...ADMIN, handler });
    expect(await screen.findByText('Mostrando 1–20 de 21', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('Mostrando 21–21 de 21')).toBeInTheDocument();
    expect(pages.at(-1)).toBe(2);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  });

  it('a minimum above the maximum is refused in Spanish and asks nothing of the API', async () => {
    const api = monthlyApi();
    renderApp('/admin/monthly-gifts?minAmount=500&maxAmount=100', { ...ADMIN, handler: api.handler });
    expect(await screen.findByText('El monto mínimo no puede ser mayor que el máximo', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(api.lists).toHaveLength(0);
  });

  it('the detail shows where the gift goes and the charges; cancelling requires a reason and sends it', async () => {
    const api = monthlyApi();
    renderApp('/admin/monthly-gifts/7', { ...ADMIN, handler: api.handler });
    expect(await screen.findByRole('heading', { name: 'Donación mensual #7' }, { timeout: 20_000 })).toBeInTheDocument();
    expect((await screen.findByText('Destino')).nextElementSibling?.textContent).toBe('Agua segura');
    const charges = await screen.findByRole('table', { name: 'Cobros de esta donación mensual' });
    expect(within(charges).getByText('#MG00000301')).toBeInTheDocument();
    expect(within(charges).getByText('Fallida')).toBeInTheDocument();
    expect(screen.getByText('su_demo0007')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar a pedido del donante' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar la donación mensual' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar donación mensual' }));
    expect(await within(dialog).findByText('Escribe el motivo de la cancelación')).toBeInTheDocument();
    expect(api.posts).toHaveLength(0);

    // A pasted text over the 500 characters the field keeps: it says it is full.
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    await userEvent.click(reason);
    await userEvent.paste('a'.repeat(600));
    expect(within(dialog).getByText(validationMessages.textAtMax(500))).toBeInTheDocument();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Lo pidió por teléfono');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar donación mensual' }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].data).toEqual({ reason: 'Lo pidió por teléfono' });
    expect(await screen.findByText('Esta donación mensual ya terminó.')).toBeInTheDocument();
    expect(screen.getByText('Lo pidió por teléfono')).toBeInTheDocument();
    expect(screen.getByText('El equipo')).toBeInTheDocument();
  });

  it('offers no cancellation to a volunteer, whom the API refuses it (corrections.manage)', async () => {
    const api = monthlyApi();
    renderApp('/admin/monthly-gifts/7', { user: { email: 'voluntariado@ejemplo.org', roles: ['VOLUNTEER'] }, handler: api.handler });
    expect(await screen.findByRole('table', { name: 'Cobros de esta donación mensual' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Rosa Tzul')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar a pedido del donante' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Acciones' })).toBeNull();
  });

  it("shows a sponsorship gift's child to sponsorship staff, and only its state to the rest, as the API sends it", async () => {
    const named = { ...detail, sponsorship: { id: 4, childId: 12, childFirstName: 'Dulce', status: 'active' as const } };
    const { unmount } = renderApp('/admin/monthly-gifts/7', { ...ADMIN, handler: (req) => (req.method === 'GET' && req.url === '/admin/monthly-gifts/7' ? { status: 200, data: named } : undefined) });
    const link = await screen.findByRole('link', { name: 'Dulce · Activo · Tarjeta' }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/admin/apadrinamiento/12');
    unmount();

    const unnamed = { ...detail, sponsorship: { id: 4, childId: null, childFirstName: null, status: 'active' as const } };
    renderApp('/admin/monthly-gifts/7', {
      user: { email: 'finanzas@ejemplo.org', roles: ['FINANCE'] },
      handler: (req) => (req.method === 'GET' && req.url === '/admin/monthly-gifts/7' ? { status: 200, data: unnamed } : undefined),
    });
    const line = await screen.findByTestId('gift-sponsorship', {}, { timeout: 20_000 });
    expect(line).toHaveTextContent('Activo · Tarjeta');
    expect(line).toHaveTextContent('A quién apadrina lo ve el equipo de apadrinamiento.');
    expect(screen.queryByRole('link', { name: /Activo · Tarjeta/ })).toBeNull();
    // Its destination is the sponsorship, not "Donde más se necesite".
    expect(screen.getByText('Destino').nextElementSibling).toHaveTextContent(/^Apadrinamiento$/);
  });

  it('offers the cancellation to FINANCE', async () => {
    const api = monthlyApi();
    renderApp('/admin/monthly-gifts/7', { user: { email: 'finanzas@ejemplo.org', roles: ['FINANCE'] }, handler: api.handler });
    expect(await screen.findByRole('button', { name: 'Cancelar a pedido del donante' }, { timeout: 20_000 })).toBeInTheDocument();
  });
});
