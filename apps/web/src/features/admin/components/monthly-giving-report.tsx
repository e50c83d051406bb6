// The reports' monthly giving section (docs/product.md#reports-and-exports, #monthly-giving): active
// monthly donors and the monthly recurring amount now (with its change since the period began), the
// period's new and cancelled gifts, churn and failed renewals, and the twelve months to date.
import { useId } from 'react';
import { Repeat, UserMinus, UserPlus, Users } from 'lucide-react';
import { formatMoney, formatMonth, formatNumber, formatPercent } from '@donaciones/shared/format';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Growth } from './growth';
import { StatCard } from './stat-card';

const mg = monthlyAdminMessages.reports;
const col = mg.columns;
type MonthRow = Analytics['monthly_giving']['months'][number];

/** Nine columns fit a desktop only with their titles wrapped; between phone and desktop the three stock columns are left out. */
const title = (text: string) => <span className="inline-block whitespace-normal">{text}</span>;
const WIDE_ONLY = 'text-right hidden lg:table-cell';

const columns: Column<MonthRow>[] = [
  { key: 'month', header: col.month, primary: true, cell: (m) => <span className="inline-block font-semibold whitespace-nowrap first-letter:uppercase">{formatMonth(m.month, 'short')}</span> },
  { key: 'start', hideOnMobile: true, header: title(col.activeAtStart), className: WIDE_ONLY, cell: (m) => <span className="tabular-nums">{formatNumber(m.active_at_start)}</span> },
  { key: 'new', header: title(col.newGifts), className: 'text-right', cell: (m) => <span className="tabular-nums">{formatNumber(m.new_gifts)}</span> },
  { key: 'cancelled', header: title(col.cancelledGifts), className: 'text-right', cell: (m) => <span className="tabular-nums">{formatNumber(m.cancelled_gifts)}</span> },
  { key: 'churn', header: title(col.churnRate), className: 'text-right', cell: (m) => <span className="tabular-nums">{formatPercent(m.churn_rate)}</span> },
  { key: 'end', hideOnMobile: true, header: title(col.activeAtEnd), className: WIDE_ONLY, cell: (m) => <span className="tabular-nums">{formatNumber(m.active_gifts)}</span> },
  { key: 'donors', hideOnMobile: true, header: title(col.activeDonors), className: WIDE_ONLY, cell: (m) => <span className="tabular-nums">{formatNumber(m.active_donors)}</span> },
  { key: 'mrr', header: title(col.mrr), className: 'text-right', cell: (m) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(m.mrr)}</span> },
  { key: 'failed', header: title(col.failedRenewals), className: 'text-right', cell: (m) => <span className="tabular-nums">{formatNumber(m.failed_renewals)}</span> },
];

export function MonthlyGivingReport({ analytics }: { analytics: Analytics }) {
  const id = useId();
  const m = analytics.monthly_giving;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <h2 id={id} className="font-display text-lg font-semibold text-ink-900">
        {mg.section}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={mg.mrr}
          icon={Repeat}
          tone="green"
          value={formatMoney(m.mrr)}
          hint={
            <Growth
              value={m.mrr_change_percentage}
              previous={m.mrr_at_start}
              text={(pct) => `${pct} ${mg.sincePeriodStart(formatMoney(m.mrr_at_start))}`}
              noBase={mg.noStartBase}
            />
          }
        />
        <StatCard label={mg.activeDonors} icon={Users} value={formatNumber(m.active_donors)} hint={mg.activeGiftsCount(m.active_gifts, formatNumber(m.active_gifts))} />
        <StatCard
          label={mg.newGifts}
          icon={UserPlus}
          tone="accent"
          value={formatNumber(m.new_gifts)}
          hint={mg.cancelledInPeriod(m.cancelled_gifts, formatNumber(m.cancelled_gifts))}
        />
        <StatCard
          label={mg.churnRate}
          icon={UserMinus}
          tone="amber"
          value={formatPercent(m.churn_rate)}
          hint={`${mg.failedRenewals}: ${formatNumber(m.failed_renewals)}`}
        />
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-ink-900">{mg.trend}</h3>
        <p className="mb-3 text-sm text-ink-600">{mg.trendNote}</p>
        <ResponsiveTable caption={mg.trend} columns={columns} rows={[...m.months].reverse()} getRowKey={(row) => row.month} />
      </div>
    </section>
  );
}
