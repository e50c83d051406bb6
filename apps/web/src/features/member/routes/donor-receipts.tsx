// /donor/receipts (docs/product.md#screens-and-routes): a PDF receipt per completed donation and a yearly statement.
import { FileText, HandHeart } from 'lucide-react';
import { formatDate, formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import type { Receipt } from '@donaciones/shared/schemas/member';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { ResponsiveTable, type Column } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReceipts } from '../api/get-receipts';
import { LoadMore } from '../components/load-more';
import { PdfDownloadButton } from '../components/receipt-button';

const t = memberMessages.receipts;

const columns: Column<Receipt>[] = [
  {
    key: 'number',
    header: t.number,
    primary: true,
    cell: (r) => (
      <span className="font-semibold tabular-nums">
        {/* The phone card has no column header, so it names the number itself. */}
        <span className="sm:hidden">{t.number} </span>
        {formatReceiptNumber(r.receipt_number, r.receipt_series)}
      </span>
    ),
  },
  { key: 'date', header: t.date, cell: (r) => <time dateTime={r.completed_at}>{formatDate(r.completed_at)}</time> },
  { key: 'reference', header: t.reference, cell: (r) => <span className="font-mono text-xs">{r.reference_code}</span> },
  { key: 'type', header: memberMessages.donations.type, cell: (r) => memberMessages.donations.types[r.donation_type] },
  { key: 'amount', header: t.amount, className: 'font-semibold tabular-nums', cell: (r) => formatMoney(r.amount, r.currency) },
  {
    key: 'download',
    header: <span className="sr-only">{t.download}</span>,
    className: 'text-right',
    cell: (r) => <PdfDownloadButton target={{ kind: 'receipt', donationId: r.donation_id, receiptNumber: r.receipt_number, receiptSeries: r.receipt_series }} />,
  },
];

export default function DonorReceiptsPage() {
  useDocumentTitle(t.title);
  const receipts = useReceipts();
  const first = receipts.data?.pages[0];
  const rows = receipts.data?.pages.flatMap((p) => p.receipts) ?? [];
  const total = first ? first.years.reduce((n, y) => n + y.receipts_count, 0) : 0;

  return (
    <div className="space-y-6">
      <PageHeader title={t.title} description={t.intro} />
      {receipts.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-28" />
          <Skeleton className="h-64" />
        </div>
      ) : !first ? (
        <ErrorState message={t.loadError} onRetry={() => receipts.refetch()} retrying={receipts.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t.empty}
          icon={<FileText aria-hidden="true" className="size-6" />}
          action={
            <ButtonLink to={paths.donate} variant="primary" icon={<HandHeart aria-hidden="true" className="size-5" />}>
              {memberMessages.dashboard.donate}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <section aria-labelledby="statements-title" className="space-y-3">
            <h2 id="statements-title" className="text-xl font-semibold">
              {t.statementsTitle}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {first.years.map((y) => (
                <li key={y.year} className="flex items-center justify-between gap-3 rounded-card border border-sand-200 bg-white p-5 shadow-card" data-testid={`statement-${y.year}`}>
                  <div className="flex items-center gap-3">
                    <span className="flex size-11 items-center justify-center rounded-2xl bg-accent-50 text-accent-700">
                      <FileText aria-hidden="true" className="size-5" />
                    </span>
                    <div>
                      <p className="font-display text-lg font-semibold text-ink-900">{t.statementFor(y.year)}</p>
                      <p className="text-sm text-ink-600 tabular-nums">{t.statementSummary(y.receipts_count, formatMoney(y.total_amount))}</p>
                    </div>
                  </div>
                  <PdfDownloadButton target={{ kind: 'statement', year: y.year }}>PDF</PdfDownloadButton>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="receipts-title" className="space-y-3">
            <h2 id="receipts-title" className="text-xl font-semibold">
              {t.receiptsTitle}
            </h2>
            <ResponsiveTable columns={columns} rows={rows} getRowKey={(r) => r.donation_id} caption={t.caption} />
            <LoadMore query={receipts} status={t.shown(rows.length, total)} label={t.loadMore} loadingLabel={t.loadingMore} errorMessage={t.loadMoreError} />
          </section>
        </>
      )}
    </div>
  );
}
