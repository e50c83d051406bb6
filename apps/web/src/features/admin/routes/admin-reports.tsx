// Reports (/admin/reports, docs/product.md#screens-and-routes, #reports-and-exports): the period select, the export menu
// (real files), cards, the trend chart, the monthly table, top donors, recent trends and totals by programme. A failed
// load shows the error with a retry, never sample data.
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Award, CalendarRange, CircleCheck, HandCoins, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import { REPORT_PERIODS, type ReportPeriod } from '@donaciones/shared/constants';
import { formatDay, formatMoney, formatMonth, formatNumber, formatPercent } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { Card } from '@/components/card';
import { Select } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { ErrorState } from '@/components/states';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAnalytics } from '../api/get-analytics';
import { ExportMenu } from '../components/export-menu';
import { Growth } from '../components/growth';
import { MonthlyGivingReport } from '../components/monthly-giving-report';
import { ProgramTotals } from '../components/program-totals';
import { StatCard } from '../components/stat-card';
import { trendLabel } from '../components/trend-label';
import { AnonymousMark } from '../components/anonymous-mark';

const TrendChart = lazy(() => import('../components/trend-chart'));

const rep = adminMessages.reports;
const ui = adminMessages.reportsUi;
const PERIOD_OPTIONS = REPORT_PERIODS.map((p) => ({ value: p, label: rep.periods[p] }));
const RECENT_TRENDS = 8;

type MonthRow = Analytics['monthly_stats'][number];
type TrendRow = Analytics['trends'][number];

function Cards({ analytics }: { analytics: Analytics | undefined }) {
  const s = analytics?.summary;
  const loading = !s;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={rep.totalAmount}
        icon={Wallet}
        tone="green"
        loading={loading}
        value={s && formatMoney(s.total_amount)}
        hint={
          analytics &&
          s && (
            <Growth
              value={s.amount_growth_percentage}
              previous={s.previous_total_amount}
              text={(pct) => ui.vsPrevious(pct, rep.comparedWith[analytics.period as ReportPeriod], formatMoney(s.previous_total_amount))}
              noBase={ui.noPrevious[analytics.period]}
            />
          )
        }
      />
      <StatCard
        label={rep.totalDonations}
        icon={HandCoins}
        loading={loading}
        value={s && formatNumber(s.total_donations)}
        hint={s && `${rep.averageDonation}: ${formatMoney(s.average_donation)}`}
      />
      <StatCard label={rep.successRate} icon={CircleCheck} tone="accent" loading={loading} value={s && formatPercent(s.success_rate)} hint={ui.ofResolved} />
      <StatCard
        label={rep.newUsers}
        icon={UserPlus}
        tone="amber"
        loading={loading}
        value={s && formatNumber(s.new_users)}
        hint={s && rep.uniqueDonorsCount(s.unique_donors, formatNumber(s.unique_donors))}
      />
    </div>
  );
}

/** Label/value rows of one card; dollars shown apart from quetzales (docs/product.md#money-currencies-and-formats). */
function AmountList({ title, description, rows }: { title: string; description?: string; rows: [string, string][] }) {
  return (
    <Card title={title} description={description}>
      <dl className="flex flex-col divide-y divide-sand-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 py-2">
            <dt className="text-sm text-ink-600">{label}</dt>
            <dd className="shrink-0 font-semibold text-ink-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function MoneyBreakdown({ analytics }: { analytics: Analytics }) {
  const s = analytics.summary;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <AmountList
        title={rep.usdSection}
        rows={[
          [rep.usdDonations, formatNumber(s.usd_donations)],
          [rep.usdAmount, formatMoney(s.usd_amount, 'USD')],
          [rep.usdAmountGtq, formatMoney(s.usd_amount_gtq)],
        ]}
      />
      <AmountList
        title={rep.feesSection}
        description={rep.totalInQuetzales}
        rows={[
          [rep.grossAmount, formatMoney(s.gross_amount)],
          [rep.coveredFees, formatMoney(s.covered_fees)],
          [rep.providerFees, formatMoney(s.provider_fees)],
          [rep.vatWithheld, formatMoney(s.vat_withheld)],
          [rep.netAmount, formatMoney(s.net_amount)],
        ]}
      />
    </div>
  );
}

function TableSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 font-display text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function MonthlyTable({ analytics }: { analytics: Analytics }) {
  const columns: Column<MonthRow>[] = [
    { key: 'month', header: rep.month, primary: true, cell: (m) => <span className="inline-block font-semibold first-letter:uppercase">{formatMonth(m.month)}</span> },
    { key: 'donations', header: rep.donations, className: 'text-right', cell: (m) => <span className="tabular-nums">{formatNumber(m.donations)}</span> },
    { key: 'amount', header: rep.amount, className: 'text-right', cell: (m) => <span className="font-semibold tabular-nums">{formatMoney(m.amount)}</span> },
    { key: 'users', header: rep.users, className: 'text-right', cell: (m) => <span className="tabular-nums">{formatNumber(m.users)}</span> },
  ];
  return (
    <TableSection title={rep.monthlyStats}>
      <ResponsiveTable caption={rep.monthlyStats} columns={columns} rows={[...analytics.monthly_stats].reverse()} getRowKey={(m) => m.month} />
    </TableSection>
  );
}

function TopDonors({ analytics }: { analytics: Analytics }) {
  const max = Math.max(...analytics.top_donors.map((d) => d.total_donated), 1);
  return (
    <Card title={rep.topDonors}>
      {analytics.top_donors.length === 0 ? (
        <p className="text-sm text-ink-600">{ui.noDonors}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {analytics.top_donors.map((donor, i) => (
            <li key={donor.email ?? `${i}-${donor.name}`} className="flex items-center gap-3">
              <span
                className={
                  i < 3
                    ? 'flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-bold text-accent-800'
                    : 'flex size-8 shrink-0 items-center justify-center rounded-full bg-sand-100 text-sm font-bold text-ink-600'
                }
                role="img"
                aria-label={`${ui.rank} ${i + 1}`}
              >
                {i < 3 ? <Award aria-hidden="true" className="size-4" /> : i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="flex min-w-0 items-center font-semibold text-ink-900">
                    <span className="truncate">{donor.name}</span>
                    <AnonymousMark name={donor.name} anonymous={donor.anonymous} />
                  </p>
                  <p className="shrink-0 font-semibold text-ink-900 tabular-nums">{formatMoney(donor.total_donated)}</p>
                </div>
                <div className={`flex items-center gap-3 text-xs text-ink-500 ${donor.email ? 'justify-between' : 'justify-end'}`}>
                  {/* The email only reaches staff who may read contact details (donors.read). */}
                  {donor.email && <span className="truncate">{donor.email}</span>}
                  <span className="shrink-0">{ui.donationsCount(donor.donations_count)}</span>
                </div>
                <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-sand-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-brand-500" style={{ width: `${(donor.total_donated / max) * 100}%` }} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function RecentTrends({ analytics }: { analytics: Analytics }) {
  const rows = [...analytics.trends].reverse().slice(0, RECENT_TRENDS);
  const columns: Column<TrendRow>[] = [
    { key: 'date', header: rep.date, primary: true, cell: (t) => <span className="inline-block font-semibold first-letter:uppercase">{trendLabel(t.date, analytics.granularity)}</span> },
    { key: 'donations', header: rep.donations, className: 'text-right', cell: (t) => <span className="tabular-nums">{formatNumber(t.donations)}</span> },
    { key: 'amount', header: rep.amount, className: 'text-right', cell: (t) => <span className="font-semibold tabular-nums">{formatMoney(t.amount)}</span> },
  ];
  return (
    <TableSection title={ui.recentTrends}>
      <ResponsiveTable caption={ui.recentTrends} columns={columns} rows={rows} getRowKey={(t) => t.date} />
    </TableSection>
  );
}

export default function AdminReportsPage() {
  useDocumentTitle(ui.title);
  const [period, setPeriod] = useState<ReportPeriod>('month');
  const query = useAnalytics(period);
  const analytics = query.data;

  return (
    <div>
      <PageHeader
        className="mb-6"
        title={ui.title}
        description={
          analytics ? (
            <span className="inline-flex items-center gap-2">
              <CalendarRange aria-hidden="true" className="size-4 text-brand-700" />
              {rep.periodRange(formatDay(analytics.start_date), formatDay(analytics.end_date))}
            </span>
          ) : (
            ui.subtitle
          )
        }
        actions={
          <>
            <Select
              label={<span className="sr-only">{ui.periodLabel}</span>}
              options={PERIOD_OPTIONS}
              value={period}
              onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
              className="w-48"
              aria-label={ui.periodLabel}
            />
            <ExportMenu period={period} />
          </>
        }
      />

      {query.isError ? (
        <ErrorState message={ui.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
          <Cards analytics={analytics} />
          <Card
            title={ui.trendTitle}
            description={analytics ? ui.trendDescription[analytics.granularity] : undefined}
            actions={analytics && <TrendingUp aria-hidden="true" className="size-5 text-brand-700" />}
          >
            {analytics ? (
              <Suspense fallback={<div className="flex h-72 items-center justify-center"><Spinner label={ui.chartLoading} showLabel /></div>}>
                <TrendChart analytics={analytics} />
              </Suspense>
            ) : (
              <Skeleton className="h-72" />
            )}
          </Card>
          {analytics ? (
            <>
              <MoneyBreakdown analytics={analytics} />
              <MonthlyGivingReport analytics={analytics} />
              <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[3fr_2fr]">
                <div className="flex min-w-0 flex-col gap-6">
                  <MonthlyTable analytics={analytics} />
                  <RecentTrends analytics={analytics} />
                  <ProgramTotals analytics={analytics} />
                </div>
                <TopDonors analytics={analytics} />
              </div>
            </>
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" aria-hidden="true">
              <Skeleton className="h-64" />
              <Skeleton className="h-64" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
