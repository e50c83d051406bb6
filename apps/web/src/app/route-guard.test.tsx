import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render-app';


describe('route guard (docs/product.md#screens-and-routes)', () => {
  it('sends a visitor to /login and remembers the origin in location state', async () => {
    const { router } = renderApp('/admin/users?q=ana#x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/admin/users', search: '?q=ana', hash: '#x' } });
  });

  it.each(['/dashboard', '/settings', '/donor/history', '/donor/receipts', '/donations/new'])('protects %s', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(path);
  });

  it('sends a signed-in user without the required role to /dashboard', async () => {
    const { router } = renderApp('/admin/users', { user: { roles: ['USER'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets ADMIN in, comparing roles in upper case', async () => {
    const { router } = renderApp('/admin/reports', { user: { roles: ['admin'] } });
    await screen.findByRole('button', { name: 'Salir' }, { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/admin/reports');
  });

  it('shows staff without the permission a Spanish no-permission page instead of the screen', async () => {
    const { router } = renderApp('/admin/users', { user: { roles: ['COMMUNICATIONS'] } });
    expect(await screen.findByText('No tienes permiso para ver esta página', {}, { timeout: 4000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(screen.getByRole('link', { name: 'Ir a mi panel' }).getAttribute('href')).toBe('/dashboard');
  });

  it('treats unknown roles as USER', async () => {
    const { router } = renderApp('/admin/users', { user: { roles: ['SUPERVISOR'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findAllByRole('link', { name: 'Estadísticas' }, { timeout: 4000 })).not.toHaveLength(0);
  });

  it('restores a stored session after a reload with a cookie refresh', async () => {
    const { router, requests } = renderApp('/donor/history', { user: { roles: ['DONOR'] } });
    await screen.findByRole('button', { name: 'Salir' }, { timeout: 4000 });
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

  it.each(['/admin-dashboard', '/donor-dashboard', '/user-dashboard'])('leads the alias %s to /dashboard', async (alias) => {
    const { router } = renderApp(alias, { user: { roles: ['DONOR'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/', '/donations', '/donations/12', '/donate', '/stats', '/terms', '/privacy'])('leaves %s open to visitors', async (path) => {
    const { router } = renderApp(path);
    await screen.findAllByRole('link', { name: 'Iniciar sesión' }, { timeout: 4000 });
    expect(router.state.location.pathname).toBe(path);
  });
});
