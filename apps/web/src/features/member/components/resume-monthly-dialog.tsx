// "Reanudar ahora" of a paused monthly gift (docs/product.md#monthly-giving, decision 0069): the
// confirmation says nothing is charged now and names the day and the amount of the next charge (the
// gift's `resumeChargeAt`, and a change of amount asked before, which starts with it). With a gateway
// the donor confirms the card on the provider's page, as for a pause.
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCents, formatLongDate } from '@donaciones/shared/format';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import type { MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { hostedCheckout } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { usePublicSite } from '@/lib/public-site';
import type { MonthlyAction } from './change-amount-dialog';

const r = monthlyManageMessages.resume;

/** The amount the resumed charge takes: a pending change of amount starts with it. */
const nextAmount = (gift: MonthlyGift) => formatCents(gift.pendingAmountCents ?? gift.amountCents, gift.currency);

export function ResumeMonthlyDialog({ gift, onClose, submit }: { gift: MonthlyGift | null; onClose: () => void; submit: () => ReturnType<MonthlyAction> }) {
  const site = usePublicSite();
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const gateway = hostedCheckout(site.data?.payments.provider);
  const next = gift?.resumeChargeAt ? formatLongDate(gift.resumeChargeAt) : '';

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await submit();
      if (answer.checkoutUrl) {
        setLeaving(true);
        window.location.assign(answer.checkoutUrl);
        return;
      }
      toast.success(r.done(next));
      close();
    } catch (err) {
      setError(getErrorMessage(err, r.failed));
    } finally {
      setSending(false);
    }
  };

  const busy = sending || leaving;
  return (
    <Modal
      open={gift !== null}
      onClose={close}
      role="alertdialog"
      title={r.title}
      description={gift ? `${r.body(nextAmount(gift), next, gift.pausedUntil ? formatLongDate(gift.pausedUntil) : '')}${gateway ? ` ${r.providerNote}` : ''}` : ''}
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {r.cancel}
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            {gateway ? r.submitToProvider : r.submit}
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
