// The rows every report file shows (CSV, Excel and PDF alike, exports.ts): the period's label, the
// summary and monthly giving indicators with their kind, and the monthly table's columns.
import type { ReportPeriod } from '@donaciones/shared/constants';
import { formatDay, formatMonth } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';

const r = adminMessages.reports;
const mg = monthlyAdminMessages.reports;

export function periodLabel(a: Analytics): string {
  return `${r.periods[a.period as ReportPeriod]} (${r.periodRange(formatDay(a.start_date), formatDay(a.end_date))})`;
}

export function trendLabel(a: Analytics, date: string): string {
  if (a.granularity === 'month') return formatMonth(date.slice(0, 7));
  if (a.granularity === 'week') return `${r.weekOf} ${formatDay(date)}`;
  return formatDay(date);
}

/** `money` is quetzales (a dollar gift by its quetzal equivalent); `usd` is dollars, never added to quetzales. */
export type SummaryKind = 'money' | 'usd' | 'count' | 'percent' | 'change';

/** The summary as label/value pairs, numbers kept numeric for the spreadsheet. */
export function summaryRows(a: Analytics): { label: string; value: number; kind: SummaryKind }[] {
  const s = a.summary;
  return [
    { label: r.totalAmount, value: s.total_amount, kind: 'money' },
    { label: r.totalDonations, value: s.total_donations, kind: 'count' },
    { label: r.averageDonation, value: s.average_donation, kind: 'money' },
    { label: r.uniqueDonors, value: s.unique_donors, kind: 'count' },
    { label: r.pendingDonations, value: s.pending_donations, kind: 'count' },
    { label: r.pendingAmount, value: s.pending_amount, kind: 'money' },
    { label: r.declinedDonations, value: s.declined_donations, kind: 'count' },
    { label: r.successRate, value: s.success_rate, kind: 'percent' },
    { label: r.newUsers, value: s.new_users, kind: 'count' },
    { label: r.previousAmount, value: s.previous_total_amount, kind: 'money' },
    { label: r.amountGrowth, value: s.amount_growth_percentage, kind: 'change' },
    { label: r.usdDonations, value: s.usd_donations, kind: 'count' },
    { label: r.usdAmount, value: s.usd_amount, kind: 'usd' },
    { label: r.usdAmountGtq, value: s.usd_amount_gtq, kind: 'money' },
    { label: r.grossAmount, value: s.gross_amount, kind: 'money' },
    { label: r.coveredFees, value: s.covered_fees, kind: 'money' },
    { label: r.providerFees, value: s.provider_fees, kind: 'money' },
    { label: r.vatWithheld, value: s.vat_withheld, kind: 'money' },
    { label: r.netAmount, value: s.net_amount, kind: 'money' },
  ];
}

/** The monthly giving indicators (docs/product.md#monthly-giving): now, and within the period. */
export function monthlyGivingRows(a: Analytics): { label: string; value: number; kind: SummaryKind }[] {
  const m = a.monthly_giving;
  return [
    { label: mg.activeDonors, value: m.active_donors, kind: 'count' },
    { label: mg.activeGifts, value: m.active_gifts, kind: 'count' },
    { label: mg.mrr, value: m.mrr, kind: 'money' },
    { label: mg.mrrAtStart, value: m.mrr_at_start, kind: 'money' },
    { label: mg.mrrChange, value: m.mrr_change_percentage, kind: 'change' },
    { label: mg.newGifts, value: m.new_gifts, kind: 'count' },
    { label: mg.cancelledGifts, value: m.cancelled_gifts, kind: 'count' },
    { label: mg.churnRate, value: m.churn_rate, kind: 'percent' },
    { label: mg.failedRenewals, value: m.failed_renewals, kind: 'count' },
  ];
}

/** The columns of the monthly giving table by month. */
const col = mg.columns;
export const MONTHLY_GIVING_COLUMNS = [col.month, col.activeAtStart, col.newGifts, col.cancelledGifts, `${col.churnRate} (%)`, col.activeAtEnd, col.activeDonors, `${col.mrr} (Q)`, col.failedRenewals];
