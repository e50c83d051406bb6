// "Pausar" a monthly gift (docs/product.md#monthly-giving, decision 0038): skip the next 1, 2 or 3
// charges; each choice names the date the gift resumes by itself, on the same day of the month.
// With a gateway the donor confirms the card on the provider's page (nothing is charged during the
// pause). Used by the donor area and the emails' no-login page, each with its own `submit`.
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { addMonthsInGuatemala } from '@donaciones/shared/billing-calendar';
import { formatLongDate } from '@donaciones/shared/format';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import { type MonthlyGift, PAUSE_MONTHS } from '@donaciones/shared/schemas/monthly';
import { hostedCheckout } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { usePublicSite } from '@/lib/public-site';
import { cn } from '@/lib/cn';
import type { MonthlyAction } from './change-amount-dialog';

const p = monthlyManageMessages.pause;

export function PauseMonthlyDialog({ gift, onClose, submit }: { gift: MonthlyGift | null; onClose: () => void; submit: MonthlyAction }) {
  const site = usePublicSite();
  const [months, setMonths] = useState<number>(1);
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const gateway = hostedCheckout(site.data?.payments.provider);
  const resume = (n: number) => (gift?.nextChargeAt ? addMonthsInGuatemala(new Date(gift.nextChargeAt), n) : null);

  const close = () => {
    setMonths(1);
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!gift) return;
    setSending(true);
    setError(null);
    try {
      const answer = await submit(months);
      if (answer.checkoutUrl) {
        setLeaving(true);
        window.location.assign(answer.checkoutUrl);
        return;
      }
      const until = resume(months);
      toast.success(p.done(until ? formatLongDate(until) : ''));
      close();
    } catch (err) {
      setError(getErrorMessage(err, p.monthsInvalid));
    } finally {
      setSending(false);
    }
  };

  const busy = sending || leaving;
  return (
    <Modal
      open={gift !== null}
      onClose={close}
      title={p.title}
      description={`${p.body}${gateway ? ` ${p.providerNote}` : ''}`}
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {p.cancel}
          </Button>
          <Button type="submit" form="pause-monthly-gift" loading={busy}>
            {gateway ? p.submitToProvider : p.submit}
          </Button>
        </>
      }
    >
      <form
        id="pause-monthly-gift"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <PauseMonthsChoice months={months} onChoose={setMonths} resume={resume} />
        {error && (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The 1, 2 or 3 months to skip, each with the date the charges resume. */
function PauseMonthsChoice({ months, onChoose, resume }: { months: number; onChoose: (months: number) => void; resume: (months: number) => Date | null }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink-700">{p.legend}</legend>
      <div className="grid gap-2">
        {PAUSE_MONTHS.map((n) => {
          const until = resume(n);
          return (
            <label
              key={n}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-2 text-base font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                months === n ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-sand-200 bg-white text-ink-800 hover:border-brand-300',
              )}
            >
              <input type="radio" name="meses-de-pausa" value={n} checked={months === n} onChange={() => onChoose(n)} className="size-4 accent-brand-700" />
              {p.option(n, until ? formatLongDate(until) : null)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
