// /donacion-mensual?token=..., the page of the signed link every monthly email carries
// (docs/product.md#monthly-giving): the gift (donor, amount, status, since, next charge) without signing
// in, "Cambiar monto" (from the next charge date), "Pausar" (skip 1 to 3 charges), "Reanudar ahora" (a
// paused gift, when a billing day comes before the pause's end; the donor area's dialog, decision 0069),
// its cancellation (confirmation, optional reason) and, when a charge failed, "Actualizar tarjeta" (the provider's page). A link that is not valid or has expired shows only that, in Spanish.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CreditCard, LinkIcon, PauseCircle, Pencil, PlayCircle, XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import type { ManagedMonthlyGift } from '@donaciones/shared/schemas/monthly';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorStatus } from '@/lib/api-client';
import { mailtoHref, usePublicSite } from '@/lib/public-site';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  useCancelManagedGift,
  useChangeManagedAmount,
  useManagedMonthlyGift,
  usePauseManagedGift,
  useResumeManagedGift,
  useUpdateManagedCard,
} from '../api/managed-monthly-gift';
import { ChangeAmountDialog } from '../components/change-amount-dialog';
import { PauseMonthlyDialog } from '../components/pause-monthly-dialog';
import { ResumeMonthlyDialog } from '../components/resume-monthly-dialog';
import { CancelMonthlyDialog } from '../components/cancel-monthly-dialog';
import { MonthlyStatusBadge } from '@/components/monthly-status-badge';
import { GiveMonthlyAgain, MonthlyGiftFacts, monthlyAmount } from '../components/monthly-gift-details';

const mm = monthlyManageMessages;
const t = monthlyManageMessages.manage;

export default function ManageMonthlyGiftPage() {
  useDocumentTitle(t.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const gift = useManagedMonthlyGift(token);
  const cancel = useCancelManagedGift(token);
  const updateCard = useUpdateManagedCard(token);
  const change = useChangeManagedAmount(token);
  const pause = usePauseManagedGift(token);
  const resume = useResumeManagedGift(token);
  const [dialog, setDialog] = useState<'change' | 'pause' | 'resume' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const site = usePublicSite();
  const contact = site.data?.organization.email || site.data?.system.contact_email || '';
  const status = getErrorStatus(gift.error);
  const invalid = token === '' || (status !== undefined && status >= 400 && status < 500);

  const confirmCancel = (reason: string | undefined) =>
    cancel.mutate(reason, {
      onSuccess: () => {
        toast.success(mm.cancel.success);
        setConfirming(false);
      },
    });

  const goUpdateCard = () =>
    updateCard.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.checkoutUrl) {
          setLeaving(true);
          window.location.assign(answer.checkoutUrl);
        } else {
          toast.success(t.updateCardDone);
          void gift.refetch();
        }
      },
    });

  let body;
  if (invalid) {
    body = <InvalidLink contact={contact} />;
  } else if (gift.isError) {
    body = <ErrorState message={t.loadError} onRetry={() => void gift.refetch()} retrying={gift.isFetching} />;
  } else if (!gift.data) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-24" />
      </div>
    );
  } else {
    const g = gift.data;
    const ended = g.status === 'cancelled';
    body = (
      <div data-testid="managed-gift">
        <GiftSummary gift={g} />
        {!ended && (
          <GiftActions
            gift={g}
            updatingCard={updateCard.isPending || leaving}
            onUpdateCard={goUpdateCard}
            onChangeAmount={() => setDialog('change')}
            onPause={() => setDialog('pause')}
            onResume={() => setDialog('resume')}
            onCancel={() => setConfirming(true)}
          />
        )}
        <ChangeAmountDialog gift={dialog === 'change' ? g : null} onClose={() => setDialog(null)} submit={(amount) => change.mutateAsync(amount)} />
        <PauseMonthlyDialog gift={dialog === 'pause' ? g : null} onClose={() => setDialog(null)} submit={(months) => pause.mutateAsync(months)} />
        <ResumeMonthlyDialog gift={dialog === 'resume' ? g : null} onClose={() => setDialog(null)} submit={() => resume.mutateAsync()} />
        <CancelMonthlyDialog open={confirming} amount={monthlyAmount(g)} sponsoredChild={g.sponsoredChildFirstName} pending={cancel.isPending} onConfirm={confirmCancel} onClose={() => setConfirming(false)} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-semibold">{t.title}</h1>
      {!invalid && <p className="mt-3 text-lg text-ink-600">{t.intro}</p>}
      <section className="mt-8 rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">{body}</section>
    </div>
  );
}

/** What a link that is not valid or has expired shows: only that, and whom to write to. */
function InvalidLink({ contact }: { contact: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-2 py-8 text-center" data-testid="manage-invalid">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-800 ring-1 ring-amber-200">
        <LinkIcon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-semibold">{t.invalidTitle}</h2>
      <p className="max-w-md text-ink-600">
        {t.invalidBody}
        {contact && (
          <>
            {' '}
            <a href={mailtoHref(contact)} className="font-semibold text-brand-700 underline underline-offset-2">
              {contact}
            </a>
          </>
        )}
      </p>
    </div>
  );
}

/** The gift: its amount and status, its facts with the donor, and a note when it ended or a charge failed. */
function GiftSummary({ gift: g }: { gift: ManagedMonthlyGift }) {
  const ended = g.status === 'cancelled';
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-3xl font-semibold text-brand-800 tabular-nums">{monthlyAmount(g)}</h2>
        <MonthlyStatusBadge status={g.status} />
      </div>
      <div className="mt-5">
        <MonthlyGiftFacts gift={g} extra={[{ label: t.donor, value: g.donorName }]} />
      </div>
      {ended && (
        <>
          <p className="mt-5 rounded-2xl bg-sand-100 p-4 text-sm font-semibold text-ink-700">{t.ended}</p>
          <div className="mt-4 flex flex-col sm:flex-row">
            <GiveMonthlyAgain />
          </div>
        </>
      )}
      {g.status === 'past_due' && (
        <p className="mt-5 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.updateCardNote}</p>
      )}
    </>
  );
}

/**
 * The buttons of a gift that has not ended: Actualizar tarjeta (after a failed charge), Cambiar monto,
 * Pausar (active) or Reanudar ahora (paused, when a billing day comes before the pause's end), and Cancelar.
 */
function GiftActions({
  gift: { status, resumeChargeAt },
  updatingCard,
  onUpdateCard,
  onChangeAmount,
  onPause,
  onResume,
  onCancel,
}: {
  gift: ManagedMonthlyGift;
  updatingCard: boolean;
  onUpdateCard: () => void;
  onChangeAmount: () => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
      {status === 'past_due' && (
        <Button onClick={onUpdateCard} loading={updatingCard} icon={<CreditCard aria-hidden="true" className="size-4" />}>
          {t.updateCard}
        </Button>
      )}
      {status !== 'incomplete' && (
        <Button variant="outline" onClick={onChangeAmount} icon={<Pencil aria-hidden="true" className="size-4" />}>
          {mm.changeAmount.button}
        </Button>
      )}
      {status === 'active' && (
        <Button variant="outline" onClick={onPause} icon={<PauseCircle aria-hidden="true" className="size-4" />}>
          {mm.pause.button}
        </Button>
      )}
      {status === 'paused' && resumeChargeAt && (
        <Button variant="outline" onClick={onResume} icon={<PlayCircle aria-hidden="true" className="size-4" />}>
          {mm.resume.button}
        </Button>
      )}
      <Button variant="outline" className="text-red-700" onClick={onCancel} icon={<XCircle aria-hidden="true" className="size-4" />}>
        {mm.cancel.button}
      </Button>
    </div>
  );
}
