// The donation list (/donations, docs/product.md#screens-and-routes): pages of 20 of the ledger with
// the search and the status and type filters applied by the API over the whole ledger (a visitor
// searches only what they are shown: docs/product.md#donor-privacy). Search, filters and page live in
// the address (?q=&status=&type=&page=, components/use-list-address.ts), so a search can be shared and survives a reload.
// "Más antiguas" and "Más recientes" read their page by cursor (decision 0058); a page reached by its
// address alone (a shared link, a reload) is read by offset.
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Eye, HandHeart, Heart, Plus, Search, ShieldCheck } from 'lucide-react';
import { LIST_DEFAULT_LIMIT } from '@donaciones/shared/constants';
import { formatDate, formatNumber } from '@donaciones/shared/format';
import { donationStatusLabel, donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { can } from '@donaciones/shared/permissions';
import type { Donation, DonationList } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { pageParams, rememberPage } from '@/lib/page-cursors';
import { paths, donationDetailPath } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonations } from '../api/get-donations';
import { DonationFilters } from '../components/donation-filters';
import { formatAmount } from '../components/donation-labels';
import { PageFrame } from '../components/page-frame';
import { type ListAddress, useListAddress } from '../components/use-list-address';

const l = donationsMessages.list;
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

export default function DonationsListPage() {
  useDocumentTitle(donationsMessages.list.title);
  const session = useSession();
  // A visitor sees completed donations only (docs/product.md#donor-privacy), so there is no status to
  // choose; a member also sees their own, of any status.
  const canFilterStatus = session.isAuthenticated;
  const address = useListAddress(canFilterStatus);
  const { q, status, type, page } = address;
  // The pages' cursors are kept per search, filters and viewer: each sees other rows.
  const listKey = JSON.stringify(['donations', q, status, type, session.user?.id ?? null]);

  const query = useDonations({
    limit: PAGE_SIZE,
    ...pageParams(listKey, page, PAGE_SIZE),
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(type ? { donation_type: type } : {}),
  });
  const data = query.data;
  const filtering = Boolean(q || status || type);
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
      <DonationFilters address={address} canFilterStatus={canFilterStatus} />
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
          <DonationsFound data={data} fetching={query.isFetching} filtering={filtering} address={address} listKey={listKey} />
        )}
      </div>
    </PageFrame>
  );
}

/** A page of the list: how many match, the privacy note when a donor is masked, the table and the pager. */
function DonationsFound({ data, fetching, filtering, address, listKey }: { data: DonationList; fetching: boolean; filtering: boolean; address: ListAddress; listKey: string }) {
  // The reference is shown to staff and to the owner only; a page with none has no such column.
  const shown = data.donations.some((d) => d.reference_code) ? columns : columns.filter((c) => c.key !== 'reference');
  return (
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
      <div className={fetching ? 'opacity-70 transition-opacity' : undefined}>
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
                  <Button variant="outline" size="sm" onClick={address.clear}>
                    {l.clearFilters}
                  </Button>
                )
              }
            />
          }
        />
      </div>
      {data.total > PAGE_SIZE && <DonationsPager data={data} page={address.page} update={address.update} listKey={listKey} />}
    </>
  );
}

function DonationsPager({ data, page, update, listKey }: { data: DonationList; page: number; update: ListAddress['update']; listKey: string }) {
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  // A page read by cursor answers offset 0: where it starts is told by its number.
  const start = (page - 1) * PAGE_SIZE;
  const from = data.total ? start + 1 : 0;
  const to = start + data.donations.length;
  // The last page: the API has no next cursor for it, or the count says so.
  const last = data.next_cursor === null || (!data.total_capped && page >= pages);
  const older = () => {
    rememberPage(listKey, page + 1, data.next_cursor);
    update({ page: String(page + 1) });
  };
  return (
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
        <Button variant="outline" size="sm" disabled={last} onClick={older}>
          {l.older}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
