// "Donantes" in the admin console (docs/product.md#donors): the search and filters reach the API and the
// address, the pages follow the cursor, a bad filter is refused in Spanish, the segment export sends the
// filters with the columns chosen, and COMMUNICATIONS is kept out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DonorSummary } from '@donaciones/shared/schemas/donors';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const FINANCE = { user: { email: 'finanzas@ejemplo.org', roles: ['FINANCE'] } };

const rosa: DonorSummary = {
  id: 12,
  kind: 'person',
  name: 'Rosa Tzul',
  taxId: '1234567K',
  email: 'rosa.tzul@correo.gt',
  phone: '+502 5555 1234',
  tags: ['mayor'],
  giftCount: 3,
  lifetimeCents: 45_000,
  firstGiftAt: '2025-03-01T15:00:00Z',
  lastGiftAt: '2026-10-03T15:00:00Z',
};
const company: DonorSummary = { ...rosa, id: 13, kind: 'company', name: 'Café Atitlán S.A.', email: null, taxId: null, phone: null, lifetimeCents: 1_000_000 };

function donorsApi(pages: Record<string, { items: DonorSummary[]; nextCursor: string | null }> = { '': { items: [rosa, company], nextCursor: null } }) {
  const lists: Record<string, unknown>[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.method === 'GET' && req.url === '/admin/donors') {
      const params = (req.config.params ?? {}) as Record<string, string>;
      lists.push(params);
      const page = pages[params.cursor ?? ''] ?? pages[''];
      return { status: 200, data: { ...page, total: 51, countCapped: false } };
    }
    return undefined;
  };
  return { handler, lists };
}

describe('admin donors list', { timeout: 20_000 }, () => {
  it('lists the donors with their totals, each linking to its page; search and filters reach the API and the address', async () => {
    const api = donorsApi();
    const { router } = renderApp('/admin/donantes', { ...FINANCE, handler: api.handler });
    const table = await screen.findByRole('table', { name: 'Donantes' }, { timeout: 20_000 });
    expect(within(table).getByText('Rosa Tzul')).toBeInTheDocument();
    expect(within(table).getByText('Q450.00')).toBeInTheDocument();
    expect(within(table).getByText('Empresa')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ver la página de Rosa Tzul' })).toHaveAttribute('href', '/admin/donantes/12');
    // A missing NIT shows the same dash as a missing phone, not one narrowed by the numbers' monospace type.
    const companyRow = within(table).getByText('Café Atitlán S.A.').closest('tr')!;
    const dashes = within(companyRow as HTMLElement).getAllByText('—');
    expect(dashes.length).toBeGreaterThanOrEqual(2);
    for (const dash of dashes) expect(dash.closest('.font-mono')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar donantes' }), '1234567K');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ q: '1234567K' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Donación mensual' }), 'yes');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ q: '1234567K', monthly: 'yes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Total mínimo (Q)' }), '100');
    await waitFor(() => expect(api.lists.at(-1)).toMatchObject({ minTotal: '100', monthly: 'yes' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('q')).toBe('1234567K');
    expect(search.get('monthly')).toBe('yes');
  });

  it('pages with the API cursor and back', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...rosa, id: 100 + i }));
    const api = donorsApi({ '': { items: fifty, nextCursor: 'c2' }, c2: { items: [company], nextCursor: null } });
    renderApp('/admin/donantes', { ...FINANCE, handler: api.handler });
    expect(await screen.findByText('Mostrando 1–50 de 51', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('Mostrando 51–51 de 51')).toBeInTheDocument();
    expect(api.lists.at(-1)).toMatchObject({ cursor: 'c2' });
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(await screen.findByText('Mostrando 1–50 de 51')).toBeInTheDocument();
  });

  it('a bad amount is refused in Spanish and asks nothing of the API', async () => {
    const api = donorsApi();
    renderApp('/admin/donantes?minTotal=abc', { ...FINANCE, handler: api.handler });
    expect(await screen.findByText('El monto no es válido.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(api.lists).toHaveLength(0);
  });

  it('COMMUNICATIONS gets the no-permission page and no Donantes entry', async () => {
    const api = donorsApi();
    renderApp('/admin/donantes', { user: { roles: ['COMMUNICATIONS'] }, handler: api.handler });
    expect(await screen.findByText('No tienes permiso para ver esta página', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Donantes' })).not.toBeInTheDocument();
    expect(api.lists).toHaveLength(0);
  });

  it('"Exportar" sends the search and filters with the format and the columns chosen, none refused in Spanish', async () => {
    const api = donorsApi();
    const exports: RecordedRequest[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const handler = (req: RecordedRequest) => {
      if (req.method === 'POST' && req.url === '/admin/donors/export') {
        exports.push(req);
        return { status: 200, data: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename="donantes.csv"' } };
      }
      return api.handler(req);
    };
    renderApp('/admin/donantes?monthly=yes&q=rosa', { ...FINANCE, handler });
    await screen.findByRole('table', { name: 'Donantes' }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar donantes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ninguna' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialog).findByText('Elige al menos una columna.')).toBeInTheDocument();
    expect(exports).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Correos' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Nombre o razón social' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].data).toEqual({ q: 'rosa', monthly: 'yes', format: 'csv', columns: ['name', 'emails'] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exportar donantes' })).not.toBeInTheDocument());
  });
});
