// Step 2: the donor and the card. The card number, expiry and CVC are checked here (Luhn, a real
// month not in the past, 3-4 digits) and never leave the browser. With a payment provider
// (docs/product.md#payments) there are no card fields: the card is typed on the provider's page.
// The currency and the covered fee (gift + commission + IVA = charge, in the summary) are chosen here,
// and whether the gift is given anonymously (docs/product.md#donor-privacy). A monthly gift says "al
// mes" in the summary and on the button (docs/product.md#monthly-giving). A bank deposit shows the
// organisation's accounts before the gift is registered (docs/product.md#bank-deposits).
import type { Ref } from 'react';
import { Link } from 'react-router';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { ArrowLeft, CreditCard, Heart, Landmark, Lock } from 'lucide-react';
import { amountInWords } from '@donaciones/shared/amount-in-words';
import { formatCents, formatLongDay, formatMoney, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { PublicBankAccount } from '@donaciones/shared/schemas/deposits';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import {
  CARD_BRAND_LABELS,
  CARD_NUMBER_MAX_LENGTH,
  CVC_MAX_LENGTH,
  EXPIRY_MAX_LENGTH,
  type ChargeBreakdown as Charge,
  type DonateDetails,
  type DonateDetailsInput,
  checkoutCharge,
  detectCardBrand,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
} from '@donaciones/shared/schemas/donate';
import { type PaymentCurrency, type PaymentMethod, type PaymentSettings, type PaymentProviderName, PAYMENT_CURRENCIES, demoProvider, hostedCheckout } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { emailSuggestionHint } from '@/components/email-suggestion';
import { Checkbox, Select, TextInput } from '@/components/form-fields';
import { paths } from '@/lib/paths';
import { ChargeBreakdown } from './charge-breakdown';
import { BankAccountList } from './deposit-instructions';
import { PaymentMethodChoice } from './payment-method-choice';

const d = donateMessages;
const m = monthlyMessages;
const t = taxIdMessages;

export interface DetailsStepProps {
  form: UseFormReturn<DonateDetailsInput, unknown, DonateDetails>;
  amount: number;
  maintenance: boolean;
  monthly: boolean;
  /** How cards are charged (public site); null while it loads. */
  payments: (PaymentSettings & { provider: PaymentProviderName }) | null;
  currency: PaymentCurrency;
  /** Converts the amount to the other currency (use-donate-choices.ts). */
  onCurrency: (currency: PaymentCurrency) => void;
  /** The amount before the last change of currency, said next to the choice (decision 0071). */
  convertedFrom?: { currency: PaymentCurrency; amount: number } | null;
  coverFees: boolean;
  onCoverFees: (cover: boolean) => void;
  onBack: () => void;
  onSubmit: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  /** Card or bank deposit (docs/product.md#bank-deposits); the choice shows when a deposit is possible. */
  method?: PaymentMethod;
  onMethod?: (method: PaymentMethod) => void;
  depositAvailable?: boolean;
  /** The organisation's accounts, shown when the donor chooses a deposit. */
  bankAccounts?: PublicBankAccount[];
  /** "Donar de forma anónima" (docs/product.md#donor-privacy). */
  anonymous?: boolean;
  onAnonymous?: (anonymous: boolean) => void;
}

/** Rewrites the input's value as it is typed (digits grouped, MM/YY), then lets the form read it. */
function reformatting(format: (value: string) => string, onChange: (e: { target: HTMLInputElement }) => unknown) {
  return (e: React.ChangeEvent<HTMLInputElement>) => {
    e.target.value = format(e.target.value);
    return onChange(e);
  };
}

type DetailsForm = UseFormReturn<DonateDetailsInput, unknown, DonateDetails>;

export function DetailsStep(props: DetailsStepProps) {
  const { form, amount, maintenance, monthly, payments, currency, coverFees, onBack, onSubmit, headingRef, method = 'card', onMethod, depositAvailable = false } = props;
  const deposit = method === 'bank_deposit';
  const checkoutMode = hostedCheckout(payments?.provider);
  // A deposit has no card fee to cover.
  const charge = checkoutCharge(toCents(amount), coverFees && !deposit, payments);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const charged = formatCents(charge.chargedCents, currency);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <ChargeSummary charge={charge} currency={currency} monthly={monthly} payments={payments} />
      {depositAvailable && !monthly && onMethod && <PaymentMethodChoice className="mt-4" method={method} onMethod={onMethod} />}
      {demoProvider(payments?.provider) && !deposit && (
        <p className="mt-3 rounded-2xl bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200" data-testid="demo-banner">
          {d.demoBanner}
        </p>
      )}
      {!deposit && <CardOptions {...props} charge={charge} />}

      <h2 ref={headingRef} tabIndex={-1} className="mt-6 text-2xl font-semibold outline-none">
        {d.donorSection}
      </h2>
      <DonorFields form={form} anonymous={props.anonymous ?? false} onAnonymous={props.onAnonymous} />

      <h2 className="mt-8 flex items-center gap-2 text-2xl font-semibold">{deposit ? depositMessages.method.deposit : checkoutMode ? d.payOnProviderSection : d.cardSection}</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {deposit ? (
          <div className="space-y-3 sm:col-span-2">
            <p className="flex items-start gap-2.5 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100" data-testid="deposit-next">
              <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {depositMessages.method.depositNext}
            </p>
            <div data-testid="deposit-accounts-before">
              <BankAccountList accounts={props.bankAccounts ?? []} />
            </div>
          </div>
        ) : checkoutMode ? (
          <p className="flex items-start gap-2.5 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100 sm:col-span-2" data-testid="provider-note">
            <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {d.payOnProviderNote}
          </p>
        ) : (
          <CardFields form={form} />
        )}
        <TextInput className="sm:col-span-2" label={t.label} autoComplete="off" optional hint={t.hint} error={errors.nit?.message} {...register('nit')} />
      </div>

      <TermsCheckbox form={form} />

      {/* A deposit involves no card: its own note above says what happens instead. */}
      {!deposit && (
        <p className="mt-5 flex items-start gap-2.5 rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {checkoutMode ? d.payOnProviderNote : d.secureNote}
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-5" />}>
          {d.back}
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting || maintenance} icon={<Heart aria-hidden="true" className="size-5" />}>
          {monthly ? (checkoutMode ? m.submitToProvider : m.submit)(charged) : deposit ? depositMessages.submit(charged) : checkoutMode ? d.submitToProvider : d.submit}
        </Button>
      </div>
    </form>
  );
}

/** What will be charged, in figures and in words (so a misread amount is caught here), and in parts. */
function ChargeSummary({ charge, currency, monthly, payments }: { charge: Charge; currency: PaymentCurrency; monthly: boolean; payments: PaymentSettings | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
      <span className="text-sm font-semibold text-brand-900">{monthly ? m.summaryAmount : d.summaryAmount}</span>
      <span className="font-display text-2xl font-semibold text-brand-800" data-testid="donate-amount">
        {formatCents(charge.chargedCents, currency)}
        {monthly && <span className="text-base font-semibold text-brand-900">{` ${m.perMonthSuffix}`}</span>}
      </span>
      <span className="basis-full text-sm text-brand-900" data-testid="donate-amount-words">
        {d.amountInWords}: {amountInWords(charge.chargedCents, currency)}
      </span>
      {(charge.feeCents > 0 || currency === 'USD') && (
        <ChargeBreakdown className="basis-full" charge={charge} currency={currency} rate={payments} suffix={monthly ? ` ${m.perMonthSuffix}` : ''} testId="summary-charge" />
      )}
    </div>
  );
}

/** A card's currency (with the dollar's reference rate and its date, and what a change made of the amount) and covering the fee. */
function CardOptions({ payments, currency, onCurrency, convertedFrom, coverFees, onCoverFees, charge, amount }: DetailsStepProps & { charge: Charge }) {
  const rateNote = currency === 'USD' && payments ? d.usdRateNote(formatMoney(payments.usd_exchange_rate), formatLongDay(payments.usd_exchange_rate_date)) : null;
  const conversion = convertedFrom ? d.currencyConverted(formatMoney(convertedFrom.amount, convertedFrom.currency), formatMoney(amount, currency)) : null;
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select
          label={d.currency}
          value={currency}
          onChange={(e) => onCurrency(e.target.value as PaymentCurrency)}
          options={PAYMENT_CURRENCIES.map((c) => ({ value: c, label: c === 'GTQ' ? d.currencyGtq : d.currencyUsd }))}
          hint={rateNote ?? undefined}
        />
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-semibold text-brand-900 empty:hidden" data-testid="currency-converted">
        {conversion}
      </p>
      <Checkbox
        className="mt-4"
        checked={coverFees}
        onChange={(e) => onCoverFees(e.target.checked)}
        label={d.coverFees}
        hint={
          coverFees ? (
            <span data-testid="cover-fees-breakdown">
              {d.coverFeesBreakdown(formatCents(toCents(amount), currency), formatCents(charge.feeCents, currency), formatCents(charge.chargedCents, currency))}
            </span>
          ) : undefined
        }
      />
    </>
  );
}

/** Name, email, phone, and whether the public lists show the donor (docs/product.md#donor-privacy). */
function DonorFields({ form, anonymous, onAnonymous }: { form: DetailsForm; anonymous: boolean; onAnonymous?: (anonymous: boolean) => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  const emailHint = emailSuggestionHint(useWatch({ control: form.control, name: 'email' }) ?? '', { text: d.emailSuggestion, use: d.emailSuggestionUse }, (email) =>
    form.setValue('email', email, { shouldValidate: true, shouldDirty: true }),
  );
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextInput className="sm:col-span-2" label={d.donorName} autoComplete="name" required error={errors.donorName?.message} {...register('donorName')} />
        <TextInput label={d.email} type="email" autoComplete="email" required hint={emailHint} error={errors.email?.message} {...register('email')} />
        <TextInput label={d.phone} type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register('phone')} />
      </div>
      {onAnonymous && (
        <Checkbox
          className="mt-4"
          checked={anonymous}
          onChange={(e) => onAnonymous(e.target.checked)}
          label={d.anonymous}
          hint={<span data-testid="anonymous-hint">{anonymous ? d.anonymousHint : d.publicNameHint}</span>}
          data-testid="anonymous-checkbox"
        />
      )}
    </>
  );
}

/** The simulated provider's card fields: checked here, and only the last 4 digits and the brand are sent. */
function CardFields({ form }: { form: DetailsForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const number = useWatch({ control: form.control, name: 'cardNumber' });
  const brand = detectCardBrand(number ?? '');
  const card = register('cardNumber');
  const expiry = register('expiryDate');
  const cvc = register('cvc');
  return (
    <>
      <TextInput
        className="sm:col-span-2"
        label={d.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        prefix={<CreditCard aria-hidden="true" className="size-4" />}
        required
        hint={brand !== 'other' ? CARD_BRAND_LABELS[brand] : undefined}
        error={errors.cardNumber?.message}
        inputClassName="tracking-wider tabular-nums"
        {...card}
        onChange={reformatting(formatCardNumber, card.onChange)}
      />
      <TextInput
        label={d.expiryDate}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/AA"
        maxLength={EXPIRY_MAX_LENGTH}
        required
        error={errors.expiryDate?.message}
        inputClassName="tabular-nums"
        {...expiry}
        onChange={reformatting(formatExpiry, expiry.onChange)}
      />
      <TextInput
        label={d.cvc}
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        maxLength={CVC_MAX_LENGTH}
        required
        hint={d.cvcHint}
        error={errors.cvc?.message}
        inputClassName="tabular-nums"
        {...cvc}
        onChange={reformatting((v) => digitsOnly(v).slice(0, CVC_MAX_LENGTH), cvc.onChange)}
      />
    </>
  );
}

function TermsCheckbox({ form }: { form: DetailsForm }) {
  const link = 'font-semibold text-brand-700 underline underline-offset-2';
  return (
    <Checkbox
      className="mt-6"
      error={form.formState.errors.acceptTerms?.message}
      label={
        <>
          {d.acceptTermsPrefix}
          <Link to={paths.terms} target="_blank" rel="noopener" className={link}>
            {d.acceptTermsTerms}
          </Link>
          {d.acceptTermsMiddle}
          <Link to={paths.privacy} target="_blank" rel="noopener" className={link}>
            {d.acceptTermsPrivacy}
          </Link>
        </>
      }
      {...form.register('acceptTerms')}
    />
  );
}
