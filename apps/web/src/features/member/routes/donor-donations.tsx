// /donor/donations (docs/product.md#screens-and-routes): the signed-in account's own donations, a page at a time,
// with a status filter and the receipt of each completed donation; each gift's amount opens its page in the donor
// area (/donor/donations/{id}). The filter and page live in the address (?status=&page=), so the gift's "Volver a
// Mis donaciones" comes back to them.
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, HandHeart } from 'lucide-react';
import { DONATION_STATUSES, type DonationStatus } from '@donaciones/shared/constants';
import { formatDate, formatMoney } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import { memberMessages } from '@donaciones/shared/messages/member';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { MemberDonation } from '@donaciones/shared/schemas/member';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Select } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { ResponsiveTable, type Column } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { backState } from '@/lib/back-link';
import { depositSlipPath, donorDonationDetailPath, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyDonations } from '../api/get-my-donations';
import { ConfirmEmailBanner, useEmailUnconfirmed } from '../components/confirm-email-banner';
import { PdfDownloadButton } from '../components/receipt-button';

const t = memberMessages.donations;

/** A pending bank deposit: its slip is sent, or being checked (docs/product.md#bank-deposits). */
function DepositSlipLink({ donation }: { donation: MemberDonation }) {
  const location = useLocation();
  const checking = (donation.deposit_slips ?? 0) > 0;
  return (
    <Link to={depositSlipPath(donation.id)} state={backState(location)} className="text-sm font-semibold text-brand-700 underline underline-offset-2" data-testid="deposit-slip-link">
      {checking ? depositMessages.upload.checking : depositMessages.upload.uploadSlip}
    </Link>
  );
}
const PAGE_SIZE = 10;

/** The amount, a link to the gift's page that remembers this list's filter and page for its way back. */
function GiftLink({ donation }: { donation: MemberDonation }) {
  const location = useLocation();
  const amount = formatMoney(donation.amount, donation.currency);
  return (
    <Link
      to={donorDonationDetailPath(donation.id)}
      state={backState(location)}
      aria-label={t.openGift(amount, donation.reference_code)}
      className="inline-flex min-h-6 items-center gap-1 rounded text-brand-800 underline decoration-brand-300 underline-offset-4 hover:text-brand-900 hover:decoration-brand-700"
      data-testid="gift-link"
    >
      {amount}
      <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
    </Link>
  );
}

/** The filter and the page (0 first) as the address holds them (?status=pending&page=2); anything unknown reads as none and page 1. */
function useListAddress() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: DonationStatus | '' = (DONATION_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as DonationStatus) : '';
  const number = Number(params.get('page'));
  const page = Number.isInteger(number) && number > 1 ? number - 1 : 0;
  const write = (next: { status: DonationStatus | ''; page: number }, replace = false) =>
    setParams(
      () => {
        const out = new URLSearchParams();
        if (next.status) out.set('status', next.status);
        if (next.page > 0) out.set('page', String(next.page + 1));
        return out;
      },
      { replace },
    );
  return {
    status,
    page,
    setStatus: (s: DonationStatus | '') => write({ status: s, page: 0 }),
    setPage: (p: number, replace?: boolean) => write({ status, page: p }, replace),
  };
}

const columns: Column<MemberDonation>[] = [
  {
    key: 'amount',
    header: t.amount,
    primary: true,
    className: 'font-semibold tabular-nums',
    cell: (d) => <GiftLink donation={d} />,
  },
  // Dated by the day it completed, or was made while it has not, as its receipt is (decision 0076).
  { key: 'date', header: t.date, cell: (d) => <time dateTime={d.completed_at ?? d.created_at}>{formatDate(d.completed_at ?? d.created_at)}</time> },
  { key: 'reference', header: t.reference, cell: (d) => <span className="font-mono text-xs">{d.reference_code}</span> },
  { key: 'type', header: t.type, cell: (d) => t.types[d.donation_type] },
  { key: 'program', header: t.program, cell: (d) => d.program_name ?? designationMessages.whereMostNeeded },
  {
    key: 'status',
    header: t.status,
    cell: (d) => (
      <span className="inline-flex flex-col items-start gap-1">
        <StatusBadge status={d.status} label={t.statuses[d.status]} />
        {d.status === 'pending' && d.payment_method === 'bank_deposit' && <DepositSlipLink donation={d} />}
      </span>
    ),
  },
  {
    key: 'receipt',
    header: t.receipt,
    className: 'text-right',
    cell: (d) =>
      d.status === 'completed' && d.receipt_number !== null ? (
        <PdfDownloadButton target={{ kind: 'receipt', donationId: d.id, receiptNumber: d.receipt_number, receiptSeries: d.receipt_series }} />
      ) : (
        <span className="text-ink-400">—</span>
      ),
  },
];

export default function DonorDonationsPage() {
  useDocumentTitle(t.title);
  const { status, page, setStatus, setPage } = useListAddress();
  const query = useMyDonations({ limit: PAGE_SIZE, offset: page * PAGE_SIZE, ...(status ? { status } : {}) });
  const data = query.data;
  const unconfirmed = useEmailUnconfirmed();
  // A page past the end (an old address, a gift cancelled meanwhile) shows the last one instead.
  const lastPage = data ? Math.max(0, Math.ceil(data.total / PAGE_SIZE) - 1) : 0;
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > lastPage) setPage(lastPage, true);
  });
  const from = data && data.total > 0 ? data.offset + 1 : 0;
  const to = data ? data.offset + data.donations.length : 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={
          <ButtonLink to={paths.donate} variant="accent" icon={<HandHeart aria-hidden="true" className="size-5" />}>
            {memberMessages.dashboard.donate}
          </ButtonLink>
        }
      />
      <ConfirmEmailBanner />

      <div className="max-w-xs">
        <Select
          label={t.statusFilter}
          value={status}
          placeholder={t.allStatuses}
          options={DONATION_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
          onChange={(e) => setStatus(e.target.value as DonationStatus | '')}
        />
      </div>

      {query.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState message={t.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <ResponsiveTable
            columns={columns}
            rows={query.data.donations}
            getRowKey={(d) => d.id}
            caption={t.caption}
            className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            empty={<NoDonations filtered={Boolean(status)} unconfirmed={unconfirmed} />}
          />
          {query.data.total > 0 && <Pager page={page} from={from} to={to} total={query.data.total} onMove={(step) => setPage(page + step)} />}
        </>
      )}
    </div>
  );
}

function NoDonations({ filtered, unconfirmed }: { filtered: boolean; unconfirmed: boolean }) {
  return (
    <EmptyState
      title={filtered ? t.empty : t.emptyAll}
      description={!filtered && unconfirmed ? t.emptyUnverified : undefined}
      action={
        !filtered && (
          <ButtonLink to={paths.donate} variant="primary">
            {memberMessages.dashboard.donate}
          </ButtonLink>
        )
      }
    />
  );
}

/** "Mostrando 1–10 de 23" with the previous and next pages. */
function Pager({ page, from, to, total, onMove }: { page: number; from: number; to: number; total: number; onMove: (step: 1 | -1) => void }) {
  return (
    <nav aria-label={t.pagination} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-ink-600" aria-live="polite">
        {t.showing(from, to, total)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onMove(-1)} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
          {t.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={to >= total} onClick={() => onMove(1)}>
          {t.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
