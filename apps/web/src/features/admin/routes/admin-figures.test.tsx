// The admin dashboard and reports say which period each figure covers and what a change is measured
// against, and write percentages and money with the shared formatters (docs/product.md#figures).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { analyticsAnswer } from '@/test/analytics';
import { renderApp } from '@/test/render-app';

const admin = { roles: ['ADMIN'] };

const stats: AdminDashboardStats = {
  kind: 'admin',
  total_users: 12,
  active_users: 11,
  total_donations: 40,
  total_amount_gtq: 50_000,
  pending_donations: 2,
  pending_amount_gtq: 185,
  system_health: 68.8,
  system_health_source: 'email_delivery',
  growth_metrics: {
    users_growth_percentage: -12.5,
    donations_growth_percentage: 100,
    amount_growth_percentage: 2068.5,
    users_before: 8,
    donations_before: 0,
    amount_before: 2305.5,
  },
  recent_users: [],
  recent_donations: [],
  recent_activity: [],
  monthly_giving: { active_donors: 0, active_gifts: 0, mrr: 0, previous_mrr: 0, mrr_change_percentage: 0 },
};

const analytics = analyticsAnswer({
  summary: {
    total_amount: 20_785,
    total_donations: 30,
    average_donation: 692.83,
    pending_donations: 1,
    pending_amount: 75,
    declined_donations: 2,
    success_rate: 68.8,
    new_users: 3,
    unique_donors: 20,
    previous_total_amount: 960,
    amount_growth_percentage: 2065.1,
    gross_amount: 20_785,
    net_amount: 20_785,
  },
  monthly_stats: [{ month: '2026-11', donations: 30, amount: 20_785, users: 3 }],
  trends: [{ date: '2026-11-01', donations: 30, amount: 20_785 }],
});

describe('admin figures on screen', () => {
  it('the dashboard labels its growth "Mes en curso" against the same period of the previous month, signed as the PDF', async () => {
    renderApp('/admin-dashboard', { user: admin, handler: (req) => (req.url === '/dashboard/stats' ? { status: 200, data: stats } : undefined) });
    const panel = (await screen.findByText(adminMessages.dashboard.growthTitle)).closest('section') ?? document.body;
    expect(within(panel as HTMLElement).getByText(adminMessages.dashboard.growthComparedWith)).toBeTruthy();
    expect(panel.textContent).toContain('+2,068.5% frente a Q2,305.50');
    expect(panel.textContent).toContain('-12.5% frente a 8');
    // From nothing: no "+100%", which would mean nothing, but what the base was.
    expect(panel.textContent).toContain('Sin datos del mes anterior');
    expect(panel.textContent).not.toMatch(/100(\.0)?%/);
    expect(document.body.textContent).toContain('68.8%');
    expect(document.body.textContent).toContain('Q50,000.00');
    expect(document.body.textContent).not.toMatch(/Q\s\d/);
  });

  it('writes every percentage with its one decimal, whole numbers too, as their neighbours', async () => {
    const whole = { ...stats, system_health: 100, growth_metrics: { ...stats.growth_metrics, users_growth_percentage: 20 } };
    renderApp('/admin-dashboard', { user: admin, handler: (req) => (req.url === '/dashboard/stats' ? { status: 200, data: whole } : undefined) });
    const panel = (await screen.findByText(adminMessages.dashboard.growthTitle)).closest('section') ?? document.body;
    expect(panel.textContent).toContain('+20.0% frente a 8');
    expect(panel.textContent).toContain('+2,068.5% frente a Q2,305.50');
    expect(document.body.textContent).toContain('100.0%');
    // No percentage without its decimal anywhere on the page ("20%" next to "12.5%").
    expect(document.body.textContent).not.toMatch(/(^|[^.\d])\d+%/);
  });

  it('the reports name the calendar period in course and what the change is measured against', async () => {
    renderApp('/admin/reports', { user: admin, handler: (req) => (req.url === '/admin/analytics' ? { status: 200, data: analytics } : undefined) });
    expect(await screen.findByText(`+2,065.1% ${adminMessages.reports.comparedWith.month} (Q960.00)`)).toBeTruthy();
    expect(screen.getAllByText(adminMessages.reports.periods.month).length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain('68.8%');
    expect(document.body.textContent).toContain('Q20,785.00');
  });
});
