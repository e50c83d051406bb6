// "Cambiar monto" of a monthly gift (docs/product.md#monthly-giving, decision 0038): the new amount a
// month, read as a Guatemalan writes it and within the checkout's bounds. Nothing is charged now: the
// new amount starts at the next charge date, and the dialog says so. With a gateway the donor confirms
// the card on the provider's page (a trial subscription ending on that date). The amount understood is
// said back in figures and in words as it is typed, as on step 1 of /donate. Used by the donor area
// and the emails' no-login page, each with its own `submit`.
import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { parseAmountInput } from '@donaciones/shared/amount-input';
import { formatCents, formatLongDate } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import { donateAmountSchema } from '@donaciones/shared/schemas/donate';
import type { MonthlyCheckout, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { type AmountBounds, type PaymentCurrency, boundsIn, hostedCheckout, paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { AmountUnderstood } from '@/components/amount-understood';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { usePublicSite } from '@/lib/public-site';
import { monthlyAmount } from './monthly-gift-details';

const c = monthlyManageMessages.changeAmount;

/**
 * The settings' bounds in the gift's currency, as the API checks a new amount (a dollar gift by its
 * quetzal value at the staff's rate); null until the site's settings have loaded.
 */
function giftBounds(site: PublicSite | undefined, currency: PaymentCurrency): AmountBounds | null {
  if (!site) return null;
  const quetzales = { min: site.system.min_donation_amount, max: site.system.max_donation_amount };
  return boundsIn(quetzales, currency, site.payments.usd_exchange_rate);
}

/** A monthly action's request: the answer names the provider's page, or null when nothing is to confirm there. */
export type MonthlyAction = (value: number) => Promise<MonthlyCheckout>;

/**
 * The dialog's state and its submit: the amount as typed, why it is refused, and sending it (then the provider's page,
 * or the change held by the simulated provider).
 */
function useAmountChange(gift: MonthlyGift | null, send: MonthlyAction, onClose: () => void) {
  const site = usePublicSite();
  const [busySending, setBusySending] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const bounds = gift ? giftBounds(site.data, gift.currency) : null;

  const close = () => {
    setText('');
    setError(null);
    onClose();
  };

  /** The amount in the currency's units, or why it is refused. */
  const read = (): { amount: number } | { error: string } => {
    const parsed = parseAmountInput(text, paymentCurrency(gift?.currency));
    if (!parsed.ok) return { error: donateMessages.amountRefused(parsed.problem, c.amountRequired) };
    const amount = parsed.cents / 100;
    if (bounds) {
      const bounded = donateAmountSchema(bounds, gift?.currency).safeParse(amount);
      if (!bounded.success) return { error: bounded.error.issues[0]?.message ?? donateMessages.amountRequired };
    }
    if (gift && parsed.cents === (gift.pendingAmountCents ?? gift.amountCents)) return { error: c.same };
    return { amount };
  };

  const submit = async () => {
    if (!gift) return;
    const checked = read();
    if ('error' in checked) {
      setError(checked.error);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    setBusySending(true);
    try {
      const answer = await send(checked.amount);
      if (answer.checkoutUrl) {
        setLeaving(true);
        window.location.assign(answer.checkoutUrl);
        return;
      }
      // The simulated provider (offline demo) holds the change itself: nothing to confirm elsewhere.
      toast.success(c.done(formatCents(Math.round(checked.amount * 100), gift.currency), from ?? ''));
      close();
    } catch (err) {
      setError(getFieldErrors(err).amount ?? getErrorMessage(err, c.failed));
    } finally {
      setBusySending(false);
    }
  };

  /** A new amount typed: the refusal of the one before no longer applies to it, as on step 1 of /donate. */
  const type = (value: string) => {
    setText(value);
    setError(null);
  };

  const from = gift?.status === 'paused' && gift.pausedUntil ? formatLongDate(gift.pausedUntil) : gift?.nextChargeAt ? formatLongDate(gift.nextChargeAt) : null;
  const busy = busySending || leaving;
  // Said back as typed, in figures and in words, as step 1 of /donate does; nothing while refused.
  const typed = parseAmountInput(text, paymentCurrency(gift?.currency));
  const understood = error === null && typed.ok && typed.cents > 0 ? typed.cents : null;
  return { site, bounds, text, type, error, understood, fieldRef, close, submit, from, busy };
}

export function ChangeAmountDialog({ gift, onClose, submit: send }: { gift: MonthlyGift | null; onClose: () => void; submit: MonthlyAction }) {
  const { site, bounds, text, type, error, understood, fieldRef, close, submit, from, busy } = useAmountChange(gift, send, onClose);
  const gateway = hostedCheckout(site.data?.payments.provider);
  return (
    <Modal
      open={gift !== null}
      onClose={close}
      title={c.title}
      description={gift ? `${c.body(monthlyAmount(gift), from)}${gateway ? ` ${c.providerNote}` : ''}` : undefined}
      dismissible={!busy}
      initialFocus={fieldRef}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {c.cancel}
          </Button>
          <Button type="submit" form="change-monthly-amount" loading={busy}>
            {gateway ? c.submitToProvider : c.submit}
          </Button>
        </>
      }
    >
      <form
        id="change-monthly-amount"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          ref={fieldRef}
          label={c.field}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          prefix={gift?.currency === 'USD' ? 'US$' : 'Q'}
          value={text}
          onChange={(e) => type(e.target.value)}
          hint={
            bounds && gift
              ? donateMessages.customAmountHint(formatCents(Math.round(bounds.min * 100), gift.currency), formatCents(Math.round(bounds.max * 100), gift.currency))
              : undefined
          }
          error={error ?? undefined}
        />
        <AmountUnderstood cents={understood} currency={paymentCurrency(gift?.currency)} />
      </form>
    </Modal>
  );
}
