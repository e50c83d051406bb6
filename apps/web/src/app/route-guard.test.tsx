import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

describe('route guard (SPEC.md §2)', () => {
  it('sends a visitor to /login and remembers the origin in location state', async () => {
    const { router } = renderApp('/admin/users?q=ana#x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/admin/users', search: '?q=ana', hash: '#x' } });
  });

  it('protects the dashboard, settings and donor routes, and /donations/new', async () => {
    for (const path of ['/dashboard', '/settings', '/donor/history', '/donor/receipts', '/donations/new']) {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(path);
      cleanup();
    }
  });

  it('sends a signed-in user without the required role to /dashboard', async () => {
    const { router } = renderApp('/admin/users', { user: { roles: ['USER'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets ADMIN in, comparing roles in upper case', async () => {
    const { router } = renderApp('/admin/reports', { user: { roles: ['admin'] } });
    await screen.findByRole('button', { name: 'Salir' });
    expect(router.state.location.pathname).toBe('/admin/reports');
  });

  it('treats unknown roles as USER', async () => {
    const { router } = renderApp('/admin/users', { user: { roles: ['SUPERVISOR'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('link', { name: 'Ver Donaciones' })).toBeInTheDocument();
  });

  it('restores a stored session after a reload with a cookie refresh', async () => {
    const { router, requests } = renderApp('/donor/history', { user: { roles: ['DONOR'] } });
    await screen.findByRole('button', { name: 'Salir' });
    expect(router.state.location.pathname).toBe('/donor/history');
    expect(requests.map((r) => r.url).slice(0, 2)).toEqual(['/auth/refresh', '/auth/me']);
  });

  it('sends everyone to /login when the stored session cannot be refreshed', async () => {
    const { router } = renderApp('/dashboard', {
      user: { roles: ['DONOR'] },
      handler: (req) => (req.url === '/auth/refresh' ? { status: 401, data: { detail: 'x' } } : undefined),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('session_user')).toBeNull();
  });

  it('leads the dashboard aliases to /dashboard', async () => {
    for (const alias of ['/admin-dashboard', '/donor-dashboard', '/user-dashboard']) {
      const { router } = renderApp(alias, { user: { roles: ['DONOR'] } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      cleanup();
    }
  });

  it('leaves public pages open to visitors', async () => {
    for (const path of ['/', '/donations', '/donations/12', '/donate', '/stats', '/terms', '/privacy']) {
      const { router } = renderApp(path);
      await screen.findByRole('link', { name: 'Iniciar sesión' });
      expect(router.state.location.pathname).toBe(path);
      cleanup();
    }
  });
});
