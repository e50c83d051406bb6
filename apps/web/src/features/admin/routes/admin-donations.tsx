// Donation review (/admin/donations, docs/product.md#screens-and-routes): search by email, name or reference, status
// filter, refresh, the table with a view link, and approve/reject on PENDING rows. "Siguiente" and
// "Anterior" read their page by cursor (decision 0058).
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, ChevronLeft, ChevronRight, Eye, HandCoins, Plus, RefreshCw, Search, XCircle } from 'lucide-react';
import { LIST_DEFAULT_LIMIT } from '@donaciones/shared/constants';
import { formatGiftDate, formatMoney, formatNumber } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { can } from '@donaciones/shared/permissions';
import { ADMIN_STATUS_VALUES, type AdminDonation, type AdminDonationList } from '@donaciones/shared/schemas/admin';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { cn } from '@/lib/cn';
import { pageParams, rememberPage } from '@/lib/page-cursors';
import { adminDonationDetailPath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { Decision } from '../api/decide-donation';
import { useAdminDonations } from '../api/get-donations';
import { DecisionModal } from '../components/decision-modal';
import { DepositSlip } from '../components/deposit-slip';
import { AnonymousMark } from '../components/anonymous-mark';

const r = adminMessages.review;
const c = adminMessages.common;

/** "Depósitos y transferencias por verificar": pending bank deposits, each with its slip, and the transfers the office entered (docs/product.md#bank-deposits). */
const DEPOSITS = 'DEPOSITS';

const STATUS_OPTIONS = [
  ...ADMIN_STATUS_VALUES.map((status) => ({ value: status, label: shellMessages.adminStatus[status] })),
  { value: DEPOSITS, label: bankStatementsMessages.review.filterLabel },
];

/** The queue opens on what needs a decision; `?status=ALL` asks for every status. */
const DEFAULT_STATUS = 'PENDING';
const ALL = 'ALL';

function validStatus(value: string | null): string {
  if (value === ALL) return '';
  if (value === DEPOSITS) return DEPOSITS;
  return value && (ADMIN_STATUS_VALUES as readonly string[]).includes(value) ? value : DEFAULT_STATUS;
}

export default function AdminDonationsPage() {
  useDocumentTitle(r.title);
  const { roles } = useSession();
  const [params, setParams] = useSearchParams();
  const status = validStatus(params.get('status'));
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [deciding, setDeciding] = useState<{ donation: AdminDonation; decision: Decision } | null>(null);

  // A new search or filter starts again at the first page.
  const [lastFilter, setLastFilter] = useState(`${q}|${status}`);
  if (lastFilter !== `${q}|${status}`) {
    setLastFilter(`${q}|${status}`);
    setPage(0);
  }

  const limit = LIST_DEFAULT_LIMIT;
  const deposits = status === DEPOSITS;
  const listKey = JSON.stringify(['admin-donations', q, status]);
  const paging = { limit, ...pageParams(listKey, page + 1, limit) };
  const query = useAdminDonations(deposits ? { q, status: '', pendingDeposits: true, ...paging } : { q, status, ...paging });
  const data = query.data;

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === DEFAULT_STATUS) next.delete('status');
    else next.set('status', value || ALL);
    setParams(next, { replace: true });
  };

  const columns = reviewColumns(deposits, (donation, decision) => setDeciding({ donation, decision }));

  return (
    <div>
      <PageHeader
        className="mb-6"
        title={r.title}
        description={can(roles, 'donations.decide') ? r.subtitle : can(roles, 'gifts.enter') ? r.subtitleEntry : r.subtitleReadOnly}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* A gift received by hand (cash, goods, services), entered as pending by staff who may enter gifts. */}
            {can(roles, 'gifts.enter') && (
              <ButtonLink to={paths.donationNew} variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />}>
                {donationsMessages.list.newDonation}
              </ButtonLink>
            )}
            <Button
              variant="outline"
              onClick={() => query.refetch()}
              disabled={query.isFetching}
              icon={<RefreshCw aria-hidden="true" className={cn('size-4', query.isFetching && 'animate-spin')} />}
            >
              {c.refresh}
            </Button>
          </div>
        }
      />

      <ReviewFilters search={search} onSearch={setSearch} status={status} onStatus={setStatus} />

      {query.isError ? (
        <ErrorState message={screensMessages.donationsLoadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : (
        <>
          <div className={query.isFetching ? 'opacity-70 transition-opacity' : undefined}>
            <ResponsiveTable
              caption={r.caption}
              columns={deposits ? columns.filter((col) => col.key !== 'id' && col.key !== 'status') : columns}
              rows={data.donations}
              getRowKey={(d) => d.id}
              empty={<EmptyState title={r.emptyTitle} description={r.emptyText} icon={<HandCoins aria-hidden="true" className="size-6" />} />}
            />
          </div>
          {data.total > 0 && <ReviewPager data={data} page={page} setPage={setPage} listKey={listKey} />}
        </>
      )}

      {deciding && <DecisionModal donation={deciding.donation} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </div>
  );
}

/** The search box and the status filter above the table. */
function ReviewFilters({ search, onSearch, status, onStatus }: { search: string; onSearch: (value: string) => void; status: string; onStatus: (value: string) => void }) {
  const { roles } = useSession();
  // The filter is as wide as its longest choice ("Depósitos y transferencias por verificar"), never cut; below md
  // each takes the full width, so the search keeps room for its placeholder.
  return (
    <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto]">
      <TextInput
        label={<span className="sr-only">{r.searchLabel}</span>}
        type="search"
        placeholder={can(roles, 'donors.read') ? r.searchPlaceholder : r.searchPlaceholderNoEmail}
        prefix={<Search aria-hidden="true" className="size-4" />}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <Select
        label={<span className="sr-only">{r.statusLabel}</span>}
        options={STATUS_OPTIONS}
        placeholder={r.allStatuses}
        value={status}
        onChange={(e) => onStatus(e.target.value)}
      />
    </div>
  );
}

/** The table's columns: donor, amount, status, date, reference (the slip among pending deposits) and the row's actions. */
function reviewColumns(deposits: boolean, onDecide: (donation: AdminDonation, decision: Decision) => void): Column<AdminDonation>[] {
  return [
    { key: 'id', header: r.colId, hideOnMobile: true, cell: (d) => <span className="font-mono text-ink-600">#{d.id}</span> },
    {
      key: 'donor',
      header: r.colDonor,
      primary: true,
      cell: (d) => (
        <div className="min-w-0 text-left">
          <p className="flex min-w-0 items-center font-semibold text-ink-900">
            <span className="truncate">{d.donor_name}</span>
            <AnonymousMark name={d.donor_name} anonymous={d.donor_anonymous} />
          </p>
          <p className="truncate text-sm font-normal text-ink-500">{d.donor_email}</p>
        </div>
      ),
    },
    { key: 'amount', header: r.colAmount, className: 'text-right', cell: (d) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(d.amount, d.currency)}</span> },
    { key: 'status', header: r.colStatus, cell: (d) => <StatusBadge status={d.status} /> },
    { key: 'date', header: r.colDate, cell: (d) => <span className="whitespace-nowrap">{formatGiftDate(d.created_at, d.dated_by_day)}</span> },
    { key: 'reference', header: r.colReference, cell: (d) => <span className="font-mono whitespace-nowrap">{d.reference_code}</span> },
    ...(deposits
      ? [
          {
            key: 'slip',
            header: bankStatementsMessages.review.slipColumn,
            className: 'min-w-[24rem]',
            stacked: true,
            cell: (d: AdminDonation) => (
              <DepositSlip
                slip={d.deposit}
                office={d.office_entry}
                transfer={d.payment_method === 'bank_transfer'}
                reference={d.reference_code}
                amount={d.amount}
                currency={d.currency}
              />
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      header: <span className="sr-only sm:not-sr-only">{c.actions}</span>,
      className: 'text-right',
      cell: (d) => <ReviewActions donation={d} onDecide={onDecide} />,
    },
  ];
}

/** A row's actions: approve and reject on a PENDING donation under manual review (for staff who decide), and the link to its page. */
function ReviewActions({ donation: d, onDecide }: { donation: AdminDonation; onDecide: (donation: AdminDonation, decision: Decision) => void }) {
  const { roles } = useSession();
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {/* A card donation is completed or failed by its payment provider, never by a click here; a
          volunteer reads the queue without deciding (donations.decide). */}
      {d.status === 'PENDING' && d.manual_review && can(roles, 'donations.decide') && (
        <>
          <Button
            variant="secondary"
            size="sm"
            aria-label={r.approveLabel(d.reference_code)}
            onClick={() => onDecide(d, 'approve')}
            icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
          >
            {r.approve}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:border-red-300 hover:bg-red-50"
            aria-label={r.rejectLabel(d.reference_code)}
            onClick={() => onDecide(d, 'reject')}
            icon={<XCircle aria-hidden="true" className="size-4" />}
          >
            {r.reject}
          </Button>
        </>
      )}
      <ButtonLink to={adminDonationDetailPath(d.id)} variant="ghost" size="sm" aria-label={r.viewLabel(d.id)} icon={<Eye aria-hidden="true" className="size-4" />}>
        {r.view}
      </ButtonLink>
    </div>
  );
}

/** Below the table: which rows are shown out of how many, and the previous and next page buttons. */
function ReviewPager({ data, page, setPage, listKey }: { data: AdminDonationList; page: number; setPage: Dispatch<SetStateAction<number>>; listKey: string }) {
  // A page read by cursor answers offset 0: where it starts is told by its number (from 0 here).
  const start = page * data.limit;
  const from = data.total ? start + 1 : 0;
  const to = start + data.donations.length;
  const last = data.next_cursor === null || (!data.total_capped && to >= data.total);
  const next = () => {
    rememberPage(listKey, page + 2, data.next_cursor);
    setPage((p) => p + 1);
  };
  return (
    <nav className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label={r.caption}>
      <p className="text-sm text-ink-600" aria-live="polite">
        {data.total_capped ? c.showingCapped(from, to, formatNumber(data.total)) : c.showing(from, to, data.total)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
          {c.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={last} onClick={next}>
          {c.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
