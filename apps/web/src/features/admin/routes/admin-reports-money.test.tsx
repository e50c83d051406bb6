// The reports screen shows dollar donations apart (count, dollars, quetzal equivalent) and the gross,
// fee and net of the period, never dollars added to quetzales (docs/product.md#reports-and-exports).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { analyticsAnswer } from '@/test/analytics';
import { renderApp } from '@/test/render-app';

const rep = adminMessages.reports;

const analytics = analyticsAnswer({
  summary: {
    total_amount: 1_815.5,
    total_donations: 3,
    average_donation: 605.17,
    success_rate: 100,
    unique_donors: 3,
    usd_donations: 2,
    usd_amount: 130,
    usd_amount_gtq: 1_014,
    gross_amount: 1_815.5,
    covered_fees: 47.25,
    provider_fees: 61.4,
    vat_withheld: 7.37,
    net_amount: 1_746.73,
  },
  monthly_stats: [{ month: '2026-11', donations: 3, amount: 1_815.5, users: 0 }],
  trends: [{ date: '2026-11-01', donations: 3, amount: 1_815.5 }],
});

function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return (term.nextElementSibling as HTMLElement).textContent ?? '';
}

describe('reports screen: dollars apart, gross, fee and net', () => {
  it('shows the dollar donations with their count, dollars and quetzal equivalent, and the gross, fees and net in quetzales', async () => {
    renderApp('/admin/reports', { user: { roles: ['ADMIN'] }, handler: (req) => (req.url === '/admin/analytics' ? { status: 200, data: analytics } : undefined) });
    const usd = await screen.findByRole('heading', { name: rep.usdSection });
    expect(usd).toBeTruthy();
    const s = analytics.summary;
    expect(valueOf(rep.usdDonations)).toBe(formatNumber(s.usd_donations));
    expect(valueOf(rep.usdAmount)).toBe(formatMoney(s.usd_amount, 'USD'));
    expect(valueOf(rep.usdAmount)).toContain('US$');
    expect(valueOf(rep.usdAmountGtq)).toBe(formatMoney(s.usd_amount_gtq));
    expect(valueOf(rep.grossAmount)).toBe(formatMoney(s.gross_amount));
    expect(valueOf(rep.coveredFees)).toBe(formatMoney(s.covered_fees));
    expect(valueOf(rep.providerFees)).toBe(formatMoney(s.provider_fees));
    expect(valueOf(rep.vatWithheld)).toBe(formatMoney(s.vat_withheld));
    expect(valueOf(rep.netAmount)).toBe(formatMoney(s.net_amount));
    const fees = screen.getByRole('heading', { name: rep.feesSection }).closest('section, div') as HTMLElement;
    expect(within(fees.parentElement as HTMLElement).getByText(rep.totalInQuetzales)).toBeTruthy();
  });
});

describe('admin dashboard: totals in quetzales', () => {
  it('labels the total as quetzales and says a dollar gift is shown by its quetzal equivalent', async () => {
    const stats: AdminDashboardStats = {
      kind: 'admin',
      total_users: 2,
      active_users: 2,
      total_donations: 2,
      total_amount_gtq: 485,
      pending_donations: 0,
      pending_amount_gtq: 0,
      system_health: 100,
      system_health_source: 'email_delivery',
      growth_metrics: { users_growth_percentage: 0, donations_growth_percentage: 0, amount_growth_percentage: 0, users_before: 0, donations_before: 0, amount_before: 0 },
      recent_users: [],
      recent_donations: [
        { id: 1, donor_name: 'Ana', donor_email: 'ana@correo.gt', donor_anonymous: false, amount: 50, currency: 'USD', gtq_amount: 385, donation_type: 'monetary', status: 'APPROVED', created_at: '2026-11-23T18:00:00Z', dated_by_day: false, reference_code: '#MG00000001', payment_provider: 'recurrente', manual_review: false },
        { id: 2, donor_name: 'Beto', donor_email: 'beto@correo.gt', donor_anonymous: false, amount: 100, currency: 'GTQ', gtq_amount: null, donation_type: 'monetary', status: 'APPROVED', created_at: '2026-11-23T17:00:00Z', dated_by_day: false, reference_code: '#MG00000002', payment_provider: 'recurrente', manual_review: false },
      ],
      recent_activity: [],
      monthly_giving: { active_donors: 0, active_gifts: 0, mrr: 0, previous_mrr: 0, mrr_change_percentage: 0 },
    };
    renderApp('/admin-dashboard', { user: { roles: ['ADMIN'] }, handler: (req) => (req.url === '/dashboard/stats' ? { status: 200, data: stats } : undefined) });
    const d = adminMessages.dashboard;
    expect(await screen.findByText(d.totalAmount)).toBeTruthy();
    expect(d.totalAmount).toMatch(/quetzales/);
    const ana = (await screen.findByText('#MG00000001')).closest('li') as HTMLElement;
    // A dollar gift in dollars, its quetzal value beneath; a quetzal gift alone.
    expect(within(ana).getByText('US$50.00')).toBeTruthy();
    expect(within(ana).getByText('Equivale a Q385.00')).toBeTruthy();
    const beto = screen.getByText('#MG00000002').closest('li') as HTMLElement;
    expect(within(beto).getByText('Q100.00')).toBeTruthy();
    expect(within(beto).queryByText(/Equivale a/)).toBeNull();
  });
});
