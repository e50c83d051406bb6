// /donor/history (docs/product.md#screens-and-routes): the account's donations grouped by year and month, with totals;
// each donation says where it went (its programme or "Donde más se necesite", docs/product.md#designation).
import { ChevronDown, HandHeart } from 'lucide-react';
import { formatDate, formatMoney, formatMonthName } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import { memberMessages } from '@donaciones/shared/messages/member';
import type { DonationHistory, MemberDonation } from '@donaciones/shared/schemas/member';
import { StatusBadge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { mergeHistoryPages, useHistory } from '../api/get-history';
import { LoadMore } from '../components/load-more';

const t = memberMessages.history;
const d = memberMessages.donations;

type Year = DonationHistory['years'][number];
type Month = Year['months'][number];

export default function DonorHistoryPage() {
  useDocumentTitle(t.title);
  const history = useHistory();
  const data = history.data ? mergeHistoryPages(history.data.pages) : undefined;
  const shown = data ? data.years.reduce((n, y) => n + y.months.reduce((k, m) => k + m.donations.length, 0), 0) : 0;

  return (
    <div className="space-y-6">
      <PageHeader title={t.title} description={t.intro} />
      {history.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : !data ? (
        <ErrorState message={t.loadError} onRetry={() => history.refetch()} retrying={history.isFetching} />
      ) : data.years.length === 0 ? (
        <EmptyState
          title={t.empty}
          action={
            <ButtonLink to={paths.donate} variant="primary" icon={<HandHeart aria-hidden="true" className="size-5" />}>
              {memberMessages.dashboard.donate}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <HistoryTotal data={data} />
          {data.years.map((year, yi) => (
            <YearSection key={year.year} year={year} openFirst={yi === 0} />
          ))}
          <LoadMore
            query={history}
            status={t.shown(shown, data.donations_count)}
            label={t.loadMore}
            loadingLabel={t.loadingMore}
            errorMessage={t.loadMoreError}
          />
        </>
      )}
    </div>
  );
}

function HistoryTotal({ data }: { data: DonationHistory }) {
  return (
    <div className="flex flex-wrap items-center gap-x-8 gap-y-2 rounded-card bg-brand-700 px-6 py-5 text-white shadow-card" data-testid="history-total">
      <div>
        <p className="text-sm font-semibold text-brand-100">{t.totalGiven}</p>
        <p className="font-display text-3xl font-semibold tabular-nums">{formatMoney(data.total_amount)}</p>
      </div>
      <p className="text-brand-100">
        {t.donationsCount(data.donations_count)} · {t.completedCount(data.completed_count)}
      </p>
    </div>
  );
}

/** A year with its total; the newest month of the newest year starts open. */
function YearSection({ year, openFirst }: { year: Year; openFirst: boolean }) {
  return (
    <section aria-labelledby={`year-${year.year}`} className="space-y-3" data-testid={`history-year-${year.year}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-sand-200 pb-2">
        <h2 id={`year-${year.year}`} className="text-2xl font-semibold">
          {year.year}
        </h2>
        <p className="text-sm text-ink-600">
          <span className="font-semibold text-ink-900 tabular-nums">
            {t.yearTotal(year.year)}: {formatMoney(year.total_amount)}
          </span>{' '}
          · {t.donationsCount(year.donations_count)}
        </p>
      </div>
      <ul className="space-y-3">
        {year.months.map((month, mi) => (
          <li key={month.month}>
            <MonthDetails month={month} open={openFirst && mi === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MonthDetails({ month, open }: { month: Month; open: boolean }) {
  return (
    <details className="group rounded-card border border-sand-200 bg-white shadow-card" open={open}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 [&::-webkit-details-marker]:hidden">
        <span className="font-semibold text-ink-900 capitalize">{formatMonthName(month.month)}</span>
        <span className="flex items-center gap-3 text-sm text-ink-600">
          <span className="hidden sm:inline">{t.donationsCount(month.donations_count)}</span>
          <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(month.total_amount)}</span>
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </span>
      </summary>
      <ul className="divide-y divide-sand-200 border-t border-sand-200">
        {month.donations.map((donation) => (
          <DonationRow key={donation.id} donation={donation} />
        ))}
      </ul>
    </details>
  );
}

function DonationRow({ donation }: { donation: MemberDonation }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900 tabular-nums">{formatMoney(donation.amount, donation.currency)}</p>
        <p className="text-xs text-ink-500">
          <time dateTime={donation.completed_at ?? donation.created_at}>{formatDate(donation.completed_at ?? donation.created_at)}</time> · <span className="font-mono">{donation.reference_code}</span> ·{' '}
          {d.types[donation.donation_type]}
          {' · '}
          <span data-testid="designation">{donation.program_name ?? designationMessages.whereMostNeeded}</span>
        </p>
      </div>
      <StatusBadge status={donation.status} label={d.statuses[donation.status]} />
    </li>
  );
}
