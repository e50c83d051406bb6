// The donation list (/donations, docs/product.md#screens-and-routes): a page of the ledger fetched from the API, searched by
// donor name or email and filtered by status and type on the client (docs/product.md#screens-and-routes). Links to
// /donations/new and to each donation's detail; status badges in the colours of docs/product.md#the-donation-ledger.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Eye, HandHeart, Plus, Search, ShieldCheck } from 'lucide-react';
import { DONATION_STATUSES, DONATION_TYPES, LIST_MAX_LIMIT, type DonationStatus, type DonationType } from '@donaciones/shared/constants';
import { formatDate } from '@donaciones/shared/format';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { screensMessages } from '@donaciones/shared/messages/screens';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Select, TextInput } from '@/components/form-fields';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths, donationDetailPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonations } from '../api/get-donations';
import { formatAmount, statusLabelEs, typeLabelEs } from '../components/donation-labels';
import { filterDonations } from '../components/filter-donations';
import { PageFrame, PageHeader } from '../components/page-header';

const l = donationsMessages.list;
const STATUS_OPTIONS = DONATION_STATUSES.map((s) => ({ value: s, label: statusLabelEs(s) }));
const TYPE_OPTIONS = DONATION_TYPES.map((t) => ({ value: t, label: typeLabelEs(t) }));
const PAGE_SIZE = LIST_MAX_LIMIT;

const columns: Column<Donation>[] = [
  {
    key: 'donor',
    header: l.colDonor,
    primary: true,
    cell: (d) => (
      <div className="min-w-0 text-left">
        <Link to={donationDetailPath(d.id)} className="block truncate font-semibold text-ink-900 hover:text-brand-700 hover:underline">
          {d.donor_name}
        </Link>
        <p className="truncate text-sm font-normal text-ink-500">{d.donor_email}</p>
      </div>
    ),
  },
  { key: 'amount', header: l.colAmount, className: 'text-right', cell: (d) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatAmount(d.amount, d.currency)}</span> },
  { key: 'type', header: l.colType, cell: (d) => typeLabelEs(d.donation_type) },
  { key: 'status', header: l.colStatus, cell: (d) => <StatusBadge status={d.status} label={statusLabelEs(d.status)} /> },
  { key: 'date', header: l.colDate, cell: (d) => <span className="whitespace-nowrap">{formatDate(d.created_at)}</span> },
  { key: 'reference', header: l.colReference, hideOnMobile: true, cell: (d) => <span className="font-mono text-ink-600">{d.reference_code}</span> },
  {
    key: 'view',
    header: <span className="sr-only">{l.colActions}</span>,
    className: 'text-right',
    cell: (d) => (
      <ButtonLink to={donationDetailPath(d.id)} variant="ghost" size="sm" aria-label={l.viewLabel(d.id)} icon={<Eye aria-hidden="true" className="size-4" />}>
        {l.view}
      </ButtonLink>
    ),
  },
];

export default function DonationsListPage() {
  useDocumentTitle(l.title);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DonationStatus | ''>('');
  const [type, setType] = useState<DonationType | ''>('');
  const [page, setPage] = useState(0);
  const query = useDonations({ limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const data = query.data;

  const shown = useMemo(() => (data ? filterDonations(data.donations, { search, status, type }) : []), [data, search, status, type]);
  const filtering = Boolean(search.trim() || status || type);
  const from = data && data.total ? data.offset + 1 : 0;
  const to = data ? data.offset + data.donations.length : 0;
  const clear = () => {
    setSearch('');
    setStatus('');
    setType('');
  };

  return (
    <PageFrame>
      <PageHeader
        eyebrow={l.eyebrow}
        title={l.title}
        description={l.subtitle}
        actions={
          <ButtonLink to={paths.donationNew} icon={<Plus aria-hidden="true" className="size-4" />}>
            {l.newDonation}
          </ButtonLink>
        }
      />

      <div role="search" className="mt-8 grid grid-cols-2 gap-3 rounded-card border border-sand-200 bg-white/70 p-3 shadow-card sm:grid-cols-[minmax(0,1fr)_12rem_12rem] sm:p-4">
        <TextInput
          className="col-span-2 sm:col-span-1"
          label={<span className="sr-only">{l.searchLabel}</span>}
          type="search"
          name="search"
          placeholder={l.searchPlaceholder}
          prefix={<Search aria-hidden="true" className="size-4" />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          label={<span className="sr-only">{l.statusLabel}</span>}
          name="status"
          options={STATUS_OPTIONS}
          placeholder={l.allStatuses}
          value={status}
          onChange={(e) => setStatus(e.target.value as DonationStatus | '')}
        />
        <Select
          label={<span className="sr-only">{l.typeLabel}</span>}
          name="type"
          options={TYPE_OPTIONS}
          placeholder={l.allTypes}
          value={type}
          onChange={(e) => setType(e.target.value as DonationType | '')}
        />
      </div>

      <div className="mt-6">
        {query.isError ? (
          <ErrorState message={screensMessages.donationsLoadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
        ) : !data ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : data.total === 0 ? (
          <EmptyState
            title={l.emptyTitle}
            description={l.emptyText}
            icon={<HandHeart aria-hidden="true" className="size-6" />}
            action={
              <ButtonLink to={paths.donationNew} variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />}>
                {l.newDonation}
              </ButtonLink>
            }
          />
        ) : (
          <>
            <div className="mb-3 flex flex-col gap-1 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
              <p aria-live="polite" data-testid="donations-count">
                {l.shown(shown.length, data.donations.length)}
              </p>
              {data.donations.some((d) => d.donor_masked) && (
                <p className="flex items-start gap-1.5 text-ink-500 sm:items-center">
                  <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600 sm:mt-0" />
                  {l.privacyNote}
                </p>
              )}
            </div>
            <div className={query.isFetching ? 'opacity-70 transition-opacity' : undefined}>
              <ResponsiveTable
                caption={l.caption}
                columns={columns}
                rows={shown}
                getRowKey={(d) => d.id}
                empty={
                  <EmptyState
                    title={l.noMatchTitle}
                    description={l.noMatchText}
                    icon={<Search aria-hidden="true" className="size-6" />}
                    action={
                      filtering && (
                        <Button variant="outline" size="sm" onClick={clear}>
                          {l.clearFilters}
                        </Button>
                      )
                    }
                  />
                }
              />
            </div>
            {data.total > data.limit && (
              <nav className="mt-5 flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label={l.pagination}>
                <p className="text-sm text-ink-600">{l.range(from, to, data.total)}</p>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
                    {l.newer}
                  </Button>
                  <Button variant="outline" size="sm" disabled={to >= data.total} onClick={() => setPage((p) => p + 1)}>
                    {l.older}
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </nav>
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}
