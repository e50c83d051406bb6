// A person whose email is not confirmed is told why their donations do not show yet, on the
// dashboard, their donations and the settings, and can ask for a new link.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberDashboardStats } from '@donaciones/shared/schemas/member';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

const EMAIL = 'ana.lopez@correo.gt';
const emptyStats: MemberDashboardStats = {
  kind: 'member',
  total_donated: 0,
  total_amount_gtq: 0,
  donations_count: 0,
  total_donations: 0,
  pending_donations: 0,
  member_since: '2026-11-01T18:00:00.000Z',
  monthly_average: 0,
  favorite_program: null,
  donation_streak: 0,
  last_donation_at: null,
  my_donations: [],
  recent_activity: [],
};

function api(verified: boolean) {
  const resends: RecordedRequest[] = [];
  const handler = (req: RecordedRequest): FakeAnswer | undefined => {
    if (req.url === '/auth/me') return { status: 200, data: { id: 7, email: EMAIL, roles: ['USER'], first_name: 'Ana', last_name: 'López', email_verified: verified } };
    if (req.url === '/auth/resend-verification') {
      resends.push(req);
      return { status: 200, data: { message: 'Enviado' } };
    }
    if (req.url === '/dashboard/stats') return { status: 200, data: emptyStats };
    if (req.url === '/users/me/donations') return { status: 200, data: { donations: [], total: 0, limit: 10, offset: 0 } };
    return undefined;
  };
  return { handler, resends };
}

describe('confirm your email', { timeout: 20_000 }, () => {
  it('the dashboard says why there are no donations yet, and "Reenviar enlace" sends a new link', async () => {
    const fake = api(false);
    renderApp('/dashboard', { user: { email: EMAIL, roles: ['USER'] }, handler: fake.handler });
    const banner = await screen.findByTestId('confirm-email-banner', {}, { timeout: 20_000 });
    expect(within(banner).getByRole('heading', { name: 'Confirma tu correo para ver tus donaciones' })).toBeInTheDocument();
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent(`Si ya donaste con ${EMAIL}, tus donaciones aparecerán aquí en cuanto confirmes tu correo`);

    await userEvent.click(within(banner).getByRole('button', { name: 'Reenviar enlace' }));
    await waitFor(() => expect(fake.resends).toHaveLength(1));
    expect(await within(banner).findByText(`Te enviamos un nuevo enlace a ${EMAIL}. Revisa también la carpeta de spam.`)).toBeInTheDocument();
  });

  it('the settings show the banner too', async () => {
    renderApp('/settings', { user: { email: EMAIL, roles: ['USER'] }, handler: api(false).handler });
    expect(await screen.findByTestId('confirm-email-banner', {}, { timeout: 20_000 })).toHaveTextContent('Reenviar enlace');
  });

  it('a confirmed account sees no banner', async () => {
    renderApp('/dashboard', { user: { email: EMAIL, roles: ['USER'] }, handler: api(true).handler });
    await screen.findByTestId('dashboard-empty', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('confirm-email-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('dashboard-empty')).not.toHaveTextContent('confirmes tu correo');
  });
});
