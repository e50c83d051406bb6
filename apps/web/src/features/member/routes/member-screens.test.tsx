// The donor and user screens in the real route table, with the API answered by a fake adapter.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatMoney, formatRelative } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { appMessages } from '@donaciones/shared/messages/shell';
import type { ActiveProgram, DonationHistory, Impact, Levels, MemberDashboardStats, MemberDonation, Receipts, UpcomingEvent } from '@donaciones/shared/schemas/member';
import type { HttpAdapter } from '@/lib/http';
import { api } from '@/lib/api-client';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';
import { memberDonation } from '@/test/donation';

const t = memberMessages;
const now = new Date().toISOString();

const donation = memberDonation();

const stats: MemberDashboardStats = {
  kind: 'member',
  total_donated: 1510.5,
  total_amount_gtq: 1510.5,
  donations_count: 5,
  total_donations: 7,
  pending_donations: 1,
  member_since: '2025-01-15T18:00:00.000Z',
  monthly_average: 251.75,
  favorite_program: 'Programa de alimentación',
  donation_streak: 4,
  last_donation_at: now,
  my_donations: [donation],
  recent_activity: [{ type: 'donation_completed', message: 'Tu donación de Q185.50 (#MG12345678) fue completada. ¡Gracias!', timestamp: now }],
};
// An activity line as the API writes it (the API's activity texts are not shipped to the browser).
const accountCreatedActivity = 'Te uniste a nuestra comunidad de donantes';
const emptyStats: MemberDashboardStats = {
  ...stats,
  total_donated: 0,
  total_amount_gtq: 0,
  donations_count: 0,
  total_donations: 0,
  pending_donations: 0,
  monthly_average: 0,
  favorite_program: null,
  donation_streak: 0,
  last_donation_at: null,
  my_donations: [],
  recent_activity: [{ type: 'account_created', message: accountCreatedActivity, timestamp: now }],
};
const levels: Levels = {
  current_level: 'Semilla',
  current_level_threshold: 0,
  total_donated: 1510.5,
  next_level: 'Brote',
  next_level_threshold: 3000,
  amount_to_next_level: 1489.5,
  progress_percentage: 50.4,
  levels: [
    { name: 'Semilla', threshold: 0 },
    { name: 'Brote', threshold: 3000 },
    { name: 'Árbol', threshold: 10_000 },
  ],
};
const impact: Impact = { children_impacted: 10, meals_provided: 302, scholarships_awarded: 0, evangelism_hours: 30, total_donated: 1510.5 };
const programs: ActiveProgram[] = [
  { id: 1, name: 'Programa de alimentación', description: 'Refacciones escolares', progress_percentage: 58.7, current_amount: 52_800, goal_amount: 90_000, coming_soon: false },
];
const events: UpcomingEvent[] = [
  { id: 3, type: 'campaign', title: 'Campaña de útiles escolares', description: 'Cuadernos y mochilas', date: new Date(Date.now() + 5 * 86_400_000).toISOString(), location: 'Mixco' },
];
const receipts: Receipts = {
  receipts: [{ donation_id: 41, receipt_number: 12, receipt_series: 'A', reference_code: '#MG12345678', amount: 185.5, currency: 'GTQ', donation_type: 'monetary', description: null, completed_at: now }],
  years: [{ year: new Date().getFullYear(), total_amount: 185.5, receipts_count: 1 }],
  next_cursor: null,
};

function memberApi(overrides: Record<string, () => FakeAnswer> = {}) {
  const answers: Record<string, () => FakeAnswer> = {
    '/dashboard/stats': () => ({ status: 200, data: stats }),
    '/user/levels': () => ({ status: 200, data: levels }),
    '/dashboard/impact': () => ({ status: 200, data: impact }),
    '/dashboard/programs/active': () => ({ status: 200, data: programs }),
    '/dashboard/events/upcoming': () => ({ status: 200, data: events }),
    '/users/me/receipts': () => ({ status: 200, data: receipts }),
    '/users/me/donations': () => ({ status: 200, data: { donations: [donation], total: 1, limit: 10, offset: 0 } }),
    ...overrides,
  };
  return (req: RecordedRequest) => answers[req.url]?.();
}

describe('donor dashboard', () => {
  it('shows the totals, the milestone with its progress, activity, events, programs and impact', async () => {
    renderApp('/dashboard', { user: { roles: ['DONOR', 'USER'] }, handler: memberApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeInTheDocument();
    const tiles = await screen.findByTestId('stat-tiles');
    expect(within(tiles).getByText(formatMoney(1510.5))).toBeInTheDocument();
    expect(within(tiles).getByText('4 meses')).toBeInTheDocument();
    expect(within(tiles).getByText('1 pendiente')).toBeInTheDocument();

    const level = screen.getByTestId('level-card');
    const bar = await within(level).findByRole('progressbar', { name: t.dashboard.progressLabel('Brote') });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(level).getByText(t.dashboard.toNextLevel(formatMoney(1489.5), 'Brote'))).toBeInTheDocument();
    // One estimate of the total (Q1,510.50 / Q5 a meal), said once how; the same quetzales are not
    // counted again as 10 children and 30 hours.
    const impactCard = screen.getByTestId('impact-card');
    expect(await within(impactCard).findByText('302')).toBeInTheDocument();
    expect(within(impactCard).queryByText('10')).not.toBeInTheDocument();
    expect(within(impactCard).queryByText('30')).not.toBeInTheDocument();
    expect(within(impactCard).getAllByText(/Lo estimamos/)).toHaveLength(1);
    expect(within(impactCard).getByTestId('impact-how')).toHaveTextContent(formatMoney(1510.5));
    expect(within(screen.getByTestId('activity-card')).getByText(/fue completada/)).toBeInTheDocument();
    expect(await within(screen.getByTestId('events-card')).findByText('Campaña de útiles escolares')).toBeInTheDocument();
    expect(await within(screen.getByTestId('programs-section')).findByRole('progressbar', { name: 'Programa de alimentación' })).toBeInTheDocument();
    // The quick link and the menu's Recibos both lead to the receipts.
    const receipts = screen.getAllByRole('link', { name: t.dashboard.links.receipts });
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    for (const link of receipts) expect(link).toHaveAttribute('href', '/donor/receipts');
  });

  it('shows skeletons while the figures load', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderApp('/dashboard', { user: { roles: ['DONOR'] }, handler: memberApi() });
    // Hold the stats answer back until the skeleton has been seen.
    const answer = api.defaults.adapter as HttpAdapter;
    api.defaults.adapter = async (config) => {
      if (config.url === '/dashboard/stats') await gate;
      return answer(config);
    };
    expect(await screen.findByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-tiles')).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('stat-tiles')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
  });

  it('says "Error al cargar los datos del dashboard" and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderApp('/dashboard', {
      user: { roles: ['DONOR'] },
      handler: memberApi({ '/dashboard/stats': () => (fail ? { status: 403, data: { detail: 'x' } } : { status: 200, data: stats }) }),
    });
    expect(await screen.findByText(screensMessages.dashboardLoadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: appMessages.retry }));
    expect(await screen.findByTestId('stat-tiles')).toBeInTheDocument();
    expect(screen.queryByText(screensMessages.dashboardLoadError)).not.toBeInTheDocument();
  });
});

describe('user dashboard', () => {
  it('welcomes a new account with an empty state and still shows the milestone and events', async () => {
    renderApp('/dashboard', {
      user: { roles: ['USER'] },
      handler: memberApi({
        '/dashboard/stats': () => ({ status: 200, data: emptyStats }),
        '/user/levels': () => ({
          status: 200,
          data: { ...levels, current_level: 'Semilla', current_level_threshold: 0, total_donated: 0, next_level: 'Brote', next_level_threshold: 3000, progress_percentage: 0, amount_to_next_level: 3000 },
        }),
      }),
    });
    const empty = await screen.findByTestId('dashboard-empty');
    expect(within(empty).getByText(t.dashboard.emptyTitle)).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: t.dashboard.donate })).toHaveAttribute('href', '/donate');
    expect(screen.queryByTestId('stat-tiles')).not.toBeInTheDocument();
    expect(await within(screen.getByTestId('level-card')).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(await screen.findByText('Campaña de útiles escolares')).toBeInTheDocument();
    expect(screen.getByText(accountCreatedActivity)).toBeInTheDocument();
  });
});

describe('donor screens', () => {
  it('/donor/receipts lists receipts with their download buttons and the yearly statement', async () => {
    renderApp('/donor/receipts', { user: { roles: ['DONOR'] }, handler: memberApi() });
    expect(await screen.findByRole('heading', { level: 1, name: t.receipts.title })).toBeInTheDocument();
    expect((await screen.findAllByText('#MG12345678')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: t.receipts.downloadLabel('A-000012') }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: t.receipts.downloadStatementLabel(new Date().getFullYear()) })).toBeInTheDocument();
  });

  it('/donor/receipts loads older receipts a page at a time with the cursor of the last page', async () => {
    const user = userEvent.setup();
    const older = { ...receipts.receipts[0], donation_id: 40, receipt_number: 11, reference_code: '#MG11111111' };
    const years = [{ year: new Date().getFullYear(), total_amount: 371, receipts_count: 2 }];
    const cursor = '2026-01-02T03:04:05.123456Z_41';
    const withCursor = (req: RecordedRequest) => (req.config.params as { cursor?: string } | undefined)?.cursor;
    const others = memberApi();
    const { requests } = renderApp('/donor/receipts', {
      user: { roles: ['DONOR'] },
      handler: (req) =>
        req.url !== '/users/me/receipts'
          ? others(req)
          : withCursor(req) === cursor
            ? { status: 200, data: { receipts: [older], years, next_cursor: null } }
            : { status: 200, data: { receipts: receipts.receipts, years, next_cursor: cursor } },
    });
    expect(await screen.findByText(t.receipts.shown(1, 2))).toBeInTheDocument();
    expect(screen.queryAllByText('#MG11111111')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: t.receipts.loadMore }));
    expect((await screen.findAllByText('#MG11111111')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('#MG12345678').length).toBeGreaterThan(0);
    expect(screen.getByText(t.receipts.shown(2, 2))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.receipts.loadMore })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/users/me/receipts').map(withCursor)).toEqual([undefined, cursor]);
  });

  describe('where each donation went: its programme or "Donde más se necesite"', () => {
    const general: MemberDonation = { ...donation, id: 42, reference_code: '#MG22222222', program_name: null };
    const totals = { total_amount: 371, donations_count: 2, completed_count: 2 };
    const history: DonationHistory = {
      ...totals,
      years: [{ year: new Date().getFullYear(), ...totals, months: [{ month: new Date().getMonth() + 1, ...totals, donations: [general, donation] }] }],
      next_cursor: null,
    };
    const handler = memberApi({
      '/users/me/donations': () => ({ status: 200, data: { donations: [general, donation], total: 2, limit: 10, offset: 0 } }),
      '/users/me/history': () => ({ status: 200, data: history }),
    });

    it('/donor/donations', async () => {
      renderApp('/donor/donations', { user: { roles: ['DONOR'] }, handler });
      expect((await screen.findAllByText('Donde más se necesite')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('Programa de alimentación').length).toBeGreaterThan(0);
    });

    it('/donor/history', async () => {
      renderApp('/donor/history', { user: { roles: ['DONOR'] }, handler });
      await waitFor(() => expect(screen.getAllByTestId('designation').map((e) => e.textContent)).toEqual(['Donde más se necesite', 'Programa de alimentación']));
    });
  });

  // A deposit made on the 5th and confirmed on the 10th is dated the 10th, as its receipt and the
  // yearly statement date it (decision 0076), on "Mis donaciones" and the dashboard alike.
  describe('a gift confirmed days after it was made shows the day it completed', () => {
    const made = '2025-11-05T16:00:00.000Z';
    const confirmed = '2025-11-10T16:00:00.000Z';
    const deposit: MemberDonation = { ...donation, created_at: made, updated_at: confirmed, completed_at: confirmed };

    it('/donor/donations', async () => {
      renderApp('/donor/donations', {
        user: { roles: ['DONOR'] },
        handler: memberApi({ '/users/me/donations': () => ({ status: 200, data: { donations: [deposit], total: 1, limit: 10, offset: 0 } }) }),
      });
      expect((await screen.findAllByText(formatDate(confirmed))).length).toBeGreaterThan(0);
      expect(screen.queryAllByText(formatDate(made))).toHaveLength(0);
    });

    it('the dashboard’s recent donations', async () => {
      const recent: MemberDonation = { ...deposit, created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(), completed_at: new Date(Date.now() - 2 * 86_400_000).toISOString() };
      renderApp('/dashboard', { user: { roles: ['DONOR', 'USER'] }, handler: memberApi({ '/dashboard/stats': () => ({ status: 200, data: { ...stats, my_donations: [recent] } }) }) });
      expect(await screen.findByText(`${recent.reference_code} · ${formatRelative(recent.completed_at as string)}`)).toBeInTheDocument();
    });
  });

  it('/donor/donations asks the API for the chosen status', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/donor/donations', { user: { roles: ['DONOR'] }, handler: memberApi() });
    expect((await screen.findAllByText('#MG12345678')).length).toBeGreaterThan(0);
    await user.selectOptions(screen.getByLabelText(t.donations.statusFilter), 'pending');
    await waitFor(() => expect(requests.some((r) => r.url === '/users/me/donations' && (r.config.params as { status?: string } | undefined)?.status === 'pending')).toBe(true));
  });
});
