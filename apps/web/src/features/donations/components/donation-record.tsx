// One donation's page body, shared by the public /donations/{id} and the donor area's /donor/donations/{id}
// (docs/product.md#screens-and-routes, #the-donation-ledger, #errors): the way back, the heading with its
// reference, id, date and badge; the Actions, Donor Information, Donation Details and Quick Info cards;
// Process / Cancel for a pending donation, shown only to those allowed (docs/product.md#donor-privacy).
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, CircleSlash, CreditCard, Info } from 'lucide-react';
import { formatDate, formatGiftDate } from '@donaciones/shared/format';
import { donationStatusLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { StatusBadge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { getErrorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type DonationAction, useChangeDonationStatus } from '../api/change-donation-status';
import { formatAmount } from './donation-labels';
import { DetailsCard, DonorCard, OutcomeNote, QuickInfoCard } from './donation-record-cards';

const m = donationsMessages;
const t = donationsMessages.detail;

export interface BackLink {
  to: string;
  label: string;
}

/**
 * Which day the heading gives: `made`, the day it was made, as the public list dates it; `own`, the day
 * it completed or, while it has not, the day it was made, as the donor's own pages date it (decision 0076).
 */
export type DateShown = 'made' | 'own';

/**
 * An unknown or malformed id goes back to the page's list with 'No encontramos esta donación'; any other
 * failure with 'No pudimos cargar la donación' (docs/product.md#errors).
 */
export function useLeaveOnFailure(id: number | null, query: { isError: boolean; error: unknown }, backTo: string) {
  const navigate = useNavigate();
  const failure = id === null ? 404 : query.isError ? (getErrorStatus(query.error) ?? 0) : null;
  useEffect(() => {
    if (failure === null) return;
    const message = failure === 404 || failure === 400 ? m.notFound : m.loadFailed;
    toast.error(message, { id: message });
    navigate(backTo, { replace: true });
  }, [failure, navigate, backTo]);
}

export function DonationRecordSkeleton() {
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

export function DonationRecord({ donation, back, date }: { donation: Donation; back: BackLink; date: DateShown }) {
  const session = useSession();
  const change = useChangeDonationStatus();
  const [confirming, setConfirming] = useState(false);

  const run = (action: DonationAction) => {
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
  const busy = change.isPending;

  return (
    <>
      <Link to={back.to} className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>

      <DonationHeading donation={donation} date={date} />

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
    </>
  );
}

/** The heading's date: "Registrada el …", or on the donor's own page "Completada el …" once it completed, the day "Mis donaciones" gives it. */
function HeadingDate({ donation, date }: { donation: Donation; date: DateShown }) {
  if (date === 'own' && donation.completed_at) return <time dateTime={donation.completed_at}>{t.completedOn(formatDate(donation.completed_at))}</time>;
  const day = date === 'own' ? formatDate(donation.created_at) : formatGiftDate(donation.created_at, donation.dated_by_day);
  return <time dateTime={donation.created_at}>{t.createdOn(day)}</time>;
}

/** The heading: reference, "Donación #id", its date and status badge. */
function DonationHeading({ donation, date }: { donation: Donation; date: DateShown }) {
  return (
    <header className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {donation.reference_code !== null && <p className="font-mono text-sm font-semibold text-accent-700">{donation.reference_code}</p>}
        <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{t.heading(donation.id)}</h1>
        <p className="mt-2 text-ink-600" data-testid="donation-date">
          <HeadingDate donation={donation} date={date} />
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
