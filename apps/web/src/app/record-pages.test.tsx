// The pages about one record (a donation, a monthly gift, a donor, a child's record, a sponsor's letters,
// a waiting child) on an address that names none ('abc'), on an id the server does not know (404) and on
// any other failure: "No encontramos …" without a retry that could not help, never "#NaN" or a
// skeleton that never ends; "No pudimos cargar …" with its retry otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, type TestUser } from '@/test/render-app';

afterEach(cleanup);

interface RecordPage {
  page: string;
  /** The record's API path for id 999. */
  api: string;
  user?: TestUser;
  notFound: string;
  loadFailed: string;
}

const pages: RecordPage[] = [
  { page: '/admin/donations', api: '/donations/999', user: { roles: ['ADMIN'] }, notFound: 'No encontramos esta donación.', loadFailed: 'No pudimos cargar la donación' },
  { page: '/admin/monthly-gifts', api: '/admin/monthly-gifts/999', user: { roles: ['ADMIN'] }, notFound: 'No encontramos esta donación mensual.', loadFailed: 'No pudimos cargar esta donación mensual.' },
  { page: '/admin/donantes', api: '/admin/donors/999', user: { roles: ['ADMIN'] }, notFound: 'No encontramos este donante.', loadFailed: 'No pudimos cargar este donante.' },
  { page: '/admin/apadrinamiento', api: '/admin/sponsorship/children/999', user: { roles: ['ADMIN'] }, notFound: 'No encontramos esta ficha.', loadFailed: 'No pudimos cargar esta ficha.' },
];

const letters = { api: '/users/me/sponsorships/999/letters', user: { roles: ['DONOR'] }, notFound: 'No encontramos este apadrinamiento.', loadFailed: 'No pudimos cargar tus cartas.' };

const unknown = { status: 404, data: { detail: 'Recurso no encontrado' } };
// A failure that is not "unknown" and that the app does not retry by itself (a 5xx would be, three times).
const busy = { status: 429, data: { detail: 'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.' }, headers: { 'retry-after': '60' } };

async function expectNotFound(message: string) {
  expect(await screen.findByText(message, {}, { timeout: 20_000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  expect(screen.queryByText(/NaN/)).not.toBeInTheDocument();
}

describe('a page about one record', { timeout: 20_000 }, () => {
  for (const p of [...pages, { ...letters, page: '/donor/ahijado' }]) {
    const at = (id: string) => (p.page === '/donor/ahijado' ? `/donor/ahijado/${id}/cartas` : `${p.page}/${id}`);

    it(`${at(':id')}: an address that names no record says so at once, without asking the server`, async () => {
      const { requests } = renderApp(at('abc'), { user: p.user });
      await expectNotFound(p.notFound);
      expect(requests.some((r) => /abc|NaN/.test(r.url))).toBe(false);
    });

    it(`${at(':id')}: an id the server does not know says "not found", with no retry`, async () => {
      renderApp(at('999'), { user: p.user, handler: (req) => (req.url === p.api ? unknown : undefined) });
      await expectNotFound(p.notFound);
      expect(screen.queryByText(p.loadFailed)).not.toBeInTheDocument();
    });

    it(`${at(':id')}: any other failure says it could not load, with the retry`, async () => {
      renderApp(at('999'), { user: p.user, handler: (req) => (req.url === p.api ? busy : undefined) });
      expect(await screen.findByText(p.loadFailed, {}, { timeout: 20_000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
      expect(screen.queryByText(p.notFound)).not.toBeInTheDocument();
    });
  }

  it('the staff pages name no record in their title when the address names none', async () => {
    renderApp('/admin/donations/abc', { user: { roles: ['ADMIN'] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación' }, { timeout: 20_000 })).toBeInTheDocument();
    cleanup();
    renderApp('/admin/monthly-gifts/abc', { user: { roles: ['ADMIN'] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación mensual' }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('the pages without a header of their own offer the way back beside "not found"', async () => {
    renderApp('/admin/apadrinamiento/abc', { user: { roles: ['ADMIN'] } });
    expect(await screen.findByRole('link', { name: 'Volver a apadrinamiento' }, { timeout: 20_000 })).toHaveAttribute('href', '/admin/apadrinamiento');
    cleanup();
    renderApp('/donor/ahijado/abc/cartas', { user: { roles: ['DONOR'] } });
    expect(await screen.findByRole('link', { name: 'Volver a Mi ahijado/a' }, { timeout: 20_000 })).toHaveAttribute('href', '/donor/ahijado');
  });

  it('/apadrina/abc says the child is not on the waiting list, without asking the server', async () => {
    const { requests } = renderApp('/apadrina/abc');
    expect(await screen.findByText('Esta niña o este niño ya no está en la lista de espera.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apadrina a una niña o un niño' })).toHaveAttribute('href', '/apadrina');
    expect(requests.some((r) => r.url.startsWith('/sponsorship/children/'))).toBe(false);
  });
});
