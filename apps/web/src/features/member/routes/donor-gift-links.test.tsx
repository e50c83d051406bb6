// A donor's gift opens its page inside the donor area (/donor/donations/{id}) from "Mis donaciones" and from
// the dashboard's recent donations, and the page's "Volver a …" returns to where the donor came from
// (docs/product.md#screens-and-routes, decisions 0082 and 0083).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberDashboardStats } from '@donaciones/shared/schemas/member';
import { donationAnswer, memberDonation } from '@/test/donation';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';

const now = new Date().toISOString();
const gift = memberDonation({
  status: 'pending',
  program_name: null,
  receipt_number: null,
  receipt_series: null,
  completed_at: null,
  payment_method: 'bank_deposit',
  deposit_slips: 0,
});
const stats: MemberDashboardStats = {
  kind: 'member',
  total_donated: 100,
  total_amount_gtq: 100,
  donations_count: 1,
  total_donations: 2,
  pending_donations: 1,
  member_since: '2025-01-15T18:00:00.000Z',
  monthly_average: 100,
  favorite_program: null,
  donation_streak: 1,
  last_donation_at: now,
  my_donations: [gift],
  recent_activity: [],
};
// The donor's own pending deposit, as GET /users/me/donations/41 answers its owner: in full, with "Cancelar donación".
const detail = donationAnswer({ id: 41, reference_code: gift.reference_code, amount: 185.5, donor_name: 'Ana López', donor_email: 'ana@prueba.gt', can_process: false, can_cancel: true });

function handler(req: RecordedRequest): FakeAnswer | undefined {
  if (req.url === '/users/me/donations') return { status: 200, data: { donations: [gift], total: 23, limit: 10, offset: 10 } };
  if (req.url === '/dashboard/stats') return { status: 200, data: stats };
  if (req.url === '/users/me/donations/41' || req.url === '/donations/41') return { status: 200, data: detail };
  return undefined;
}

const donor = { roles: ['DONOR'] };
const params = (req: RecordedRequest) => req.config.params as { status?: string; offset?: number } | undefined;

describe('a donor opens their own gift and comes back', { timeout: 20_000 }, () => {
  it('Mis donaciones: the amount is a link to the gift, named for a screen reader, and the page returns to the same filter and page', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp('/donor/donations?status=pending&page=2', { user: donor, handler });
    // The filter and the page come from the address.
    await waitFor(() => expect(requests.some((r) => r.url === '/users/me/donations' && params(r)?.status === 'pending' && params(r)?.offset === 10)).toBe(true));
    const links = await screen.findAllByRole('link', { name: 'Q185.50, ver la donación #MG12345678' }, { timeout: 20_000 });
    for (const link of links) expect(link).toHaveAttribute('href', '/donor/donations/41');

    await user.click(links[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/donations/41'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación #41' }, { timeout: 20_000 })).toBeInTheDocument();
    // Its owner may cancel the pending deposit there.
    expect(screen.getByRole('button', { name: 'Cancelar donación' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volver a donaciones' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Volver a Mis donaciones' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/donor/donations?status=pending&page=2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis donaciones' })).toBeInTheDocument();
  });

  it('choosing a status writes it to the address and starts again at page 1', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/donor/donations?page=2', { user: donor, handler });
    await user.selectOptions(await screen.findByLabelText('Estado', {}, { timeout: 20_000 }), 'completed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
  });

  it('the dashboard: each recent gift opens its page, which returns to the panel', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard', { user: { roles: ['DONOR', 'USER'] }, handler });
    const card = await screen.findByTestId('recent-donations-card', {}, { timeout: 20_000 });
    const link = await within(card).findByRole('link', { name: /Q185\.50.*#MG12345678/ });
    expect(link).toHaveAttribute('href', '/donor/donations/41');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/donations/41'));
    await user.click(await screen.findByRole('link', { name: 'Volver a Mi panel' }, { timeout: 20_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("opened any other way (a new tab, an address typed), the gift's page returns to Mis donaciones", async () => {
    renderApp('/donor/donations/41', { user: donor, handler });
    expect(await screen.findByRole('link', { name: 'Volver a Mis donaciones' }, { timeout: 20_000 })).toHaveAttribute('href', '/donor/donations');
  });

  it('the public page of the same gift (the public list, /stats, a shared link) still returns to the public list', async () => {
    renderApp('/donations/41', { user: donor, handler });
    expect(await screen.findByRole('link', { name: 'Volver a donaciones' }, { timeout: 20_000 })).toHaveAttribute('href', '/donations');
  });
});
