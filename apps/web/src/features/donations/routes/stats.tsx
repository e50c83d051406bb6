// Statistics (/stats, docs/product.md#screens-and-routes, #limits-and-constants): four cards (three when the pending figures are not shown), Detailed Metrics, Recent Donations (the first 5
// of the list) and Performance Summary, in Spanish. Average donation = completed
// amount / completed count (2 decimals); success rate with 1 decimal, as the API defines it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CircleCheck, Clock, HandCoins, Percent } from 'lucide-react';
import { RECENT_DONATIONS_SHOWN } from '@donaciones/shared/constants';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@donaciones/shared/format';
import { donationStatusLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { navMessages } from '@donaciones/shared/messages/shell';
import type { DonationStats } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { cn } from '@/lib/cn';
import { donationDetailPath, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonationStats } from '../api/get-donation-stats';
import { useDonations } from '../api/get-donations';
import { formatAmount } from '../components/donation-labels';
import { PageFrame } from '../components/page-frame';

const s = donationsMessages.stats;

/** docs/product.md#limits-and-constants: completed amount / completed count; 0 when nothing completed yet. */
export function averageDonation(stats: Pick<DonationStats, 'total_amount_completed' | 'count_completed'>): number {
  return stats.count_completed > 0 ? stats.total_amount_completed / stats.count_completed : 0;
}

export const formatRate = (rate: number) => formatPercent(rate);

function StatCard({ label, value, icon, tone, testId }: { label: string; value: string; icon: ReactNode; tone: string; testId: string }) {
  return (
    <div className="flex items-center gap-4 rounded-card border border-sand-200 bg-white p-5 shadow-card" data-testid={testId}>
      <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-2xl', tone)}>{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink-600">{label}</p>
        <p className="mt-0.5 font-display text-2xl font-semibold text-ink-900 tabular-nums [overflow-wrap:anywhere]">{value}</p>
      </div>
    </div>
  );
}

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <dt className="text-ink-700">
        {label}
        {hint && <span className="block text-xs text-ink-500">{hint}</span>}
      </dt>
      <dd className="font-semibold text-ink-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Completed / pending / failed as one bar, so the proportions read at a glance (pending only when shown). */
function Proportions({ stats }: { stats: DonationStats }) {
  const parts = [
    { key: 'completed', count: stats.count_completed, className: 'bg-green-600', label: s.completed },
    ...(stats.count_pending === null ? [] : [{ key: 'pending', count: stats.count_pending, className: 'bg-amber-400', label: s.pending }]),
    { key: 'failed', count: stats.count_failed, className: 'bg-red-500', label: s.failed },
  ];
  const total = parts.reduce((sum, p) => sum + p.count, 0);
  if (total === 0) return null;
  return (
    <div className="mb-5" aria-hidden="true">
      <div className="flex h-3 overflow-hidden rounded-full bg-sand-100">
        {parts.map((p) => (
          <span key={p.key} className={p.className} style={{ width: `${(p.count / total) * 100}%` }} />
        ))}
      </div>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
        {parts.map((p) => (
          <span key={p.key} className="inline-flex items-center gap-1.5">
            <span className={cn('size-2 rounded-full', p.className)} />
            {p.label}
          </span>
        ))}
      </div>
    </div>
  );
}

function RecentDonations() {
  const recent = useDonations({ limit: RECENT_DONATIONS_SHOWN, offset: 0 });
  return (
    <Card
      title={s.recentDonations}
      actions={
        <Link to={paths.donations} className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
          {s.viewAll}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {recent.isError ? (
        <ErrorState message={s.recentFailed} onRetry={() => recent.refetch()} retrying={recent.isFetching} className="py-6" />
      ) : !recent.data ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : recent.data.donations.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-600">{s.noRecent}</p>
      ) : (
        <ul className="-my-2 divide-y divide-sand-200" data-testid="recent-donations">
          {recent.data.donations.slice(0, RECENT_DONATIONS_SHOWN).map((d) => (
            <li key={d.id}>
              <Link to={donationDetailPath(d.id)} className="flex min-w-0 items-center gap-3 rounded-xl px-2 py-3 hover:bg-sand-50">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-ink-900">{d.donor_name}</p>
                  <p className="text-sm text-ink-500">{formatDate(d.created_at)}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold text-ink-900 tabular-nums">{formatAmount(d.amount, d.currency)}</span>
                  <StatusBadge status={d.status} label={donationStatusLabel(d.status)} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function StatsSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

export default function StatsPage() {
  useDocumentTitle(s.title);
  const query = useDonationStats();
  const stats = query.data;
  const average = stats ? averageDonation(stats) : 0;
  // The API answers null for pending figures to anyone but ADMIN: those cards and rows are left
  // out rather than shown as 0 (docs/product.md#figures).
  const pendingCount = stats?.count_pending ?? null;
  const pendingAmount = stats?.total_amount_pending ?? null;
  const showsPending = pendingCount !== null && pendingAmount !== null;

  return (
    <PageFrame>
      <PageHeader eyebrow={navMessages.stats} title={s.title} description={s.subtitle} />
      <div className="mt-8">
        {query.isError ? (
          <ErrorState message={s.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
        ) : !stats ? (
          <StatsSkeleton />
        ) : (
          <>
            <div className={cn('grid gap-4 sm:grid-cols-2', showsPending ? 'xl:grid-cols-4' : 'xl:grid-cols-3')}>
              <StatCard
                testId="stat-total-completed"
                label={s.totalCompleted}
                value={formatMoney(stats.total_amount_completed)}
                icon={<HandCoins aria-hidden="true" className="size-6" />}
                tone="bg-green-50 text-green-700"
              />
              {showsPending && (
                <StatCard
                  testId="stat-pending-amount"
                  label={s.pendingAmount}
                  value={formatMoney(pendingAmount)}
                  icon={<Clock aria-hidden="true" className="size-6" />}
                  tone="bg-amber-50 text-amber-700"
                />
              )}
              <StatCard
                testId="stat-completed-count"
                label={s.completedDonations}
                value={formatNumber(stats.count_completed)}
                icon={<CircleCheck aria-hidden="true" className="size-6" />}
                tone="bg-brand-50 text-brand-700"
              />
              <StatCard
                testId="stat-success-rate"
                label={s.successRate}
                value={formatRate(stats.success_rate)}
                icon={<Percent aria-hidden="true" className="size-6" />}
                tone="bg-accent-50 text-accent-700"
              />
            </div>

            <div className="mt-6 grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
              <Card title={s.detailedMetrics} data-testid="detailed-metrics">
                <Proportions stats={stats} />
                <dl className="divide-y divide-sand-200">
                  <Metric
                    label={s.totalDonations}
                    hint={showsPending ? s.totalHint : s.totalHintPublic}
                    value={formatNumber(stats.count_completed + (pendingCount ?? 0) + stats.count_failed)}
                  />
                  <Metric label={s.completed} value={formatNumber(stats.count_completed)} />
                  {showsPending && <Metric label={s.pending} value={formatNumber(pendingCount)} />}
                  <Metric label={s.failed} value={formatNumber(stats.count_failed)} />
                  <Metric label={s.averageDonation} value={formatMoney(average)} />
                </dl>
              </Card>
              <RecentDonations />
            </div>

            <PerformanceSummary stats={stats} average={average} pending={showsPending ? { count: pendingCount, amount: pendingAmount } : null} />
          </>
        )}
      </div>
    </PageFrame>
  );
}

/** Performance Summary: the success rate with its bar, the average donation and, for those who see them, the pending figures. */
function PerformanceSummary({ stats, average, pending }: { stats: DonationStats; average: number; pending: { count: number; amount: number } | null }) {
  return (
    <Card title={s.performanceSummary} className="mt-6" data-testid="performance-summary">
      <dl className={cn('grid gap-6', pending ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        <div>
          <dt className="text-sm font-semibold text-ink-600">{s.successRate}</dt>
          <dd className="mt-1 font-display text-3xl font-semibold text-ink-900 tabular-nums">{formatRate(stats.success_rate)}</dd>
          <dd className="mt-2">
            <div
              className="h-2 overflow-hidden rounded-full bg-sand-100"
              role="progressbar"
              aria-label={s.successRate}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={stats.success_rate}
            >
              <div className="h-full rounded-full bg-green-600" style={{ width: `${Math.min(100, stats.success_rate)}%` }} />
            </div>
            <p className="mt-2 text-xs text-ink-500">{s.successRateHint}</p>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-600">{s.averageDonation}</dt>
          <dd className="mt-1 font-display text-3xl font-semibold text-ink-900 tabular-nums">{formatMoney(average)}</dd>
          <dd className="mt-2 text-xs text-ink-500">{s.averageHint}</dd>
        </div>
        {pending && (
          <div>
            <dt className="text-sm font-semibold text-ink-600">{s.pendingCount}</dt>
            <dd className="mt-1 font-display text-3xl font-semibold text-ink-900 tabular-nums">{formatNumber(pending.count)}</dd>
            <dd className="mt-2 text-xs text-ink-500">{s.pendingAmountHint(formatMoney(pending.amount))}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
