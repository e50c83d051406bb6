// A donation seen from the admin console (/admin/donations/:id): the donor in full and every field
// of the donation, the review (a deposit's slip, Aprobar/Rechazar, the history), its corrections
// (Anular, Corregir monto, Reabrir; docs/product.md#the-donation-ledger), payment, receipt and FEL,
// inside the dashboard layout, with the way back to the review queue.
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { formatDateTime, formatGiftDate, formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { can } from '@donaciones/shared/permissions';
import { donationStatusLabel, donationTypeLabel } from '@donaciones/shared/messages/donations';
import { designationMessages as dm } from '@donaciones/shared/messages/designation';
import { fiscalMessages } from '@donaciones/shared/messages/fiscal';
import { StatusBadge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { RecordError, recordFailure } from '@/components/states';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminDonation } from '../api/get-donation';
import { DonationCorrections } from '../components/donation-corrections';
import { DonationDonorRows } from '../components/donation-donor';
import { DonationFel } from '../components/donation-fel';
import { DonationPayment } from '../components/donation-payment';
import { DonationReceipt } from '../components/donation-receipt';
import { DonationReview } from '../components/donation-review';
import { emailsDonor } from '../components/donor-email';
import { AnonymousMark } from '../components/anonymous-mark';

const r = adminMessages.review;
const f = r.fields;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export default function AdminDonationDetailPage() {
  const id = useRouteId();
  useDocumentTitle(r.detailTitle(id));
  const query = useAdminDonation(id);
  // The donor's contact details and the receipt (it names the donor) need donors.read: a volunteer reviews without them.
  const { roles } = useSession();
  const readsDonors = can(roles, 'donors.read');
  const d = query.data;
  const failure = recordFailure(id, query);

  const back = (
    <ButtonLink to={paths.adminDonations} variant="outline" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
      {r.backToQueue}
    </ButtonLink>
  );

  return (
    <div>
      <PageHeader className="mb-6" eyebrow={r.detailEyebrow} title={r.detailTitle(id)} actions={back} />
      {failure ? (
        <RecordError failure={failure} notFound={r.detailNotFound} loadFailed={r.detailLoadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !d ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-72" />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Card title={r.detailDonor}>
            <dl className="divide-y divide-sand-200">
              <Field label={f.name}>
                {d.donor_name}
                <AnonymousMark name={d.donor_name} anonymous={d.donor_anonymous} />
              </Field>
              <Field label={f.email}>{d.donor_email || <span className="text-ink-500">{fiscalMessages.notGiven}</span>}</Field>
              {readsDonors && <DonationDonorRows id={d.id} />}
            </dl>
          </Card>
          <Card title={r.detailDonation}>
            <dl className="divide-y divide-sand-200">
              <Field label={f.status}>
                <StatusBadge status={d.status} label={donationStatusLabel(d.status)} />
              </Field>
              <Field label={f.amount}>
                <span className="font-semibold tabular-nums">{formatMoney(d.amount, d.currency)}</span>
              </Field>
              <Field label={f.type}>{donationTypeLabel(d.donation_type)}</Field>
              <Field label={dm.label}>{d.designation ?? dm.whereMostNeeded}</Field>
              <Field label={f.reference}>
                <span className="font-mono">{d.reference_code}</span>
              </Field>
              {d.receipt_number != null && <Field label={f.receipt}>{formatReceiptNumber(d.receipt_number, d.receipt_series)}</Field>}
              <Field label={f.created}>{formatGiftDate(d.created_at, d.dated_by_day)}</Field>
              <Field label={f.updated}>{formatDateTime(d.updated_at)}</Field>
              {d.completed_at && <Field label={f.completed}>{formatDateTime(d.completed_at)}</Field>}
              {d.description && <Field label={f.description}>{d.description}</Field>}
              {d.failure_reason && <Field label={f.failureReason}>{d.failure_reason}</Field>}
            </dl>
          </Card>
          <div className="lg:col-span-2">
            <DonationReview id={d.id} />
          </div>
          <div className="lg:col-span-2">
            <DonationCorrections donation={d} />
          </div>
          <div className="lg:col-span-2">
            <DonationPayment id={d.id} status={d.status} />
          </div>
          {readsDonors && (
            <div className="lg:col-span-2 empty:hidden">
              <DonationReceipt id={d.id} receiptNumber={d.receipt_number} receiptSeries={d.receipt_series} annulled={d.status === 'refunded' || d.status === 'voided'} hasEmail={emailsDonor(d, roles)} />
            </div>
          )}
          <div className="lg:col-span-2">
            <DonationFel id={d.id} />
          </div>
        </div>
      )}
    </div>
  );
}
