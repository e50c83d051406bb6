// "Pagos por revisar" (/admin/pagos, docs/product.md#payments): every payment the provider reported
// that completed nothing (a different amount, an unknown checkout) or paid a donation a second time,
// newest first, each with its donation when there is one; a duplicate payment is refunded with one
// click by staff who may refund. The admin dashboard links here while the list is not empty.
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { formatDateTime, formatMoney } from '@donaciones/shared/format';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import type { PaymentProblemView } from '@donaciones/shared/schemas/payments';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { adminDonationDetailPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentProblems } from '../api/payment-problems';
import { RefundDuplicateButton } from '../components/payment-event-item';

const m = paymentsMessages;
const l = m.problemList;

const COLUMNS: Column<PaymentProblemView>[] = [
  { key: 'received', header: l.received, primary: true, cell: (p) => <time dateTime={p.received_at}>{formatDateTime(p.received_at)}</time> },
  { key: 'problem', header: l.problem, cell: (p) => <span className="font-semibold text-red-800">{p.problem ? m.problems[p.problem] : null}</span> },
  {
    key: 'donation',
    header: l.donation,
    cell: (p) =>
      p.donation_id != null ? (
        <Link to={adminDonationDetailPath(p.donation_id)} className="font-mono font-semibold text-brand-800 underline underline-offset-2">
          {p.reference_code ?? `#${p.donation_id}`}
        </Link>
      ) : (
        l.noDonation
      ),
  },
  { key: 'paid', header: l.paid, className: 'text-right tabular-nums', cell: (p) => (p.amount != null && p.currency ? formatMoney(p.amount, p.currency) : l.noAmount) },
  { key: 'payment', header: l.payment, cell: (p) => <span className="font-mono text-xs break-all">{p.payment_id ?? l.noAmount}</span> },
  {
    key: 'action',
    header: l.action,
    stacked: true,
    cell: (p) => (p.refunded_at ? <span className="text-ink-700">{m.duplicateRefunded(formatDateTime(p.refunded_at))}</span> : <RefundDuplicateButton event={p} />),
  },
];

export default function AdminPaymentProblemsPage() {
  useDocumentTitle(l.title);
  const query = usePaymentProblems();
  return (
    <div>
      <PageHeader className="mb-6" title={l.title} description={l.intro} />
      {query.isError ? (
        <ErrorState message={l.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Skeleton className="h-48" />
      ) : (
        <ResponsiveTable
          columns={COLUMNS}
          rows={query.data}
          getRowKey={(p) => p.id}
          caption={l.caption}
          empty={<EmptyState icon={<CircleCheck aria-hidden="true" className="size-6" />} title={l.empty} description={l.emptyBody} />}
        />
      )}
    </div>
  );
}
