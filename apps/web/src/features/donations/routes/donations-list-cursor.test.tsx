// The donation list pages by cursor (decision 0058): "Más antiguas" asks for the page after the
// last row shown (`after`, the API's next_cursor), "Más recientes" returns by the cursor kept for the
// page before, and a page reached by its address alone (a shared link, a reload) is read by offset.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetPages } from '@/lib/page-cursors';
import { publicListRow as donation } from '@/test/donation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(() => {
  cleanup();
  forgetPages();
});


/** 45 donations (ids 45 to 1, newest first), read by offset or after a cursor `c<id>`, as the API does. */
function cursorApi() {
  const all = Array.from({ length: 45 }, (_, i) => donation(45 - i));
  const calls: Record<string, unknown>[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.url !== '/donations') return undefined;
    const params = (req.config.params ?? {}) as Record<string, unknown>;
    calls.push(params);
    const limit = Number(params.limit ?? 20);
    const start = params.after ? all.findIndex((d) => `c${d.id}` === params.after) + 1 : Number(params.offset ?? 0);
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return { status: 200, data: { donations: page, total: all.length, total_capped: false, limit, offset: params.after ? 0 : start, next_cursor: more ? `c${page.at(-1)?.id}` : null } };
  };
  return { handler, calls };
}

const pager = () => screen.getByRole('navigation', { name: 'Páginas de donaciones' });

describe('/donations: pages by cursor', { timeout: 20_000 }, () => {
  it('moves forward and back by cursor, with the page numbers and ranges as before', async () => {
    const api = cursorApi();
    const { router } = renderApp('/donations', { handler: api.handler });
    expect(await screen.findByTestId('donations-count', {}, { timeout: 4000 })).toHaveTextContent('45 donaciones');
    expect(api.calls.at(-1)).toMatchObject({ limit: 20, offset: 0 });
    expect(pager()).toHaveTextContent('Donaciones 1–20 de 45 · Página 1 de 3');

    await userEvent.click(within(pager()).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 21–40 de 45 · Página 2 de 3'));
    expect(api.calls.at(-1)).toEqual({ limit: 20, after: 'c26' });
    expect(screen.getAllByText('Persona 25').length).toBeGreaterThan(0);

    await userEvent.click(within(pager()).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 41–45 de 45 · Página 3 de 3'));
    expect(api.calls.at(-1)).toEqual({ limit: 20, after: 'c6' });
    expect(within(pager()).getByRole('button', { name: /Más antiguas/ })).toBeDisabled();

    await userEvent.click(within(pager()).getByRole('button', { name: /Más recientes/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 21–40 de 45 · Página 2 de 3'));
    expect(screen.getAllByText('Persona 25').length).toBeGreaterThan(0);
    await userEvent.click(within(pager()).getByRole('button', { name: /Más recientes/ }));
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 1–20 de 45 · Página 1 de 3'));
    // Never an offset past the first page: every later page was read by its cursor.
    expect(api.calls.every((c) => !c.offset)).toBe(true);
  });

  it('reads a page reached by its address alone by offset, then goes on by cursor', async () => {
    const api = cursorApi();
    renderApp('/donations?page=2', { handler: api.handler });
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ limit: 20, offset: 20 }), { timeout: 4000 });
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 21–40 de 45 · Página 2 de 3'));
    await userEvent.click(within(pager()).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ limit: 20, after: 'c6' }));
    await waitFor(() => expect(pager()).toHaveTextContent('Donaciones 41–45 de 45 · Página 3 de 3'));
  });

  it('keeps the cursors of each search apart: a new search starts again on page 1', async () => {
    const api = cursorApi();
    const { router } = renderApp('/donations', { handler: api.handler });
    await screen.findByTestId('donations-count', {}, { timeout: 4000 });
    await userEvent.click(within(pager()).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ limit: 20, after: 'c26' }));
    await router.navigate('/donations?q=persona&page=2');
    // No cursor of this search is known: its page 2 is read by offset.
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ limit: 20, offset: 20, q: 'persona' }));
  });
});
