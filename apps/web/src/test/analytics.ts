// A whole GET /admin/analytics answer for the month in course (1 to 23 November 2026, by day), every
// figure 0 and every list empty unless the test gives it.
import type { Analytics } from '@donaciones/shared/schemas/admin';

type Summary = Analytics['summary'];

const ZERO_SUMMARY: Summary = {
  total_amount: 0,
  total_donations: 0,
  average_donation: 0,
  pending_donations: 0,
  pending_amount: 0,
  declined_donations: 0,
  success_rate: 0,
  new_users: 0,
  unique_donors: 0,
  previous_total_amount: 0,
  amount_growth_percentage: 0,
  usd_donations: 0,
  usd_amount: 0,
  usd_amount_gtq: 0,
  gross_amount: 0,
  covered_fees: 0,
  provider_fees: 0,
  vat_withheld: 0,
  net_amount: 0,
};

const ZERO_MONTHLY_GIVING: Analytics['monthly_giving'] = {
  active_donors: 0,
  active_gifts: 0,
  mrr: 0,
  mrr_at_start: 0,
  mrr_change_percentage: 0,
  new_gifts: 0,
  cancelled_gifts: 0,
  churn_rate: 0,
  failed_renewals: 0,
  months: [],
};

export function analyticsAnswer({ summary, ...over }: Partial<Omit<Analytics, 'summary'>> & { summary: Partial<Summary> }): Analytics {
  return {
    period: 'month',
    start_date: '2026-11-01',
    end_date: '2026-11-23',
    granularity: 'day',
    summary: { ...ZERO_SUMMARY, ...summary },
    monthly_stats: [],
    top_donors: [],
    trends: [],
    monthly_giving: ZERO_MONTHLY_GIVING,
    by_program: [],
    generated_at: '2026-11-23T18:00:00Z',
    ...over,
  };
}
