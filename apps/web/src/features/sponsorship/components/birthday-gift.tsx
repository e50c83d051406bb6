// "Regalo de cumpleaños" in Mi ahijado/a (docs/product.md#sponsorship, decision 0055): in the weeks
// before the child's birthday month (the API says when), the sponsor sends a one-time gift through the
// fundación, by card (the demo's card checked here, only its last 4 digits sent, or the provider's page)
// or by deposit. Its receipt is a normal donation receipt.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate, formatMoney } from '@donaciones/shared/format';
import { birthdayGiftMessages as bm, birthdayGiftTexts as bt } from '@donaciones/shared/messages/birthday-gifts';
import { MONTH_NAMES } from '@donaciones/shared/messages/sponsorship';
import { cardLast4, detectCardBrand, donateAmountSchema, donateDetailsSchema } from '@donaciones/shared/schemas/donate';
import { hostedCheckout } from '@donaciones/shared/schemas/payments';
import type { BirthdayGiftAnswer, BirthdayGiftWindow } from '@donaciones/shared/schemas/sponsorship-amounts';
import { typedAmount } from '@donaciones/shared/schemas/typed-amount';
import { Button } from '@/components/button';
import { Select, TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { usePublicSite } from '@/lib/public-site';
import { useSession } from '@/lib/session';
import { moneyFieldValue } from '@/lib/money-field';
import { newAttemptKey, useSendBirthdayGift } from '../api/birthday-gifts';

interface Values {
  /** The text typed, or the suggested amount until it is edited. */
  amount: string | number;
  paymentMethod: 'card' | 'bank_deposit';
  donorName: string;
  email: string;
  cardNumber: string;
  expiryDate: string;
  cvc: string;
}
/** What the form sends: the amount as read. */
type Sent = Omit<Values, 'amount'> & { amount: number };

const details = donateDetailsSchema.shape;
const schemaFor = (bounds: { min: number; max: number }, card: boolean) => {
  // The text is read as every typed amount is (decision 0074): empty asks for it, '-5' or 'abc' say why.
  const base = z.object({ amount: typedAmount(donateAmountSchema(bounds), bm.amountRequired), paymentMethod: z.enum(['card', 'bank_deposit']), donorName: details.donorName, email: details.email });
  return card ? base.extend({ cardNumber: details.cardNumber, expiryDate: details.expiryDate, cvc: details.cvc }) : base;
};
/** A calendar day (YYYY-MM-DD) as the product writes dates, read at noon so no time zone moves it. */
const day = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);

function BirthdayGiftForm({ sponsorshipId, suggested, onDone, onCancel }: { sponsorshipId: number; suggested: number; onDone: (a: BirthdayGiftAnswer) => void; onCancel: () => void }) {
  const site = usePublicSite();
  const session = useSession();
  const send = useSendBirthdayGift(sponsorshipId);
  const [key] = useState(newAttemptKey);
  const hosted = hostedCheckout(site.data?.payments?.provider);
  const system = site.data?.system;
  const bounds = { min: system?.min_donation_amount ?? 1, max: system?.max_donation_amount ?? 100_000_000 };
  const depositOffered = (site.data?.bank_accounts.length ?? 0) > 0;
  const form = useForm<Values, unknown, Sent>({
    resolver: (values, context, options) => zodResolver(schemaFor(bounds, !hosted && values.paymentMethod === 'card') as never)(values, context, options as never) as never,
    defaultValues: {
      amount: suggested,
      paymentMethod: 'card',
      donorName: session.user ? `${session.user.first_name ?? ''} ${session.user.last_name ?? ''}`.trim() : '',
      email: session.user?.email ?? '',
      cardNumber: '',
      expiryDate: '',
      cvc: '',
    },
  });
  const errors = form.formState.errors;
  const card = useWatch({ control: form.control, name: 'paymentMethod' }) === 'card';
  const amount = useWatch({ control: form.control, name: 'amount' });
  const onSubmit = form.handleSubmit((v) => {
    const demoCard = !hosted && v.paymentMethod === 'card' ? { cardLast4: cardLast4(v.cardNumber), cardBrand: detectCardBrand(v.cardNumber) } : {};
    send.mutate(
      { key, body: { amount: v.amount, paymentMethod: v.paymentMethod, donorName: v.donorName, email: v.email, ...demoCard } },
      {
        onSuccess: (answer) => (answer.checkoutUrl ? window.location.assign(answer.checkoutUrl) : onDone(answer)),
        // The demo card's refusal comes back on `cardNumber`; the rest on their own field.
        onError: (error) => void applyServerErrors(form.setError, error, ['amount', 'paymentMethod', 'donorName', 'email', 'cardNumber']),
      },
    );
  });
  return (
    <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate aria-label={bt.title}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label={bt.amount} inputMode="decimal" autoComplete="off" prefix="Q" required {...form.register('amount')} error={errors.amount?.message} />
        <Select
          label={bt.method}
          {...form.register('paymentMethod')}
          options={[{ value: 'card', label: bt.card }, ...(depositOffered ? [{ value: 'bank_deposit', label: bt.deposit }] : [])]}
          error={errors.paymentMethod?.message}
        />
        <TextInput label="Nombre" autoComplete="name" required {...form.register('donorName')} error={errors.donorName?.message} />
        <TextInput label="Correo electrónico" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
      </div>
      {card && !hosted && (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <TextInput label="Número de tarjeta" inputMode="numeric" autoComplete="cc-number" required hint="Tarjeta de prueba del demo: 4242 4242 4242 4242" {...form.register('cardNumber')} error={errors.cardNumber?.message} />
          <TextInput label="Vencimiento (MM/AA)" autoComplete="cc-exp" required {...form.register('expiryDate')} error={errors.expiryDate?.message} />
          <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" required {...form.register('cvc')} error={errors.cvc?.message} />
        </div>
      )}
      <p className="text-sm text-ink-600">{bt.receiptNote}</p>
      {send.isError && !Object.keys(errors).length && <p role="alert" className="font-semibold text-danger-700">{getErrorMessage(send.error, bt.failed)}</p>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={send.isPending}>{bt.send(Number.isFinite(moneyFieldValue(amount)) ? formatMoney(moneyFieldValue(amount)) : '')}</Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={send.isPending}>{bt.cancel}</Button>
      </div>
    </form>
  );
}

export function BirthdayGift({ sponsorshipId, childName, gift }: { sponsorshipId: number; childName: string; gift: BirthdayGiftWindow }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<BirthdayGiftAnswer | null>(null);
  if (!gift.open) return <p className="mt-4 text-sm text-ink-600">{bt.opensOn(day(gift.opensOn))}</p>;
  const headingId = `regalo-${sponsorshipId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-accent-200 bg-accent-50 p-4" data-testid="birthday-gift">
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">{bt.title}</h3>
      <p className="mt-1 text-ink-800">{bt.intro(childName, MONTH_NAMES[gift.month - 1])}</p>
      {gift.sent > 0 && !done && <p className="mt-1 text-sm font-semibold text-ink-700">{bt.sent(gift.sent)}</p>}
      {done ? (
        <div role="status" className="mt-3 space-y-1">
          <p className="font-semibold text-ink-900">{done.paymentMethod === 'bank_deposit' ? bt.thanksDeposit : bt.thanksCard(childName)}</p>
          <p className="text-sm text-ink-700">{bt.reference(done.referenceCode)}</p>
        </div>
      ) : open ? (
        <BirthdayGiftForm sponsorshipId={sponsorshipId} suggested={gift.suggestedAmount} onDone={setDone} onCancel={() => setOpen(false)} />
      ) : (
        <Button className="mt-3" onClick={() => setOpen(true)}>{bt.open}</Button>
      )}
    </section>
  );
}
