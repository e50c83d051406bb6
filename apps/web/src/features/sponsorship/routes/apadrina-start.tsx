// /apadrina/reserva (docs/product.md#sponsorship): the held child, until when, the code of conduct,
// and the sponsor's details; the card is the demo's (checked here, only its last 4 digits sent) or the
// provider's own page, or a monthly bank transfer whose instructions are shown (decision 0054). The
// first payment makes the sponsorship active.
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney } from '@donaciones/shared/format';
import { sponsorshipMessages as m, sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import { sponsorshipTransferMessages as tm } from '@donaciones/shared/messages/sponsorship-transfer';
import { SPONSOR_PAYMENT_METHODS } from '@donaciones/shared/schemas/sponsorship-transfer';
import { cardLast4, detectCardBrand, donateDetailsSchema } from '@donaciones/shared/schemas/donate';
import { hostedCheckout } from '@donaciones/shared/schemas/payments';
import type { HoldResponse } from '@donaciones/shared/schemas/sponsorship';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { usePublicSite } from '@/lib/public-site';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type StartAnswer, useStartSponsorship } from '../api/sponsorship';
import { ChildFacts, ChildPhoto, useNoIndex } from '../components/child-card';
import { SponsorMethodChoice } from '../components/sponsor-method-choice';
import { TransferInstructions } from '../components/transfer-instructions';
import { forgetHold, readHold, readHoldDetails, saveHoldDetails } from '../components/use-choose-child';

const code = z.boolean().refine((v) => v, { error: m.codeOfConductRequired });
const method = z.enum(SPONSOR_PAYMENT_METHODS);
const demoSchema = donateDetailsSchema.pick({ donorName: true, email: true, cardNumber: true, expiryDate: true, cvc: true }).extend({ acceptCodeOfConduct: code, paymentMethod: method });
/** The provider's own page takes the card, and a transfer needs none. */
const noCardSchema = donateDetailsSchema.pick({ donorName: true, email: true }).extend({ acceptCodeOfConduct: code, paymentMethod: method });
type Values = z.input<typeof demoSchema>;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('es-GT', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Guatemala' });

/** The held place's form; a reload keeps what was typed for this hold (name, email, how to pay; never the card). */
function useHoldForm(hold: HoldResponse | null, hosted: boolean) {
  const session = useSession();
  const [saved] = useState(() => (hold ? readHoldDetails(hold.holdToken) : null));
  const form = useForm<Values>({
    // The card is checked here only when it is the demo's and the sponsor pays by card.
    resolver: (values, context, options) =>
      zodResolver(!hosted && values.paymentMethod === 'card' ? demoSchema : (noCardSchema as unknown as typeof demoSchema))(values, context, options),
    defaultValues: {
      donorName: saved?.donorName ?? (session.user ? `${session.user.first_name ?? ''} ${session.user.last_name ?? ''}`.trim() : ''),
      email: saved?.email ?? session.user?.email ?? '',
      cardNumber: '',
      expiryDate: '',
      cvc: '',
      acceptCodeOfConduct: false,
      paymentMethod: saved?.paymentMethod === 'transfer' ? 'transfer' : 'card',
    },
  });
  const [donorName, email, paymentMethod] = useWatch({ control: form.control, name: ['donorName', 'email', 'paymentMethod'] });
  useEffect(() => {
    if (hold) saveHoldDetails(hold.holdToken, { donorName, email, paymentMethod });
  }, [hold, donorName, email, paymentMethod]);
  return form;
}

export default function ApadrinaStartPage() {
  useDocumentTitle(t.heldTitle);
  useNoIndex();
  const [hold] = useState(readHold);
  const [done, setDone] = useState<StartAnswer | null>(null);
  const site = usePublicSite();
  const session = useSession();
  const hosted = hostedCheckout(site.data?.payments?.provider);
  const transferOffered = (site.data?.bank_accounts.length ?? 0) > 0;
  const start = useStartSponsorship();
  const form = useHoldForm(hold, hosted);
  const paymentMethod = useWatch({ control: form.control, name: 'paymentMethod' });
  const cardFields = !hosted && paymentMethod === 'card';
  const errors = form.formState.errors;

  if (!hold) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-semibold">{t.heldTitle}</h1>
        <EmptyState title={t.noHold} action={<ButtonLink to={paths.apadrina}>{t.pageTitle}</ButtonLink>} />
      </div>
    );
  }
  const amount = formatMoney(hold.monthlyAmount);
  const onSubmit = form.handleSubmit((v) => {
    const body = {
      donorName: v.donorName,
      email: v.email,
      acceptCodeOfConduct: true as const,
      paymentMethod: v.paymentMethod,
      ...(!cardFields ? {} : { cardLast4: cardLast4(v.cardNumber ?? ''), cardBrand: detectCardBrand(v.cardNumber ?? '') }),
    };
    start.mutate(
      { token: hold.holdToken, body },
      {
        onSuccess: (answer) => {
          forgetHold();
          if (answer.checkoutUrl) window.location.assign(answer.checkoutUrl);
          else setDone(answer);
        },
        onError: (error) => void applyServerErrors(form.setError, error, ['donorName', 'email', 'acceptCodeOfConduct']),
      },
    );
  });

  if (done) return <StartAnswerView done={done} signedIn={Boolean(session.user)} />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <PageHeader eyebrow="Apadrina" title={t.heldTitle} description={t.held(hold.child.firstName, timeOf(hold.heldUntil))} />
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <Card title={hold.child.firstName}>
          <ChildPhoto child={hold.child} src={hold.child.photoUrl} />
          <ChildFacts child={hold.child} />
        </Card>
        <div className="space-y-6">
          <Card title={t.codeOfConductTitle}>
            <ul className="list-disc space-y-2 pl-5 text-ink-800">{t.codeOfConduct.map((line) => <li key={line}>{line}</li>)}</ul>
          </Card>
          <Card title={t.yourDetails}>
            <form className="space-y-4" onSubmit={onSubmit} noValidate>
              <TextInput label="Nombre" autoComplete="name" required {...form.register('donorName')} error={errors.donorName?.message} />
              <TextInput label="Correo electrónico" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
              {transferOffered && <SponsorMethodChoice method={paymentMethod} onMethod={(m) => form.setValue('paymentMethod', m)} />}
              {cardFields && <DemoCardFields form={form} />}
              <Checkbox label={t.acceptCode} {...form.register('acceptCodeOfConduct')} error={errors.acceptCodeOfConduct?.message} />
              {start.isError && !Object.keys(errors).length && <p role="alert" className="font-semibold text-danger-700">{getErrorMessage(start.error, 'No pudimos completar el apadrinamiento.')}</p>}
              <Button type="submit" loading={start.isPending} className="w-full">{paymentMethod === 'transfer' ? tm.startTransfer(amount) : t.start(amount)}</Button>
            </form>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** What the sponsor sees once started without the provider's page: the transfer's instructions or the thanks. */
function StartAnswerView({ done, signedIn }: { done: StartAnswer; signedIn: boolean }) {
  const next = <ButtonLink to={signedIn ? paths.donorSponsorships : paths.login}>{t.goToMyChild}</ButtonLink>;
  if (done.transfer) {
    return (
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <TransferInstructions childFirstName={done.childFirstName} transfer={done.transfer} />
        {!signedIn && <p className="text-ink-700">{t.loginToSee}</p>}
        {next}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-semibold">{t.thanks(done.childFirstName)}</h1>
      <p className="text-ink-700">{`Referencia ${done.referenceCode}.`} {signedIn ? '' : t.loginToSee}</p>
      {next}
    </div>
  );
}

/** The demo's card, checked here; only its last 4 digits and brand are sent. */
function DemoCardFields({ form }: { form: UseFormReturn<Values> }) {
  const errors = form.formState.errors;
  return (
    <>
      <TextInput label="Número de tarjeta" inputMode="numeric" autoComplete="cc-number" required hint={t.demoCard} {...form.register('cardNumber')} error={errors.cardNumber?.message} />
      <div className="grid grid-cols-2 gap-4">
        <TextInput label="Vencimiento (MM/AA)" autoComplete="cc-exp" required {...form.register('expiryDate')} error={errors.expiryDate?.message} />
        <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" required {...form.register('cvc')} error={errors.cvc?.message} />
      </div>
    </>
  );
}
