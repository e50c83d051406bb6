// "Donaciones mensuales" (/admin/monthly-gifts, docs/product.md#monthly-giving): the monthly gifts with
// filters (status, monthly amount in quetzales, started since), 20 a page, each linking to its detail.
// The filters and the page live in the address, so a reload or a shared link keeps them.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Eye, Repeat } from 'lucide-react';
import { formatDate, fromCents, formatMoney } from '@donaciones/shared/format';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { MONTHLY_GIFT_STATUSES } from '@donaciones/shared/schemas/monthly';
import { type AdminMonthlyGift, type AdminMonthlyGiftList, adminMonthlyGiftsQuerySchema } from '@donaciones/shared/schemas/monthly-admin';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { adminMonthlyGiftDetailPath } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type MonthlyGiftFilters, useAdminMonthlyGifts } from '../api/monthly-gifts';
import { MonthlyStatusBadge } from '@/components/monthly-status-badge';

const l = monthlyAdminMessages.list;
const STATUS_OPTIONS = MONTHLY_GIFT_STATUSES.map((status) => ({ value: status, label: monthlyAdminMessages.statusLabels[status] }));

/** The filters of the address; an unknown status or a bad page is dropped. */
function filtersOf(params: URLSearchParams): MonthlyGiftFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (MONTHLY_GIFT_STATUSES as readonly string[]).includes(status) ? status : '',
    minAmount: params.get('minAmount') ?? '',
    maxAmount: params.get('maxAmount') ?? '',
    since: params.get('since') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The same rules as the API: the field's Spanish message, or nothing. */
function filterErrors(f: MonthlyGiftFilters): Partial<Record<'minAmount' | 'maxAmount' | 'since', string>> {
  const parsed = adminMonthlyGiftsQuerySchema.safeParse({
    minAmount: f.minAmount || undefined,
    maxAmount: f.maxAmount || undefined,
    since: f.since || undefined,
  });
  if (parsed.success) return {};
  const errors: Partial<Record<'minAmount' | 'maxAmount' | 'since', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'minAmount' || key === 'maxAmount' || key === 'since') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

const money = (g: AdminMonthlyGift) => formatMoney(fromCents(g.amountCents), g.currency);

type FilterKey = 'status' | 'minAmount' | 'maxAmount' | 'since' | 'page';

/** The filters of the address, the amounts as they are typed, and the ways to change and clear them. */
function useMonthlyGiftFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);

  // The amounts are typed: kept here and written to the address once the typing pauses.
  const [minAmount, setMinAmount] = useState(filters.minAmount);
  const [maxAmount, setMaxAmount] = useState(filters.maxAmount);
  const typed = useDebouncedValue(`${minAmount}|${maxAmount}`, 400);

  const update = (changes: Partial<Record<FilterKey, string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Any new filter starts again at the first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    const [min, max] = typed.split('|');
    if (min !== (params.get('minAmount') ?? '') || max !== (params.get('maxAmount') ?? '')) update({ minAmount: min.trim(), maxAmount: max.trim() });
    // Only a pause in the typing writes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const clear = () => {
    setMinAmount('');
    setMaxAmount('');
    setParams(new URLSearchParams(), { replace: true });
  };

  return { filters, minAmount, setMinAmount, maxAmount, setMaxAmount, update, clear };
}

export default function AdminMonthlyGiftsPage() {
  useDocumentTitle(l.title);
  const { filters, minAmount, setMinAmount, maxAmount, setMaxAmount, update, clear } = useMonthlyGiftFilters();
  const errors = filterErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const query = useAdminMonthlyGifts(filters, valid);
  const data = valid ? query.data : undefined;
  const hasFilters = Boolean(filters.status || filters.minAmount || filters.maxAmount || filters.since);

  return (
    <div>
      <PageHeader className="mb-6" title={l.title} description={l.subtitle} />

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_repeat(3,minmax(0,1fr))_auto] lg:items-start">
        <Select label={l.statusLabel} options={STATUS_OPTIONS} placeholder={l.allStatuses} value={filters.status} onChange={(e) => update({ status: e.target.value })} />
        <TextInput
          label={l.minAmountLabel}
          inputMode="decimal"
          value={minAmount}
          error={errors.minAmount}
          onChange={(e) => setMinAmount(e.target.value)}
        />
        <TextInput
          label={l.maxAmountLabel}
          inputMode="decimal"
          value={maxAmount}
          error={errors.maxAmount}
          onChange={(e) => setMaxAmount(e.target.value)}
        />
        <TextInput label={l.sinceLabel} type="date" value={filters.since} error={errors.since} onChange={(e) => update({ since: e.target.value })} />
        {hasFilters && (
          <Button variant="ghost" className="lg:mt-7" onClick={clear}>
            {l.clearFilters}
          </Button>
        )}
      </div>

      {!valid ? null : query.isError ? (
        <ErrorState message={l.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
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
              caption={l.caption}
              columns={COLUMNS}
              rows={data.gifts}
              getRowKey={(g) => g.id}
              empty={<EmptyState title={l.emptyTitle} description={l.emptyText} icon={<Repeat aria-hidden="true" className="size-6" />} />}
            />
          </div>
          {data.total > 0 && <MonthlyGiftsPager data={data} onPage={(page) => update({ page: String(page) })} />}
        </>
      )}
    </div>
  );
}

/** The table's columns: donor, monthly amount, status (with the pause's end), since, next charge, charges and the view link. */
const COLUMNS: Column<AdminMonthlyGift>[] = [
  {
    key: 'donor',
    header: l.colDonor,
    primary: true,
    cell: (g) => (
      <div className="min-w-0 text-left">
        <p className="truncate font-semibold text-ink-900">{g.donorName}</p>
        <p className="truncate text-sm font-normal text-ink-500">{g.donorEmail}</p>
      </div>
    ),
  },
  { key: 'amount', header: l.colAmount, className: 'text-right', cell: (g) => <span className="font-semibold whitespace-nowrap tabular-nums">{money(g)}</span> },
  {
    key: 'status',
    header: l.colStatus,
    cell: (g) => (
      <span className="flex flex-col items-start gap-1">
        {g.overdue ? (
          <Badge tone="warning">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
            {l.overdue}
          </Badge>
        ) : (
          <MonthlyStatusBadge status={g.status} />
        )}
        {g.transferReference && <span className="text-xs text-ink-600 [overflow-wrap:anywhere]">{l.transferReference(g.transferReference)}</span>}
        {g.status === 'paused' && g.pausedUntil && <span className="text-xs whitespace-nowrap text-ink-600">{monthlyMessages.pausedUntil(formatDate(g.pausedUntil))}</span>}
      </span>
    ),
  },
  { key: 'since', header: l.colSince, cell: (g) => <span className="whitespace-nowrap">{g.startedAt ? formatDate(g.startedAt) : l.none}</span> },
  { key: 'next', header: l.colNextCharge, cell: (g) => <span className="whitespace-nowrap">{g.nextChargeAt ? formatDate(g.nextChargeAt) : l.none}</span> },
  { key: 'charges', header: l.colCharges, className: 'text-right', cell: (g) => <span className="tabular-nums">{g.chargesCount}</span> },
  {
    key: 'actions',
    header: <span className="sr-only">{l.view}</span>,
    className: 'text-right',
    cell: (g) => (
      <ButtonLink to={adminMonthlyGiftDetailPath(g.id)} variant="ghost" size="sm" aria-label={l.viewLabel(g.id)} icon={<Eye aria-hidden="true" className="size-4" />}>
        {l.view}
      </ButtonLink>
    ),
  },
];

/** Below the table: which gifts are shown out of how many, and the previous and next page buttons. */
function MonthlyGiftsPager({ data, onPage }: { data: AdminMonthlyGiftList; onPage: (page: number) => void }) {
  // A page past the last (an old link) shows no rows, only the way back.
  const from = data.gifts.length ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = (data.page - 1) * data.pageSize + data.gifts.length;
  return (
    <nav className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label={l.pager}>
      <p className="text-sm text-ink-600" aria-live="polite">
        {from > 0 && l.showing(from, to, data.total)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={data.page <= 1}
          onClick={() => onPage(data.page - 1)}
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        >
          {l.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={to >= data.total} onClick={() => onPage(data.page + 1)}>
          {l.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
