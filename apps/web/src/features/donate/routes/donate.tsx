// The public checkout (docs/product.md#screens-and-routes, #public-donation-flow): amount -> details -> processing
// (at least 2 s, while POST /donate records a pending donation) -> success dialog -> back to amount.
// Simulated provider: only the card's last 4 digits and brand leave the browser. With a payment
// provider (docs/product.md#payments) no card field is shown: the browser goes to the provider's
// checkout page and comes back to /donate/resultado. One idempotency key per attempt is kept until
// the donation succeeds, so a double click or a retry after an error records one donation.
// The two steps are browser history entries (/donate and /donate?paso=datos): back returns to the
// amount with everything kept, forward returns to the details. What was typed, except the card, is
// kept in sessionStorage, so a reload keeps it too.
// Step 1 also chooses "Una vez" or "Cada mes" (docs/product.md#monthly-giving); a "Hazte padrino" link
// (/donate?frecuencia=mensual) arrives with "Cada mes" chosen. A second monthly gift identical to an
// active one is sent again only once the donor confirms it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, HandHeart, Lock } from 'lucide-react';
import { DONATE_PROCESSING_MS } from '@donaciones/shared/constants';
import { formatMoney } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { httpMessages, navMessages } from '@donaciones/shared/messages/shell';
import {
  cardLast4,
  detectCardBrand,
  donateAmountSchema,
  donateDetailsCheckoutSchema,
  donateDetailsSchema,
  type DonateDetails,
  type DonateDetailsInput,
  type PublicDonationResponse,
} from '@donaciones/shared/schemas/donate';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { ErrorState } from '@/components/states';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { FREQUENCY_PARAM, MONTHLY_FREQUENCY } from '@/lib/paths';
import { usePublicSite } from '@/lib/public-site';
import { type SessionUser, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import { isDuplicateMonthlyGift, newIdempotencyKey, useCreatePublicDonation } from '../api/create-public-donation';
import { AmountStep, readCustomAmount } from '../components/amount-step';
import { DetailsStep, taxIdRefusal } from '../components/details-step';
import { DonateStepper } from '../components/donate-stepper';
import { ImpactList } from '../components/impact-list';
import { SuccessDialog } from '../components/success-dialog';
import { DepositPanel } from '../components/deposit-panel';
import { depositStatusOf } from '../api/deposits';
import type { PaymentMethod } from '@donaciones/shared/schemas/deposits';

const d = donateMessages;

type Step = 'amount' | 'details' | 'processing';

const DETAIL_FIELDS = ['donorName', 'email', 'phone', 'nit', 'cardNumber'] as const;

function emptyDetails(user: SessionUser | null): DonateDetailsInput {
  return {
    donorName: user ? [user.first_name, user.last_name].filter(Boolean).join(' ').trim() : '',
    email: user?.email ?? '',
    phone: '',
    cardNumber: '',
    expiryDate: '',
    cvc: '',
    // A signed-in donor's profile NIT or CUI (docs/product.md#validation-rules).
    nit: user?.nit ?? '',
    acceptTerms: true,
  };
}

const fullResolver = zodResolver(donateDetailsSchema);

/** The details step's address: `/donate?paso=datos`. */
const STEP_PARAM = 'paso';
const DETAILS_STEP = 'datos';

/** What survives a reload of the tab: never the card number, its expiry or the CVC. */
interface Draft {
  preset: number | null;
  customAmount: string;
  currency: PaymentCurrency;
  coverFees: boolean;
  frequency: DonationFrequency;
  details: Pick<DonateDetailsInput, 'donorName' | 'email' | 'phone' | 'nit'>;
}
const DRAFT_KEY = 'donar:borrador';

function readDraft(): Partial<Draft> {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Draft>) : {};
  } catch {
    return {};
  }
}

function saveDraft(draft: Draft | null) {
  try {
    if (draft) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage may be full or disabled; the flow works without it.
  }
}

const draftText = (value: unknown) => (typeof value === 'string' ? value : '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export default function DonatePage() {
  useDocumentTitle(navMessages.donate);
  const site = usePublicSite();
  const session = useSession();
  const mutation = useCreatePublicDonation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [draft] = useState(readDraft);

  const [processing, setProcessing] = useState(false);
  const [preset, setPreset] = useState<number | null>(typeof draft.preset === 'number' ? draft.preset : null);
  const [customAmount, setCustomAmount] = useState(draftText(draft.customAmount));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [donation, setDonation] = useState<PublicDonationResponse | null>(null);
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);

  const [currency, setCurrency] = useState<PaymentCurrency>(draft.currency === 'USD' ? 'USD' : 'GTQ');
  const [coverFees, setCoverFees] = useState(draft.coverFees === true);
  // A "Hazte padrino" link wins over what the tab kept.
  const [frequency, setFrequency] = useState<DonationFrequency>(() =>
    params.get(FREQUENCY_PARAM) === MONTHLY_FREQUENCY || draft.frequency === 'monthly' ? 'monthly' : 'once',
  );
  const monthly = frequency === 'monthly';
  /** The details of an attempt the server refused as a second identical monthly gift, while the donor decides. */
  const [duplicateOf, setDuplicateOf] = useState<DonateDetails | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // "Tarjeta" or "Depósito o transferencia bancaria" (docs/product.md#bank-deposits): a deposit is in
  // quetzales, once, with no card fee, and only while the organisation shows a bank account.
  const [chosenMethod, setMethod] = useState<PaymentMethod>('card');
  const depositAvailable = (site.data?.bank_accounts.length ?? 0) > 0;
  const method: PaymentMethod = depositAvailable && frequency === 'once' ? chosenMethod : 'card';
  const deposit = method === 'bank_deposit';
  const depositRef = useRef(deposit);
  useEffect(() => {
    depositRef.current = deposit;
  }, [deposit]);
  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    if (next === 'bank_deposit') {
      setCurrency('GTQ');
      setCoverFees(false);
    }
  };
  const provider = site.data?.payments.provider ?? 'simulated';
  const checkoutMode = provider !== 'simulated';
  const checkoutModeRef = useRef(checkoutMode);
  useEffect(() => {
    checkoutModeRef.current = checkoutMode;
  }, [checkoutMode]);

  const form = useForm<DonateDetailsInput, unknown, DonateDetails>({
    // With a provider's checkout the card fields are not shown, so they are not checked either.
    resolver: (values, context, options) =>
      checkoutModeRef.current || depositRef.current
        ? (zodResolver(donateDetailsCheckoutSchema) as unknown as typeof fullResolver)(values, context, options)
        : fullResolver(values, context, options),
    defaultValues: {
      ...emptyDetails(session.user),
      ...Object.fromEntries(
        (['donorName', 'email', 'phone', 'nit'] as const).filter((k) => draftText(draft.details?.[k])).map((k) => [k, draftText(draft.details?.[k])]),
      ),
    },
  });

  // A signed-in donor's name, email and NIT, also when the session finishes loading after the page.
  const user = session.user;
  useEffect(() => {
    if (!user) return;
    const prefill = emptyDetails(user);
    for (const field of ['donorName', 'email', 'nit'] as const) {
      if (!form.getValues(field) && !form.getFieldState(field).isDirty) form.setValue(field, prefill[field]);
    }
  }, [user, form]);

  const custom = readCustomAmount(customAmount);
  const amount = preset ?? custom.amount;
  const system = site.data?.system;
  const maintenance = system?.maintenance_mode ?? false;

  // The step comes from the address; the details step needs an amount within the bounds.
  const amountIsValid =
    !!system && (preset !== null || !custom.error) && donateAmountSchema({ min: system.min_donation_amount, max: system.max_donation_amount }).safeParse(amount).success;
  const wantsDetails = params.get(STEP_PARAM) === DETAILS_STEP;
  const step: Step = processing ? 'processing' : wantsDetails && amountIsValid ? 'details' : 'amount';

  // A details address without a usable amount (a reload after the draft was cleared) shows step 1.
  useEffect(() => {
    if (wantsDetails && system && !amountIsValid && !processing) setParams({}, { replace: true });
  }, [wantsDetails, system, amountIsValid, processing, setParams]);

  // Each step change moves the focus to the step's heading (not on the first render).
  useEffect(() => {
    if (!movedRef.current) {
      movedRef.current = true;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    // Bring the card's top into view below the sticky header when the step begins off screen.
    const top = panelRef.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < 72 || top > window.innerHeight * 0.6)) window.scrollTo({ top: window.scrollY + top - 88, behavior: 'smooth' });
  }, [step]);

  /** Step 1, going back in history when step 2 was reached from it, so forward still works. */
  const backToAmount = useCallback(() => {
    if ((location.state as { fromAmount?: boolean } | null)?.fromAmount) navigate(-1);
    else setParams({}, { replace: true });
  }, [location.state, navigate, setParams]);

  // The draft follows every change (card fields excluded).
  useEffect(() => {
    const save = () => {
      const v = form.getValues();
      saveDraft({ preset, customAmount, currency, coverFees, frequency, details: { donorName: v.donorName, email: v.email, phone: v.phone, nit: v.nit } });
    };
    save();
    return form.subscribe({ formState: { values: true }, callback: save });
  }, [form, preset, customAmount, currency, coverFees, frequency]);

  const choosePreset = (value: number) => {
    setPreset(value);
    setCustomAmount('');
    setAmountError(null);
  };
  const typeAmount = (value: string) => {
    setCustomAmount(value);
    setPreset(null);
    setAmountError(null);
  };

  const continueToDetails = () => {
    if (!system) return;
    if (preset === null && custom.error) {
      setAmountError(custom.error);
      return;
    }
    const checked = donateAmountSchema({ min: system.min_donation_amount, max: system.max_donation_amount }).safeParse(amount);
    if (!checked.success) {
      setAmountError(checked.error.issues[0]?.message ?? d.amountRequired);
      return;
    }
    setAmountError(null);
    navigate({ search: `?${STEP_PARAM}=${DETAILS_STEP}` }, { state: { fromAmount: true } });
  };

  const record = async (values: DonateDetails, allowDuplicateMonthly = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // The confirmed second monthly gift is another request body, so it goes under a key of its own.
    if (allowDuplicateMonthly) attemptKey.current = newIdempotencyKey();
    attemptKey.current ??= newIdempotencyKey();
    setProcessing(true);
    const started = Date.now();
    try {
      const created = await mutation.mutateAsync({
        idempotencyKey: attemptKey.current,
        body: {
          donorName: values.donorName,
          email: values.email,
          phone: values.phone || undefined,
          nit: values.nit || undefined,
          amount,
          currency,
          coverFees: deposit ? false : coverFees,
          paymentMethod: method,
          frequency,
          ...(allowDuplicateMonthly ? { allowDuplicateMonthly: true } : {}),
          ...(checkoutMode || deposit ? {} : { cardLast4: cardLast4(values.cardNumber), cardBrand: detectCardBrand(values.cardNumber) }),
          acceptTerms: true,
        },
      });
      if (created.checkout_url) {
        // The donor pays on the provider's page, which returns to /donate/resultado.
        setRedirecting(true);
        window.location.assign(created.checkout_url);
        return;
      }
      await sleep(DONATE_PROCESSING_MS - (Date.now() - started));
      setDonation(created);
    } catch (err) {
      // The API client has shown the error toast. The same key is kept for the retry, except when
      // the server says the key went with other data: the next attempt is then a new donation.
      await sleep(DONATE_PROCESSING_MS - (Date.now() - started));
      if (getErrorStatus(err) === 422) attemptKey.current = null;
      const fieldErrors = getFieldErrors(err);
      setProcessing(false);
      if (isDuplicateMonthlyGift(err)) {
        setDuplicateOf(values);
      } else if (getErrorStatus(err) === 409) {
        toast.error(getErrorMessage(err, httpMessages.generic));
      } else if (fieldErrors.amount) {
        setAmountError(fieldErrors.amount);
        backToAmount();
      } else {
        applyServerErrors(form.setError, err, DETAIL_FIELDS);
      }
    } finally {
      inFlight.current = false;
    }
  };

  const confirmDuplicate = () => {
    const values = duplicateOf;
    setDuplicateOf(null);
    if (values) void record(values, true);
  };

  const reset = useCallback(() => {
    setDonation(null);
    setFrequency('once');
    setPreset(null);
    setCustomAmount('');
    setAmountError(null);
    attemptKey.current = null;
    form.reset(emptyDetails(user));
    saveDraft(null);
    setProcessing(false);
    // A new donation starts a new entry at step 1; the finished one is not returned to with back.
    setParams({}, { replace: true });
  }, [form, user, setParams]);

  const stepNumber = step === 'amount' ? 1 : step === 'details' ? 2 : 3;
  const organization = site.data?.organization;

  return (
    <>
      <section className="border-b border-sand-200 bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:px-6 lg:px-8">
          <p className="inline-flex items-center gap-2 text-sm font-bold tracking-wider text-accent-700 uppercase">
            <HandHeart aria-hidden="true" className="size-4" />
            {organization?.name ?? <span aria-hidden="true" className="inline-block h-4 w-48 animate-pulse rounded-lg bg-sand-200/80" />}
          </p>
          <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{d.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-600">{d.subtitle}</p>
          <div className="mt-8 max-w-xl">
            <DonateStepper current={stepNumber} />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <div ref={panelRef} className="self-start rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
          <p className="mb-4 text-sm font-semibold text-ink-500">{d.stepOf(stepNumber, 3)}</p>
          {site.isError && !site.data ? (
            <ErrorState message={d.siteLoadError} onRetry={() => void site.refetch()} retrying={site.isFetching} />
          ) : !system ? (
            <div className="space-y-4" aria-busy="true">
              <Skeleton className="h-8 w-2/3" />
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-18" />
                ))}
              </div>
              <Skeleton className="h-11" />
              <Skeleton className="h-13" />
            </div>
          ) : step === 'amount' ? (
            <AmountStep
              preset={preset}
              customAmount={customAmount}
              amount={amount}
              bounds={{ min: system.min_donation_amount, max: system.max_donation_amount }}
              error={amountError}
              maintenance={maintenance}
              frequency={frequency}
              onFrequency={setFrequency}
              onPreset={choosePreset}
              onCustomAmount={typeAmount}
              onContinue={continueToDetails}
              headingRef={headingRef}
            />
          ) : step === 'details' ? (
            <DetailsStep
              form={form}
              amount={amount}
              maintenance={maintenance}
              monthly={monthly}
              payments={site.data?.payments ?? null}
              currency={currency}
              onCurrency={setCurrency}
              coverFees={coverFees}
              onCoverFees={setCoverFees}
              method={method}
              onMethod={chooseMethod}
              depositAvailable={depositAvailable}
              onBack={backToAmount}
              onSubmit={() =>
                void form.handleSubmit((values) => {
                  // CF depends on the amount, which this step does not type: checked here, and again by the server.
                  const refusal = taxIdRefusal(values.nit, { amount, currency, coverFees, payments: site.data?.payments ?? null });
                  if (refusal) form.setError('nit', { message: refusal }, { shouldFocus: true });
                  else return record(values);
                })()
              }
              headingRef={headingRef}
            />
          ) : donation && donation.payment_method === 'bank_deposit' ? (
            <DepositPanel status={depositStatusOf(donation, site.data?.bank_accounts ?? [], form.getValues('donorName'))} token={donation.deposit_token} emailedTo={form.getValues('email')} focusOnMount />
          ) : donation ? (
            <div className="flex flex-col items-center px-2 py-12 text-center">
              <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <CircleCheck aria-hidden="true" className="size-10" />
              </span>
              <h2 className="mt-8 text-2xl font-semibold">{monthly ? monthlyMessages.successTitle : d.successTitle}</h2>
              <p className="mt-2 font-display text-3xl font-semibold text-brand-700">
                {monthly ? monthlyMessages.perMonth(formatMoney(donation.amount, donation.currency)) : formatMoney(donation.amount, donation.currency)}
              </p>
              <p className="mt-3 text-sm font-semibold text-ink-600 tabular-nums">{donation.reference_code}</p>
            </div>
          ) : (
            <div className="flex flex-col items-center px-2 py-12 text-center">
              <span className="relative flex size-24 items-center justify-center">
                <span aria-hidden="true" className="absolute inset-0 animate-ping rounded-full bg-accent-200/60" />
                <span className="relative flex size-20 items-center justify-center rounded-full bg-white shadow-lift ring-1 ring-sand-200">
                  <Spinner size="lg" label={d.processing} />
                </span>
              </span>
              <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-2xl font-semibold outline-none" aria-live="polite">
                {redirecting ? d.redirecting : d.processing}
              </h2>
              <p className="mt-2 font-display text-3xl font-semibold text-brand-700">
                {monthly ? monthlyMessages.perMonth(formatMoney(amount, currency)) : formatMoney(amount, currency)}
              </p>
              <p className="mt-3 max-w-sm text-sm text-ink-600">{d.processingNote}</p>
            </div>
          )}
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="donate-about" className="rounded-card bg-brand-800 p-6 text-brand-50 shadow-card">
            <h2 id="donate-about" className="font-display text-lg font-semibold text-white">
              {d.aboutTitle}
            </h2>
            {organization ? (
              <>
                <p className="mt-1 font-semibold text-accent-200">{organization.name}</p>
                <p className="mt-3 text-[0.95rem] leading-relaxed text-brand-100" data-testid="donate-org-description">
                  {organization.description}
                </p>
              </>
            ) : (
              <div className="mt-3 space-y-2">
                <Skeleton className="h-4 w-full bg-white/20" />
                <Skeleton className="h-4 w-5/6 bg-white/20" />
              </div>
            )}
          </section>
          {site.data && (
            <section className="rounded-card border border-sand-200 bg-white p-6 shadow-card">
              <ImpactList amount={amount} impact={site.data.impact} frequency={frequency} />
            </section>
          )}
          {step === 'amount' && (
            <p className="flex items-start gap-2.5 px-1 text-sm text-ink-600">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {d.secureNote}
            </p>
          )}
        </aside>
      </div>

      {organization && <SuccessDialog donation={donation?.payment_method === 'bank_deposit' ? null : donation} organization={organization} onAnother={reset} onClose={reset} monthly={monthly} />}
      <Modal
        open={duplicateOf !== null}
        onClose={() => setDuplicateOf(null)}
        role="alertdialog"
        size="sm"
        title={monthlyMessages.duplicate}
        description={monthlyMessages.duplicateDialog.body(monthlyMessages.perMonth(formatMoney(amount, currency)))}
        footer={
          <>
            <Button variant="outline" onClick={() => setDuplicateOf(null)}>
              {monthlyMessages.duplicateDialog.cancel}
            </Button>
            <Button onClick={confirmDuplicate}>{monthlyMessages.duplicateDialog.confirm}</Button>
          </>
        }
      />
    </>
  );
}
