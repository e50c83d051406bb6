// A search with more matches than the API counts (SEARCH_COUNT_CAP): the list says "más de 1,000"
// and keeps offering older pages instead of a page count it does not know.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicListRow } from '@/test/donation';
import { renderApp } from '@/test/render-app';

const donation = (id: number) => publicListRow(id, { donor_name: 'María G.', donor_email: 'm***@correo.gt' });
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);


function cappedApi() {
  const calls: Record<string, unknown>[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.url !== '/donations') return undefined;
    const params = (req.config.params ?? {}) as Record<string, unknown>;
    calls.push(params);
    const offset = Number(params.offset ?? 0);
    const limit = Number(params.limit ?? 20);
    const page = Array.from({ length: limit }, (_, i) => donation(100_000 - offset - i));
    return { status: 200, data: { donations: page, total: Math.max(1000, offset + limit), total_capped: true, limit, offset } };
  };
  return { handler, calls };
}

describe('/donations: a search with more matches than counted', { timeout: 20_000 }, () => {
  it('reads "más de 1,000" and still pages on', async () => {
    const api = cappedApi();
    renderApp('/donations?q=maria&page=50', { handler: api.handler });
    expect(await screen.findByTestId('donations-count', {}, { timeout: 4000 })).toHaveTextContent('Más de 1,000 donaciones coinciden');
    const pager = screen.getByRole('navigation', { name: 'Páginas de donaciones' });
    expect(pager).toHaveTextContent('Donaciones 981–1000 de más de 1,000 · Página 50');
    await userEvent.click(within(pager).getByRole('button', { name: /Más antiguas/ }));
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ q: 'maria', offset: 1000 }));
    await waitFor(() => expect(screen.getByTestId('donations-count')).toHaveTextContent('Más de 1,020 donaciones coinciden'));
  });
});
