import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicListRow } from '@/test/donation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const MEMBER = { roles: ['USER' as const] };

const donation = (id: number, name: string) =>
  publicListRow(id, { donor_name: name, donor_email: 'l***@correo.gt', reference_code: `#MG${String(id).padStart(8, '0')}` });


/** A ledger of 45 donations answered page by page, searched by name, as the API does. */
function ledgerApi() {
  const all = Array.from({ length: 45 }, (_, i) => donation(45 - i, i === 44 ? 'Lucía H.' : `Persona ${45 - i}`));
  const calls: Record<string, unknown>[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.url !== '/donations') return undefined;
    const params = (req.config.params ?? {}) as Record<string, unknown>;
    calls.push(params);
    const q = String(params.q ?? '').toLowerCase();
    const found = q ? all.filter((d) => d.donor_name.toLowerCase().includes(q)) : all;
    const offset = Number(params.offset ?? 0);
    const limit = Number(params.limit ?? 20);
    return { status: 200, data: { donations: found.slice(offset, offset + limit), total: found.length, limit, offset } };
  };
  return { handler, calls };
}

describe('/donations: search, filters and pages on the server', { timeout: 20_000 }, () => {
  it('asks the API for pages of 20 and shows the total count and a pager', async () => {
    const api = ledgerApi();
    const { router } = renderApp('/donations', { handler: api.handler });
    expect(await screen.findByTestId('donations-count', {}, { timeout: 4000 })).toHaveTextContent('45 donaciones');
    expect(api.calls.at(-1)).toMatchObject({ limit: 20, offset: 0 });
    const pager = screen.getByRole('navigation', { name: 'Páginas de donaciones' });
    expect(pager).toHaveTextContent('Página 1 de 3');
    await userEvent.click(within(pager).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ limit: 20, offset: 20 }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Páginas de donaciones' })).toHaveTextContent('Página 2 de 3'));
  });

  it('finds a donor who is not on the first page, and puts the search in the address', async () => {
    const api = ledgerApi();
    const { router } = renderApp('/donations', { handler: api.handler });
    await screen.findByTestId('donations-count', {}, { timeout: 4000 });
    expect(screen.queryByText('Lucía H.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: /Buscar donaciones/ }), 'lucía');
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ q: 'lucía' }), { timeout: 4000 });
    expect((await screen.findAllByText('Lucía H.', {}, { timeout: 4000 })).length).toBeGreaterThan(0);
    expect(api.calls.at(-1)).toMatchObject({ q: 'lucía', offset: 0 });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('lucía');
    expect(screen.getByTestId('donations-count')).toHaveTextContent('1 donación coincide');
  });

  it('restores search, filters and page from the address (a shared link or a reload)', async () => {
    const api = ledgerApi();
    renderApp('/donations?q=persona&status=completed&type=monetary&page=2', { user: MEMBER, handler: api.handler });
    const box = await screen.findByRole('searchbox', { name: /Buscar donaciones/ }, { timeout: 4000 });
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ q: 'persona', status: 'completed', donation_type: 'monetary', offset: 20, limit: 20 }));
    expect(box).toHaveValue('persona');
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toHaveValue('completed');
    expect(screen.getByRole('combobox', { name: 'Filtrar por tipo' })).toHaveValue('monetary');
  });

  it('a new filter starts again on page 1', async () => {
    const api = ledgerApi();
    const { router } = renderApp('/donations?page=3', { user: MEMBER, handler: api.handler });
    await screen.findByTestId('donations-count', {}, { timeout: 4000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por estado' }), 'pending');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ status: 'pending', offset: 0 }));
  });

  it('offers a visitor no status to filter by and no empty Referencia column', async () => {
    const calls: Record<string, unknown>[] = [];
    renderApp('/donations?status=pending', {
      handler: (req: RecordedRequest) => {
        if (req.url !== '/donations') return undefined;
        calls.push((req.config.params ?? {}) as Record<string, unknown>);
        return { status: 200, data: { donations: [{ ...donation(3, 'Ana L.'), reference_code: null }], total: 1, limit: 20, offset: 0 } };
      },
    });
    expect(await screen.findByTestId('donations-count', {}, { timeout: 4000 })).toHaveTextContent('1 donación');
    expect(screen.queryByRole('combobox', { name: 'Filtrar por estado' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filtrar por tipo' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Referencia' })).not.toBeInTheDocument();
    expect(calls.at(-1)).not.toHaveProperty('status');
  });

  it('shows the Referencia column when the page holds references (staff, or the owner)', async () => {
    renderApp('/donations', { user: MEMBER, handler: ledgerApi().handler });
    expect(await screen.findByRole('columnheader', { name: 'Referencia' }, { timeout: 4000 })).toBeInTheDocument();
  });
});
