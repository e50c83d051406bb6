// The route table names each admin page: the path alone chooses the page, the ADMIN guard stays.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { memberMessages } from '@donaciones/shared/messages/member';
import { renderApp } from '@/test/render-app';

const admin = { user: { roles: ['ADMIN'] } };

describe('admin pages (docs/product.md#screens-and-routes)', () => {
  it.each([
    ['/dashboard', adminMessages.dashboard.title],
    ['/admin/users', adminMessages.users.title],
    ['/admin/donations', adminMessages.review.title],
    ['/admin/reports', adminMessages.reportsUi.title],
    ['/admin/bank-statements', bankStatementsMessages.screen.title],
  ])('%s shows its own page to an ADMIN', async (path, title) => {
    const { router } = renderApp(path, admin);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('/admin/settings opens the settings screen on the Sistema tab', async () => {
    renderApp('/admin/settings', admin);
    expect(await screen.findByRole('tab', { name: memberMessages.settings.tabs.system })).toHaveAttribute('aria-selected', 'true');
  });

  it('/settings shows an ADMIN the same tabs, opened on their profile', async () => {
    renderApp('/settings', admin);
    expect(await screen.findByRole('tab', { name: memberMessages.settings.tabs.profile })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: memberMessages.settings.tabs.system })).toBeInTheDocument();
  });

  it.each(['/admin/users', '/admin/donations', '/admin/reports', '/admin/settings'])('%s sends a DONOR to /dashboard', async (path) => {
    const { router } = renderApp(path, { user: { roles: ['DONOR'] } });
    await screen.findByRole('button', { name: 'Salir' });
    // The dashboard layout may show before the admin guard has redirected.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
