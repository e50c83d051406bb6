// Monthly giving on the admin dashboard and the reports: the API's figures written with the shared
// formatters (docs/product.md#reports-and-exports, #monthly-giving).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { analyticsAnswer } from '@/test/analytics';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

const admin = { roles: ['ADMIN'] };
const mg = monthlyAdminMessages;

const stats: AdminDashboardStats = {
  kind: 'admin',
  total_users: 3,
  active_users: 3,
  total_donations: 4,
  total_amount_gtq: 900,
  pending_donations: 0,
  pending_amount_gtq: 0,
  system_health: 98,
  system_health_source: 'default',
  growth_metrics: { users_growth_percentage: 0, donations_growth_percentage: 0, amount_growth_percentage: 0, users_before: 0, donations_before: 0, amount_before: 0 },
  recent_users: [],
  recent_donations: [],
  recent_activity: [],
  monthly_giving: { active_donors: 2, active_gifts: 3, mrr: 410, previous_mrr: 320, mrr_change_percentage: 28.1 },
};

const analytics = analyticsAnswer({
  summary: {},
  monthly_giving: {
    active_donors: 2,
    active_gifts: 3,
    mrr: 410,
    mrr_at_start: 320,
    mrr_change_percentage: 28.1,
    new_gifts: 2,
    cancelled_gifts: 1,
    churn_rate: 33.3,
    failed_renewals: 4,
    months: [
      { month: '2026-10', active_at_start: 1, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, active_gifts: 2, active_donors: 2, mrr: 320, failed_renewals: 0 },
      { month: '2026-11', active_at_start: 3, new_gifts: 2, cancelled_gifts: 1, churn_rate: 33.3, active_gifts: 3, active_donors: 2, mrr: 410, failed_renewals: 4 },
    ],
  },
});

describe('monthly giving figures on screen', () => {
  it('the dashboard card shows the monthly recurring amount, its change against the previous month and the active donors', async () => {
    renderApp('/dashboard', { user: admin, handler: (req) => (req.url === '/dashboard/stats' ? { status: 200, data: stats } : undefined) });
    const card = (await screen.findByRole('heading', { name: mg.dashboard.title }, { timeout: 20_000 })).closest('section') as HTMLElement;
    expect(within(card).getByText('Q410.00')).toBeTruthy();
    expect(card.textContent).toContain(`+28.1% ${mg.dashboard.change} (Q320.00)`);
    expect(card.textContent).toContain('2 donantes activos');
    expect(within(card).getByRole('link', { name: new RegExp(mg.dashboard.link) })).toHaveAttribute('href', '/admin/monthly-gifts');
  });

  it('the reports show the monthly giving cards and the table by month', async () => {
    renderApp('/admin/reports', { user: admin, handler: (req) => (req.url === '/admin/analytics' ? { status: 200, data: analytics } : undefined) });
    const section = (await screen.findByRole('heading', { name: mg.reports.section, level: 2 }, { timeout: 20_000 })).closest('section') as HTMLElement;
    expect(section.textContent).toContain('Q410.00');
    expect(section.textContent).toContain('+28.1% desde el inicio del período (Q320.00)');
    expect(section.textContent).toContain('33.3%');
    expect(section.textContent).toContain(`${mg.reports.failedRenewals}: 4`);
    const table = within(section).getByRole('table', { name: mg.reports.trend });
    const rows = within(table).getAllByRole('row');
    // Newest month first, after the header.
    expect(rows[1].textContent).toContain('nov 2026');
    expect(rows[1].textContent).toContain('Q410.00');
    expect(rows[2].textContent).toContain('oct 2026');
  });
});
