// The reports screen shows dollar donations apart (count, dollars, quetzal equivalent) and the gross,
// fee and net of the period, never dollars added to quetzales (docs/product.md#reports-and-exports).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { renderApp } from '@/test/render-app';

const rep = adminMessages.reports;

const analytics: Analytics = {
  period: 'month',
  start_date: '2026-11-01',
  end_date: '2026-11-23',
  granularity: 'day',
  summary: {
    total_amount: 1_815.5,
    total_donations: 3,
    average_donation: 605.17,
    pending_donations: 0,
    pending_amount: 0,
    declined_donations: 0,
    success_rate: 100,
    new_users: 0,
    unique_donors: 3,
    previous_total_amount: 0,
    amount_growth_percentage: 0,
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
  top_donors: [],
  trends: [{ date: '2026-11-01', donations: 3, amount: 1_815.5 }],
  generated_at: '2026-11-23T18:00:00Z',
};

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
