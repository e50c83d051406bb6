// "Donantes" (/admin/donantes, docs/product.md#donors): staff with donors.read search the donor records
// by name, email, NIT or CUI, phone or a gift's reference, filter them, page through 50 at a time and
// open each donor's page. Search and filters live in the address; the pages follow the API's cursor.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Contact, Copy, Download, Eye, Search, SlidersHorizontal, Upload } from 'lucide-react';
import { formatCents, formatDate, formatNumber } from '@donaciones/shared/format';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { importsMessages } from '@donaciones/shared/messages/imports';
import { DONOR_PAGE_SIZE, type DonorList, type DonorSummary } from '@donaciones/shared/schemas/donors';
import { formatTaxId } from '@donaciones/shared/tax-id';
import { Button, ButtonLink } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { can } from '@donaciones/shared/permissions';
import { adminDonorDetailPath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DONOR_FILTER_KEYS, type DonorListFilters, useDonors } from '../api/donors';
import { DonorFilters, donorFilterErrors } from '../components/donor-filters';
import { ExportDialog } from '../components/export-dialog';

const l = donorsMessages.list;
type Typed = Pick<DonorListFilters, 'q' | 'minTotal' | 'maxTotal' | 'tag'>;
const TYPED_KEYS = ['q', 'minTotal', 'maxTotal', 'tag'] as const;

function filtersOf(params: URLSearchParams): DonorListFilters {
  return Object.fromEntries(DONOR_FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as DonorListFilters;
}

const columns: Column<DonorSummary>[] = [
  {
    key: 'name',
    header: l.colName,
    primary: true,
    cell: (d) => (
      <div className="min-w-0 text-left">
        <p className="truncate font-semibold text-ink-900">{d.name}</p>
        <p className="truncate text-sm font-normal text-ink-500">{d.email ?? donorsMessages.kinds[d.kind]}</p>
      </div>
    ),
  },
  { key: 'taxId', header: l.colTaxId, cell: (d) => (d.taxId ? <span className="font-mono whitespace-nowrap">{formatTaxId(d.taxId)}</span> : l.none) },
  { key: 'phone', header: l.colPhone, cell: (d) => <span className="whitespace-nowrap">{d.phone ?? l.none}</span> },
  { key: 'gifts', header: l.colGifts, className: 'text-right', cell: (d) => <span className="tabular-nums">{d.giftCount}</span> },
  { key: 'total', header: l.colTotal, className: 'text-right', cell: (d) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatCents(d.lifetimeCents)}</span> },
  { key: 'last', header: l.colLast, cell: (d) => <span className="whitespace-nowrap">{d.lastGiftAt ? formatDate(d.lastGiftAt) : l.none}</span> },
  {
    key: 'view',
    header: <span className="sr-only">{l.view}</span>,
    className: 'text-right',
    cell: (d) => (
      <ButtonLink to={adminDonorDetailPath(d.id)} variant="ghost" size="sm" aria-label={l.viewLabel(d.name)} icon={<Eye aria-hidden="true" className="size-4" />}>
        {l.view}
      </ButtonLink>
    ),
  },
];

/** The typed fields follow the address, and reach it once the typing pauses. */
function useTypedFilters(filters: DonorListFilters, update: (changes: Partial<DonorListFilters>) => void) {
  const [typed, setTyped] = useState<Typed>({ q: filters.q, minTotal: filters.minTotal, maxTotal: filters.maxTotal, tag: filters.tag });
  const settled = useDebouncedValue(JSON.stringify(typed), 350);
  useEffect(() => {
    const next = JSON.parse(settled) as Typed;
    if (TYPED_KEYS.some((key) => next[key].trim() !== filters[key])) update(Object.fromEntries(TYPED_KEYS.map((key) => [key, next[key].trim()])));
    // Only a pause in the typing writes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return { typed, type: (changes: Partial<Typed>) => setTyped((t) => ({ ...t, ...changes })), clear: () => setTyped({ q: '', minTotal: '', maxTotal: '', tag: '' }) };
}

function Pager({ data, page, onPrevious, onNext }: { data: DonorList; page: number; onPrevious: () => void; onNext: () => void }) {
  const from = data.items.length ? page * DONOR_PAGE_SIZE + 1 : 0;
  const to = page * DONOR_PAGE_SIZE + data.items.length;
  return (
    <nav className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label={l.pager}>
      <p className="text-sm text-ink-600" aria-live="polite">
        {from > 0 && (data.countCapped ? l.showingCapped(from, to, formatNumber(data.total)) : l.showing(from, to, data.total))}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={onPrevious} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
          {l.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={!data.nextCursor} onClick={onNext}>
          {l.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** "Posibles duplicados" and "Exportar", for staff with donors.manage. */
function ManageActions({ exportable, onExport }: { exportable: boolean; onExport: () => void }) {
  return (
    <>
      <ButtonLink to={paths.adminDonorDuplicates} variant="outline" icon={<Copy aria-hidden="true" className="size-4" />}>
        {donorsMessages.duplicates.link}
      </ButtonLink>
      <ButtonLink to={paths.adminImport} variant="outline" icon={<Upload aria-hidden="true" className="size-4" />}>
        {importsMessages.screen.link}
      </ButtonLink>
      <Button variant="outline" disabled={!exportable} onClick={onExport} icon={<Download aria-hidden="true" className="size-4" />}>
        {donorsMessages.export.open}
      </Button>
    </>
  );
}

function Results({ query, page, onPrevious, onNext }: { query: ReturnType<typeof useDonors>; page: number; onPrevious: () => void; onNext: (cursor: string) => void }) {
  const data = query.data;
  if (query.isError) return <ErrorState message={l.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!data) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  return (
    <>
      <div className={query.isFetching ? 'opacity-70 transition-opacity' : undefined}>
        <ResponsiveTable
          caption={l.caption}
          columns={columns}
          rows={data.items}
          getRowKey={(d) => d.id}
          empty={<EmptyState title={l.emptyTitle} description={l.emptyText} icon={<Contact aria-hidden="true" className="size-6" />} />}
        />
      </div>
      {(data.total > 0 || page > 0) && <Pager data={data} page={page} onPrevious={onPrevious} onNext={() => data.nextCursor && onNext(data.nextCursor)} />}
    </>
  );
}

export default function AdminDonorsPage() {
  useDocumentTitle(l.title);
  const { roles } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const update = (changes: Partial<DonorListFilters>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const { typed, type, clear } = useTypedFilters(filters, update);

  // The cursors of the pages seen; a new search or filter starts again at the first page.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const key = JSON.stringify(filters);
  const [lastKey, setLastKey] = useState(key);
  if (lastKey !== key) {
    setLastKey(key);
    setCursors([null]);
  }
  const page = cursors.length - 1;

  const errors = donorFilterErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const query = useDonors(filters, cursors[page], valid);
  const [exporting, setExporting] = useState(false);
  const hasFilters = DONOR_FILTER_KEYS.some((k) => k !== 'q' && filters[k]);

  return (
    <div>
      <PageHeader
        className="mb-6"
        title={l.title}
        description={l.subtitle}
        actions={can(roles, 'donors.manage') && <ManageActions exportable={valid} onExport={() => setExporting(true)} />}
      />
      <div className="mb-4 flex flex-col gap-3">
        <TextInput
          label={<span className="sr-only">{l.searchLabel}</span>}
          type="search"
          placeholder={l.searchPlaceholder}
          prefix={<Search aria-hidden="true" className="size-4" />}
          value={typed.q}
          error={errors.q}
          onChange={(e) => type({ q: e.target.value })}
        />
        <details className="group rounded-card border border-sand-200 bg-white p-3" open={hasFilters || undefined}>
          <summary className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-ink-800">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {l.filters}
          </summary>
          <div className="mt-3 flex flex-col gap-3">
            <DonorFilters filters={filters} typed={typed} errors={errors} onChange={update} onType={type} />
            {hasFilters && (
              <Button variant="ghost" className="self-start" onClick={() => { clear(); setParams(new URLSearchParams(), { replace: true }); }}>
                {l.clearFilters}
              </Button>
            )}
          </div>
        </details>
      </div>

      {valid && <Results query={query} page={page} onPrevious={() => setCursors((c) => c.slice(0, -1))} onNext={(next) => setCursors((c) => [...c, next])} />}
      {exporting && <ExportDialog filters={filters} onClose={() => setExporting(false)} />}
    </div>
  );
}
