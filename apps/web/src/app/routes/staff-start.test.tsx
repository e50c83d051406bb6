// Where signing in and "Mi panel" lead (both open /dashboard; docs/product.md#screens-and-routes): a
// VOLUNTEER used to land on a plain account's panel (their own giving, "Aún no tienes donaciones")
// under the staff navigation; now each staff role starts on the screen of its work, and the roles
// that read reports keep the organisation's dashboard.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { renderApp } from '@/test/render-app';

const stats: AdminDashboardStats = {
  kind: 'admin',
  total_users: 7,
  active_users: 7,
  total_donations: 3,
  total_amount_gtq: 500,
  pending_donations: 1,
  pending_amount_gtq: 75,
  system_health: 100,
  system_health_source: 'email_delivery',
  growth_metrics: { users_growth_percentage: 0, donations_growth_percentage: 0, amount_growth_percentage: 0, users_before: 1, donations_before: 1, amount_before: 100 },
  recent_users: [],
  recent_donations: [
    {
      id: 41,
      donor_name: 'Marta Cux',
      donor_email: 'm***@correo.gt', donor_anonymous: false,
      amount: 75,
      currency: 'GTQ',
      gtq_amount: null,
      donation_type: 'monetary',
      status: 'PENDING',
      created_at: '2026-11-20T15:00:00Z',
      dated_by_day: false,
      reference_code: '#MG00000041',
      payment_provider: null,
      manual_review: true,
    },
  ],
  recent_activity: [],
  monthly_giving: { active_donors: 1, active_gifts: 1, mrr: 100, previous_mrr: 100, mrr_change_percentage: 0 },
};
const serveStats = (req: { url: string }) => (req.url === '/dashboard/stats' ? { status: 200, data: stats } : undefined);

describe('/dashboard takes each staff role to its starting screen', { timeout: 20_000 }, () => {
  it.each([
    [['VOLUNTEER'], '/admin/donations', 'Donaciones'],
    [['VOLUNTEER', 'DONOR'], '/admin/donations', 'Donaciones'],
    [['SPONSORSHIP'], '/admin/apadrinamiento', 'Apadrinamiento'],
  ])('%j starts on %s, its navigation item current and no "Panel Admin"', async (roles, start, item) => {
    const { router } = renderApp('/dashboard', { user: { roles } });
    await waitFor(() => expect(router.state.location.pathname).toBe(start), { timeout: 20_000 });
    const nav = (await screen.findAllByRole('navigation', { name: 'Navegación del panel' }, { timeout: 20_000 }))[0];
    expect(within(nav).getByRole('link', { name: item }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Panel Admin' })).toBeNull();
    // Back is not to /dashboard: it was replaced.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('tells a volunteer on the review queue that they consult and enter gifts, not that they approve them', async () => {
    renderApp('/dashboard', { user: { roles: ['VOLUNTEER'] } });
    expect(await screen.findByText(adminMessages.review.subtitleEntry, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText(adminMessages.review.subtitle)).toBeNull();
  });

  it.each([[['ADMIN']], [['FINANCE']], [['COMMUNICATIONS']], [['VOLUNTEER', 'FINANCE']]])('%j stays on the organisation dashboard', async (roles) => {
    const { router } = renderApp('/dashboard', { user: { roles } });
    expect(await screen.findByRole('heading', { name: adminMessages.dashboard.title }, { timeout: 20_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('links the dashboard into the donations only for staff who may open them: not COMMUNICATIONS', async () => {
    const hrefs = () => within(screen.getByRole('main')).queryAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    const intoDonations = (h: string) => h.startsWith('/admin/donations') || h.startsWith('/admin/monthly-gifts');

    const communications = renderApp('/dashboard', { user: { roles: ['COMMUNICATIONS'] }, handler: serveStats });
    expect(await screen.findByText('Marta Cux', {}, { timeout: 20_000 })).toBeTruthy();
    expect(hrefs().filter(intoDonations)).toEqual([]);
    communications.unmount();

    renderApp('/dashboard', { user: { roles: ['FINANCE'] }, handler: serveStats });
    expect((await screen.findByRole('link', { name: 'Marta Cux' }, { timeout: 20_000 })).getAttribute('href')).toBe('/admin/donations/41');
    expect(hrefs().filter(intoDonations).sort()).toEqual(['/admin/donations', '/admin/donations/41', '/admin/donations?status=PENDING', '/admin/monthly-gifts'].sort());
  });

  it('shows the invitation to try two-step sign-in on the starting screen, not on the other screens', async () => {
    const security = { totp_enabled: false, recovery_codes_left: 0, passkeys: [], second_step_required: false };
    const handler = (req: { url: string }) => (req.url === '/users/me/security' ? { status: 200, data: security } : undefined);
    const { router } = renderApp('/dashboard', { user: { roles: ['VOLUNTEER'] }, handler });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/donations'), { timeout: 20_000 });
    const banner = await screen.findByTestId('two-step-banner', {}, { timeout: 20_000 });
    // Staff's Seguridad tab is in Configuración.
    expect(banner).toHaveTextContent('en Configuración, pestaña Seguridad.');
    expect(within(banner).getByRole('link', { name: 'Configurar ahora' })).toHaveAttribute('href', '/settings?pestana=seguridad');
    await router.navigate('/admin/monthly-gifts');
    await waitFor(() => expect(screen.queryByTestId('two-step-banner')).toBeNull());
  });

  it('tells a donor their Seguridad tab is in Mi perfil, the page their menu opens, and links it', async () => {
    const security = { totp_enabled: false, recovery_codes_left: 0, passkeys: [], second_step_required: false };
    const handler = (req: { url: string }) => (req.url === '/users/me/security' ? { status: 200, data: security } : undefined);
    renderApp('/dashboard', { user: { roles: ['DONOR', 'USER'] }, handler });
    const banner = await screen.findByTestId('two-step-banner', {}, { timeout: 20_000 });
    expect(banner).toHaveTextContent('en Mi perfil, pestaña Seguridad.');
    expect(banner).not.toHaveTextContent('Configuración');
    expect(within(banner).getByRole('link', { name: 'Configurar ahora' })).toHaveAttribute('href', '/donor/profile?pestana=seguridad');
  });
});
