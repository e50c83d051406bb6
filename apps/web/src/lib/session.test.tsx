import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeAdapter, tokens, type Handler } from '@/test/http';
import { createApiClient, getAccessToken, setAccessToken } from './api-client';
import { SESSION_USER_KEY, SessionProvider, useSession, type Session } from './session';

const me = { id: 3, email: 'donante@ejemplo.org', roles: ['DONOR'], first_name: 'Dana', last_name: 'Pérez', email_verified: true };

let current: Session;
function Probe() {
  const session = useSession();
  useEffect(() => {
    current = session;
  });
  return <p data-testid="status">{session.status}</p>;
}

function setup(handler: Handler) {
  const { adapter, requests } = fakeAdapter(handler);
  const client = createApiClient({ adapter, notifyError: () => {} });
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={client}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { requests, queryClient };
}

const server: Handler = (req) => {
  if (req.url === '/auth/login') {
    const body = req.data as { password: string };
    return body.password === 'Demo1234' ? { status: 200, data: tokens(1) } : { status: 401, data: { detail: 'Correo o contraseña incorrectos.' } };
  }
  if (req.url === '/auth/me') return req.headers.get('Authorization') ? { status: 200, data: me } : { status: 401 };
  if (req.url === '/auth/refresh') return { status: 200, data: tokens(2) };
  if (req.url === '/auth/logout') return { status: 200, data: { message: 'ok' } };
  return { status: 404 };
};

beforeEach(() => {
  localStorage.clear();
  setAccessToken(null);
});

describe('session', () => {
  it('starts signed out without a stored user', () => {
    setup(server);
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(current.isAuthenticated).toBe(false);
    expect(current.role).toBe('USER');
  });

  it('login posts the credentials, then reads /auth/me, and stores session_user', async () => {
    const { requests } = setup(server);
    await act(async () => {
      await current.login('donante@ejemplo.org', 'Demo1234');
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /auth/login', 'GET /auth/me']);
    expect(requests[0].data).toEqual({ email: 'donante@ejemplo.org', password: 'Demo1234' });
    expect(current.isAuthenticated).toBe(true);
    expect(current.roles).toEqual(['DONOR']);
    expect(current.user?.first_name).toBe('Dana');
    expect(getAccessToken()).toBe('access-1');
    const stored = JSON.parse(localStorage.getItem(SESSION_USER_KEY) ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['email', 'id', 'loginAt', 'roles']);
    expect(stored).toMatchObject({ id: 3, email: 'donante@ejemplo.org', roles: ['DONOR'] });
    expect(JSON.stringify(localStorage)).not.toContain('access-1');
  });

  it('a failed login throws the server error and leaves the session signed out', async () => {
    setup(server);
    let caught: unknown;
    await act(async () => {
      caught = await current.login('donante@ejemplo.org', 'incorrecta').catch((e: unknown) => e);
    });
    expect((caught as { response?: { status: number } }).response?.status).toBe(401);
    expect(current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
  });

  it('survives a reload: a stored session_user is refreshed with the cookie and re-read', async () => {
    localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ id: 3, email: 'donante@ejemplo.org', roles: ['donor'], loginAt: '2026-01-01T00:00:00.000Z' }));
    const { requests } = setup(server);
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(requests.map((r) => r.url)).toEqual(['/auth/refresh', '/auth/me']);
    expect(getAccessToken()).toBe('access-2');
    expect(current.user?.loginAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a restore the server refuses clears the stored user', async () => {
    localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ id: 3, email: 'donante@ejemplo.org', roles: ['donor'], loginAt: '2026-01-01T00:00:00.000Z' }));
    setup((req) => (req.url === '/auth/refresh' ? { status: 401, data: { detail: 'Sesión no válida' } } : server(req)));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
  });

  it.each([
    ['no answer (the page reloaded meanwhile, or no network)', 'network-error' as const],
    ['a failing server', { status: 503 }],
  ])('a restore that got %s keeps the stored user for the next load', async (_, answer) => {
    const stored = JSON.stringify({ id: 3, email: 'donante@ejemplo.org', roles: ['DONOR'], loginAt: '2026-01-01T00:00:00.000Z' });
    localStorage.setItem(SESSION_USER_KEY, stored);
    setup((req) => (req.url === '/auth/refresh' ? answer : server(req)));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    await waitFor(() => expect(current.user).toBeNull());
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(SESSION_USER_KEY)).toBe(stored);
  });

  it('logout revokes on the server, clears the token, the stored user and the query cache', async () => {
    const { requests, queryClient } = setup(server);
    await act(async () => {
      await current.login('donante@ejemplo.org', 'Demo1234');
    });
    queryClient.setQueryData(['private'], { secret: true });
    await act(async () => {
      await current.logout();
    });
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/auth/logout' });
    expect(current.isAuthenticated).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    expect(queryClient.getQueryData(['private'])).toBeUndefined();
  });

  it('logout still clears the session when the server cannot be reached', async () => {
    setup((req) => (req.url === '/auth/logout' ? 'network-error' : server(req)));
    await act(async () => {
      await current.login('donante@ejemplo.org', 'Demo1234');
    });
    await act(async () => {
      await current.logout();
    });
    expect(current.isAuthenticated).toBe(false);
  });
});
