// The cards of one donation's page (the public /donations/{id} and the donor area's /donor/donations/{id}):
// Donor Information, Donation Details and Quick Info, and the outcome of a settled donation.
import type { ReactNode } from 'react';
import { CircleCheck, CircleSlash, Clock, ShieldCheck, XCircle } from 'lucide-react';
import { formatDateTime, formatGiftDate, formatReceiptNumber } from '@donaciones/shared/format';
import { donationStatusLabel, donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Card } from '@/components/card';
import { formatAmount } from './donation-labels';

const m = donationsMessages;
const t = donationsMessages.detail;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm font-medium text-ink-500">{label}</dt>
      <dd className="min-w-0 text-ink-900 sm:text-right [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-sand-200">{children}</dl>;
}

export function OutcomeNote({ donation }: { donation: Donation }) {
  if (donation.status === 'completed') {
    return (
      <p className="flex items-start gap-2.5 rounded-xl bg-green-50 p-4 text-sm font-semibold text-green-900 ring-1 ring-green-600/20" data-testid="outcome-note">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        {m.completedNote}
      </p>
    );
  }
  const Icon = donation.status === 'failed' ? XCircle : donation.status === 'cancelled' ? CircleSlash : Clock;
  // Red like the status badge: every end but completed (expired, refunded and voided too) counts for nothing.
  return (
    <div className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-600/20" data-testid="outcome-note">
      <p className="flex items-start gap-2.5 font-semibold">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {m.terminalNote(donation.status)}
      </p>
      {donation.failure_reason && (
        <p className="mt-1.5 pl-7.5">
          {t.failureReason}: {donation.failure_reason}
        </p>
      )}
    </div>
  );
}

/** Donor Information: the name, the email unless the gift is anonymous, and a note when the donor is masked. */
export function DonorCard({ donation }: { donation: Donation }) {
  return (
    <Card title={t.donorInformation}>
      <Fields>
        <Field label={t.fullName}>{donation.donor_name}</Field>
        {/* An anonymous gift shows the public no email at all (docs/product.md#donor-privacy). */}
        {donation.donor_email && <Field label={t.email}>{donation.donor_email}</Field>}
      </Fields>
      {donation.donor_masked && (
        <p className="mt-4 flex items-center gap-1.5 text-sm text-ink-500">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          {t.maskedNote}
        </p>
      )}
    </Card>
  );
}

/** Donation Details: amount, type, dates (made, and completed once it has), description, reference and receipt. */
export function DetailsCard({ donation }: { donation: Donation }) {
  return (
    <Card title={t.donationDetails}>
      <Fields>
        <Field label={t.amount}>
          <span className="font-display text-2xl font-semibold text-brand-800 tabular-nums">{formatAmount(donation.amount, donation.currency)}</span>
        </Field>
        <Field label={t.type}>{donationTypeLabel(donation.donation_type)}</Field>
        <Field label={t.created}>{formatGiftDate(donation.created_at, donation.dated_by_day)}</Field>
        <Field label={t.lastUpdated}>{formatDateTime(donation.updated_at)}</Field>
        {donation.completed_at && <Field label={t.completed}>{formatDateTime(donation.completed_at)}</Field>}
        {donation.description && <Field label={t.description}>{donation.description}</Field>}
        {donation.reference_code !== null && (
          <Field label={t.reference}>
            <span className="font-mono">{donation.reference_code}</span>
          </Field>
        )}
        {donation.receipt_number !== null && <Field label={t.receipt}>{formatReceiptNumber(donation.receipt_number, donation.receipt_series)}</Field>}
      </Fields>
    </Card>
  );
}

/** Quick Info: id, status and type. */
export function QuickInfoCard({ donation }: { donation: Donation }) {
  return (
    <Card className="lg:col-start-2 lg:row-start-2" title={t.quickInfo}>
      <Fields>
        <Field label={t.id}>
          <span className="font-mono">#{donation.id}</span>
        </Field>
        <Field label={t.status}>
          <StatusBadge status={donation.status} label={donationStatusLabel(donation.status)} />
        </Field>
        <Field label={t.type}>{donationTypeLabel(donation.donation_type)}</Field>
      </Fields>
    </Card>
  );
}
