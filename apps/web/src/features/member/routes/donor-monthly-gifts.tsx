// /donor/monthly-gifts, "Mis donaciones mensuales" (docs/product.md#monthly-giving): each monthly gift
// of the account with its amount, status, since, next charge, charges so far and total given;
// "Cambiar monto" (from the next charge date), "Pausar" (skip 1 to 3 charges), "Reanudar ahora" (a
// paused gift, when a billing day comes before the pause's end) and "Cancelar" (confirmation, optional reason). An ended gift stays in the list as ended. No gift yet: a "Dona cada mes" link.
import { useState } from 'react';
import { HeartHandshake, PauseCircle, Pencil, PlayCircle, XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import type { MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { sponsorPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCancelMonthlyGift, useChangeMonthlyAmount, useMonthlyGifts, usePauseMonthlyGift, useResumeMonthlyGift } from '../api/monthly-gifts';
import { CancelMonthlyDialog } from '../components/cancel-monthly-dialog';
import { ConfirmEmailBanner, useEmailUnconfirmed } from '../components/confirm-email-banner';
import { ChangeAmountDialog } from '../components/change-amount-dialog';
import { PauseMonthlyDialog } from '../components/pause-monthly-dialog';
import { ResumeMonthlyDialog } from '../components/resume-monthly-dialog';
import { MonthlyStatusBadge } from '@/components/monthly-status-badge';
import { GiveMonthlyAgain, MonthlyGiftFacts, monthlyAmount } from '../components/monthly-gift-details';

const m = monthlyMessages;
const mm = monthlyManageMessages;

export default function DonorMonthlyGiftsPage() {
  useDocumentTitle(m.title);
  const gifts = useMonthlyGifts();
  const unconfirmed = useEmailUnconfirmed();
  const cancel = useCancelMonthlyGift();
  const [cancelling, setCancelling] = useState<MonthlyGift | null>(null);
  const [changing, setChanging] = useState<MonthlyGift | null>(null);
  const [pausing, setPausing] = useState<MonthlyGift | null>(null);
  const [resuming, setResuming] = useState<MonthlyGift | null>(null);
  const change = useChangeMonthlyAmount();
  const pause = usePauseMonthlyGift();
  const resume = useResumeMonthlyGift();

  const confirmCancel = (reason: string | undefined) => {
    if (!cancelling) return;
    cancel.mutate(
      { id: cancelling.id, reason },
      {
        onSuccess: () => {
          toast.success(mm.cancel.success);
          setCancelling(null);
        },
      },
    );
  };

  const sponsorLink = (
    <ButtonLink to={sponsorPath} variant="accent" icon={<HeartHandshake aria-hidden="true" className="size-5" />}>
      {m.becomeSponsor}
    </ButtonLink>
  );

  return (
    <div className="space-y-6">
      <PageHeader title={m.title} description={m.intro} actions={gifts.data && gifts.data.length > 0 ? sponsorLink : undefined} />
      {/* Gifts given with an unconfirmed email join the account once it is confirmed. */}
      <ConfirmEmailBanner />

      {gifts.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : gifts.isError ? (
        <ErrorState message={m.loadError} onRetry={() => gifts.refetch()} retrying={gifts.isFetching} />
      ) : gifts.data.length === 0 ? (
        <EmptyState icon={<HeartHandshake aria-hidden="true" className="size-6" />} title={m.emptyTitle} description={unconfirmed ? m.emptyUnverified : m.emptyBody} action={sponsorLink} />
      ) : (
        <ul className="space-y-4" data-testid="monthly-gifts">
          {gifts.data.map((gift) => (
            <MonthlyGiftItem
              key={gift.id}
              gift={gift}
              onChange={() => setChanging(gift)}
              onPause={() => setPausing(gift)}
              onResume={() => setResuming(gift)}
              onCancel={() => setCancelling(gift)}
            />
          ))}
        </ul>
      )}

      <CancelMonthlyDialog
        open={cancelling !== null}
        amount={cancelling ? monthlyAmount(cancelling) : ''}
        sponsoredChild={cancelling?.sponsoredChildFirstName}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      />
      <ChangeAmountDialog gift={changing} onClose={() => setChanging(null)} submit={(amount) => change.mutateAsync({ id: changing?.id ?? 0, amount })} />
      <PauseMonthlyDialog gift={pausing} onClose={() => setPausing(null)} submit={(months) => pause.mutateAsync({ id: pausing?.id ?? 0, months })} />
      <ResumeMonthlyDialog gift={resuming} onClose={() => setResuming(null)} submit={() => resume.mutateAsync(resuming?.id ?? 0)} />
    </div>
  );
}

interface ItemActions {
  onChange: () => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

function MonthlyGiftItem({ gift, onChange, onPause, onResume, onCancel }: { gift: MonthlyGift } & ItemActions) {
  const ended = gift.status === 'cancelled';
  const headingId = `monthly-gift-${gift.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-card border bg-white p-5 shadow-card sm:p-6 ${ended ? 'border-sand-200 opacity-80' : 'border-brand-100'}`}
      data-testid="monthly-gift"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl font-semibold text-ink-900 tabular-nums">
          {monthlyAmount(gift)}
        </h2>
        <MonthlyStatusBadge status={gift.status} />
      </div>
      {gift.status === 'past_due' && <p className="mt-3 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{m.pastDueNote}</p>}
      <div className="mt-4">
        <MonthlyGiftFacts gift={gift} />
      </div>
      {ended && (
        <div className="mt-5 flex flex-col sm:flex-row sm:justify-end">
          <GiveMonthlyAgain describedBy={headingId} />
        </div>
      )}
      {!ended && (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onChange} icon={<Pencil aria-hidden="true" className="size-4" />} aria-describedby={headingId}>
            {mm.changeAmount.button}
          </Button>
          {gift.status === 'active' && (
            <Button variant="outline" onClick={onPause} icon={<PauseCircle aria-hidden="true" className="size-4" />} aria-describedby={headingId}>
              {mm.pause.button}
            </Button>
          )}
          {gift.status === 'paused' && gift.resumeChargeAt && (
            <Button variant="outline" onClick={onResume} icon={<PlayCircle aria-hidden="true" className="size-4" />} aria-describedby={headingId}>
              {mm.resume.button}
            </Button>
          )}
          <Button variant="outline" onClick={onCancel} icon={<XCircle aria-hidden="true" className="size-4" />} aria-describedby={headingId} className="text-red-700">
            {mm.cancel.button}
          </Button>
        </div>
      )}
    </li>
  );
}
