// Renders the real route table in a memory router inside the real providers, with the API
// answered by a fake HTTP adapter (test/http.ts) (signed in as `user` when given).
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { api, setAccessToken } from '@/lib/api-client';
import { SESSION_USER_KEY } from '@/lib/session';
import { fakeAdapter, tokens, type FakeAnswer, type RecordedRequest } from './http';
import { publicSite } from './public-site';

export interface TestUser {
  email?: string;
  roles: string[];
}

export interface RenderAppOptions {
  user?: TestUser;
  /** Answers for other requests (a promise to answer late, 'network-error' for none); return undefined to fall through to 404. */
  handler?: (req: RecordedRequest) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'> | undefined;
  siteName?: string;
}

export function renderApp(url: string, { user, handler, siteName }: RenderAppOptions = {}) {
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = () => {};
  setAccessToken(null);
  localStorage.clear();
  const email = user?.email ?? 'persona@ejemplo.org';
  const { adapter, requests } = fakeAdapter((req) => {
    const custom = handler?.(req);
    if (custom) return custom;
    if (req.url === '/auth/refresh') return user ? { status: 200, data: tokens(1) } : { status: 401, data: { detail: 'x' } };
    if (req.url === '/auth/me' && user) {
      return { status: 200, data: { id: 7, email, roles: user.roles, first_name: 'Ana', last_name: 'López', email_verified: true } };
    }
    if (req.url === '/auth/logout') return { status: 200, data: { message: 'ok' } };
    if (req.url === '/public/site' && siteName) return { status: 200, data: publicSite({ organization: { name: siteName } }) };
    return { status: 404, data: { detail: 'Recurso no encontrado' } };
  });
  api.defaults.adapter = adapter;
  if (user) localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ id: 7, email, roles: user.roles, loginAt: new Date().toISOString() }));

  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, requests };
}
