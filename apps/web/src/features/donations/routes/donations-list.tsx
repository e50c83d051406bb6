// The donation list (/donations, docs/product.md#screens-and-routes): pages of 20 of the ledger with
// the search and the status and type filters applied by the API over the whole ledger (a visitor
// searches only what they are shown: docs/product.md#donor-privacy). Search, filters and page live in
// the address (?q=&status=&type=&page=), so a search can be shared and survives a reload.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Eye, HandHeart, Heart, Plus, Search, ShieldCheck } from 'lucide-react';
import { DONATION_STATUSES, DONATION_TYPES, LIST_DEFAULT_LIMIT, type DonationStatus, type DonationType } from '@donaciones/shared/constants';
import { formatDate, formatNumber } from '@donaciones/shared/format';
import { donationStatusLabel, donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { can } from '@donaciones/shared/permissions';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths, donationDetailPath } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonations } from '../api/get-donations';
import { formatAmount } from '../components/donation-labels';
import { PageFrame } from '../components/page-frame';

const l = donationsMessages.list;
const STATUS_OPTIONS = DONATION_STATUSES.map((s) => ({ value: s, label: donationStatusLabel(s) }));
const TYPE_OPTIONS = DONATION_TYPES.map((t) => ({ value: t, label: donationTypeLabel(t) }));
const PAGE_SIZE = LIST_DEFAULT_LIMIT;

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
  { key: 'type', header: l.colType, cell: (d) => donationTypeLabel(d.donation_type) },
  { key: 'status', header: l.colStatus, cell: (d) => <StatusBadge status={d.status} label={donationStatusLabel(d.status)} /> },
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

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (value && (values as readonly string[]).includes(value) ? (value as T) : '');

/** The list's state as the address holds it; anything unknown reads as "no filter" and page 1. */
export function readListParams(params: URLSearchParams) {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    status: oneOf<DonationStatus>(DONATION_STATUSES, params.get('status')),
    type: oneOf<DonationType>(DONATION_TYPES, params.get('type')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function DonationsListPage() {
  useDocumentTitle(donationsMessages.list.title);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const read = readListParams(params);
  const { q, type, page } = read;
  // A visitor sees completed donations only (docs/product.md#donor-privacy), so there is no status to
  // choose; a member also sees their own, of any status.
  const canFilterStatus = session.isAuthenticated;
  const status = canFilterStatus ? read.status : '';

  // The box follows the address (back, forward, a shared link) and writes to it after a pause; its
  // own writes do not reset it, so letters typed meanwhile are kept.
  const [search, setSearch] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  const [written, setWritten] = useState<string | null>(null);
  if (lastQ !== q) {
    setLastQ(q);
    if (q !== written) setSearch(q);
  }
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);

  /** A new search or filter starts again at page 1; typing replaces the entry, choices add one. */
  const update = (changes: Record<string, string>, options: { replace?: boolean } = {}) => {
    window.clearTimeout(typing.current);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace },
    );
  };
  const onSearch = (value: string) => {
    setSearch(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      if (value.trim() === q) return;
      setWritten(value.trim());
      update({ q: value.trim() }, { replace: true });
    }, 300);
  };

  const query = useDonations({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(type ? { donation_type: type } : {}),
  });
  const data = query.data;
  // The reference is shown to staff and to the owner only; a page with none has no such column.
  const shown = data?.donations.some((d) => d.reference_code) ? columns : columns.filter((c) => c.key !== 'reference');
  const filtering = Boolean(q || status || type);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const from = data && data.total ? data.offset + 1 : 0;
  const to = data ? data.offset + data.donations.length : 0;
  const clear = () => {
    window.clearTimeout(typing.current);
    setSearch('');
    setParams(new URLSearchParams());
  };
  const newDonation = can(session.roles, 'gifts.enter') ? (
    <ButtonLink to={paths.donationNew} variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />}>
      {l.newDonation}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.donate} icon={<Heart aria-hidden="true" className="size-4" />}>
      {l.donate}
    </ButtonLink>
  );

  return (
    <PageFrame>
      <PageHeader eyebrow={l.eyebrow} title={l.title} description={l.subtitle} actions={newDonation} />

      <div
        role="search"
        className={cn(
          'mt-8 grid grid-cols-1 gap-3 rounded-card border border-sand-200 bg-white/70 p-3 shadow-card sm:p-4',
          canFilterStatus ? 'sm:grid-cols-[minmax(0,1fr)_12rem_12rem]' : 'sm:grid-cols-[minmax(0,1fr)_12rem]',
        )}
      >
        <TextInput
          label={<span className="sr-only">{l.searchLabel}</span>}
          type="search"
          name="q"
          placeholder={l.searchPlaceholder}
          prefix={<Search aria-hidden="true" className="size-4" />}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || search.trim() === q) return;
            setWritten(search.trim());
            update({ q: search.trim() }, { replace: true });
          }}
        />
        {canFilterStatus && (
          <Select
            label={<span className="sr-only">{l.statusLabel}</span>}
            name="status"
            options={STATUS_OPTIONS}
            placeholder={l.allStatuses}
            value={status}
            onChange={(e) => update({ status: e.target.value })}
          />
        )}
        <Select
          label={<span className="sr-only">{l.typeLabel}</span>}
          name="type"
          options={TYPE_OPTIONS}
          placeholder={l.allTypes}
          value={type}
          onChange={(e) => update({ type: e.target.value })}
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
        ) : data.total === 0 && !filtering ? (
          <EmptyState title={l.emptyTitle} description={l.emptyText} icon={<HandHeart aria-hidden="true" className="size-6" />} action={newDonation} />
        ) : (
          <>
            <div className="mb-3 flex flex-col gap-1 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
              <p aria-live="polite" data-testid="donations-count">
                {data.total_capped ? l.matchesCapped(formatNumber(data.total)) : (filtering ? l.matches : l.count)(data.total, formatNumber(data.total))}
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
                columns={shown}
                rows={data.donations}
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
            {data.total > PAGE_SIZE && (
              <nav className="mt-5 flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label={l.pagination}>
                <p className="text-sm text-ink-600">
                  {data.total_capped ? `${l.rangeCapped(from, to, formatNumber(data.total))} · ${l.pageOnly(page)}` : `${l.range(from, to, data.total)} · ${l.pageOf(page, pages)}`}
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : '' })}
                    icon={<ChevronLeft aria-hidden="true" className="size-4" />}
                  >
                    {l.newer}
                  </Button>
                  <Button variant="outline" size="sm" disabled={!data.total_capped && page >= pages} onClick={() => update({ page: String(page + 1) })}>
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
