// One donation (/donations/{id}, docs/product.md#screens-and-routes, #the-donation-ledger, #errors): heading with id, creation date and badge; the
// Donor Information, Donation Details, Actions and Quick Info cards; Process / Cancel for a pending
// donation, shown only to those allowed (docs/product.md#donor-privacy); an unknown id goes back to the list.
// "Volver a …" returns to the list it was opened from: Mis donaciones or the donor's panel, else the public list.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, CircleCheck, CircleSlash, Clock, CreditCard, Info, ShieldCheck, XCircle } from 'lucide-react';
import { formatDateTime, formatGiftDate, formatReceiptNumber } from '@donaciones/shared/format';
import { donationStatusLabel, donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { memberMessages } from '@donaciones/shared/messages/member';
import { navMessages } from '@donaciones/shared/messages/shell';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { getErrorStatus } from '@/lib/api-client';
import { readBack } from '@/lib/back-link';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type DonationAction, useChangeDonationStatus } from '../api/change-donation-status';
import { useDonation } from '../api/get-donation';
import { formatAmount } from '../components/donation-labels';
import { PageFrame } from '../components/page-frame';

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

function OutcomeNote({ donation }: { donation: Donation }) {
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

/** The donor's own pages that open their gifts here, each named as the donor knows it. */
const BACK_LABELS = {
  [paths.donorDonations]: t.backTo(memberMessages.donations.title),
  [paths.dashboard]: t.backTo(navMessages.donor[0]),
} as const;

/** Where "Volver a …" goes and what it says: the donor's page the gift was opened from (its filter and page kept), else the public list. */
function useBackLink(): { to: string; label: string } {
  const back = readBack(useLocation().state, Object.keys(BACK_LABELS) as (keyof typeof BACK_LABELS)[]);
  return back ? { to: back.to, label: BACK_LABELS[back.pathname] } : { to: paths.donations, label: t.back };
}

function DetailSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-6 h-10 w-72" />
      <Skeleton className="mt-3 h-5 w-52" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-40" />
          <Skeleton className="h-72" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      </div>
    </div>
  );
}

export default function DonationDetailPage() {
  const id = useRouteId();
  const navigate = useNavigate();
  const session = useSession();
  const query = useDonation(id);
  const change = useChangeDonationStatus();
  const [confirming, setConfirming] = useState(false);
  const back = useBackLink();
  const donation = query.data;
  useDocumentTitle(id ? t.heading(id) : null);

  // Unknown or malformed id: back to the list with 'No encontramos esta donación'; any other failure
  // with 'No pudimos cargar la donación' (docs/product.md#errors: both go back to the list it came from).
  const failure = id === null ? 404 : query.isError ? (getErrorStatus(query.error) ?? 0) : null;
  useEffect(() => {
    if (failure === null) return;
    const message = failure === 404 || failure === 400 ? m.notFound : m.loadFailed;
    toast.error(message, { id: message });
    navigate(back.to, { replace: true });
  }, [failure, navigate, back.to]);

  const run = (action: DonationAction) => {
    if (!donation) return;
    change.mutate(
      { id: donation.id, action },
      {
        onSuccess: (updated) => {
          setConfirming(false);
          if (action === 'cancel') toast.success(m.cancelled);
          else if (updated.status === 'completed') toast.success(m.processed);
          // The provider declined the payment: the request worked, the donation failed.
          else toast.error(updated.failure_reason ? `${m.processFailed}: ${updated.failure_reason}` : m.processFailed);
        },
        onError: () => {
          setConfirming(false);
          toast.error(action === 'cancel' ? m.cancelFailed : m.processFailed);
        },
      },
    );
  };

  if (!donation) {
    return (
      <PageFrame narrow>
        <DetailSkeleton />
      </PageFrame>
    );
  }

  const busy = change.isPending;

  return (
    <PageFrame narrow>
      <Link to={back.to} className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>

      <DonationHeading donation={donation} />

      {/* Actions come first on phones; on wide screens they sit in the right column. */}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <Card className="lg:col-start-2 lg:row-start-1" title={t.actions}>
          <DonationActions
            donation={donation}
            busy={busy}
            processing={busy && change.variables?.action === 'process'}
            signedIn={session.isAuthenticated}
            onProcess={() => run('process')}
            onCancel={() => setConfirming(true)}
          />
        </Card>

        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DonorCard donation={donation} />
          <DetailsCard donation={donation} />
        </div>

        <QuickInfoCard donation={donation} />
      </div>

      <CancelDialog open={confirming} donation={donation} busy={busy} onKeep={() => setConfirming(false)} onCancel={() => run('cancel')} />
    </PageFrame>
  );
}

/** The heading: reference, "Donación #id", creation date and status badge. */
function DonationHeading({ donation }: { donation: Donation }) {
  return (
    <header className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {donation.reference_code !== null && <p className="font-mono text-sm font-semibold text-accent-700">{donation.reference_code}</p>}
        <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{t.heading(donation.id)}</h1>
        <p className="mt-2 text-ink-600">
          <time dateTime={donation.created_at}>{t.createdOn(formatGiftDate(donation.created_at, donation.dated_by_day))}</time>
        </p>
      </div>
      <StatusBadge status={donation.status} label={donationStatusLabel(donation.status)} className="self-start px-3 py-1 text-sm sm:self-auto" />
    </header>
  );
}

/**
 * The Actions card's body: the outcome of a settled donation; Process and Cancel on a pending one for those allowed;
 * otherwise why there is nothing to do.
 */
function DonationActions({
  donation,
  busy,
  processing,
  signedIn,
  onProcess,
  onCancel,
}: {
  donation: Donation;
  busy: boolean;
  processing: boolean;
  signedIn: boolean;
  onProcess: () => void;
  onCancel: () => void;
}) {
  const pending = donation.status === 'pending';
  const canAct = donation.can_process || donation.can_cancel;
  return !pending ? (
    <OutcomeNote donation={donation} />
  ) : canAct ? (
    <div className="flex flex-col gap-3">
      {donation.can_process && (
        <Button
          onClick={onProcess}
          loading={processing}
          loadingText={t.processing}
          disabled={busy}
          icon={<CreditCard aria-hidden="true" className="size-4" />}
          className="w-full"
        >
          {t.process}
        </Button>
      )}
      {donation.can_cancel && (
        <Button
          variant="outline"
          onClick={onCancel}
          disabled={busy}
          icon={<CircleSlash aria-hidden="true" className="size-4" />}
          className="w-full text-red-700 hover:border-red-300 hover:bg-red-50"
        >
          {t.cancel}
        </Button>
      )}
      {donation.can_process && <p className="text-xs leading-relaxed text-ink-500">{t.processHint}</p>}
    </div>
  ) : (
    <p className="flex items-start gap-2.5 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-600/25">
      <Info aria-hidden="true" className="size-5 shrink-0" />
      {signedIn ? t.notAllowed : t.signInToManage}
    </p>
  );
}

/** Donor Information: the name, the email unless the gift is anonymous, and a note when the donor is masked. */
function DonorCard({ donation }: { donation: Donation }) {
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

/** Donation Details: amount, type, dates, description, reference and receipt. */
function DetailsCard({ donation }: { donation: Donation }) {
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
function QuickInfoCard({ donation }: { donation: Donation }) {
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

/** The question before cancelling ("¿Seguro que quieres cancelar esta donación?"): keep it, or cancel it. */
function CancelDialog({ open, donation, busy, onKeep, onCancel }: { open: boolean; donation: Donation; busy: boolean; onKeep: () => void; onCancel: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onKeep}
      role="alertdialog"
      size="sm"
      title={m.cancelConfirm}
      description={[donation.reference_code, formatAmount(donation.amount, donation.currency)].filter(Boolean).join(' · ')}
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" onClick={onKeep} disabled={busy}>
            {t.keep}
          </Button>
          <Button variant="danger" onClick={onCancel} loading={busy} loadingText={t.cancelling}>
            {t.cancel}
          </Button>
        </>
      }
    />
  );
}
