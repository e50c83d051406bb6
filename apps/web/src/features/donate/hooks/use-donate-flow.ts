// The flow of the public checkout (docs/product.md#public-donation-flow): amount -> details ->
// processing (at least 2 s, while POST /donate records a pending donation) -> success -> back to the
// amount. The two steps are browser history entries (/donate and /donate?paso=datos): back returns
// to the amount with everything kept, forward returns to the details. One idempotency key per
// attempt is kept until the donation succeeds, so a double click or a retry after an error records
// one donation. A second monthly gift identical to an active one is sent again only once the donor
// confirms it (docs/product.md#monthly-giving).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { DONATE_PROCESSING_MS } from '@donaciones/shared/constants';
import { httpMessages } from '@donaciones/shared/messages/shell';
import {
  cardLast4,
  detectCardBrand,
  donateDetailsCheckoutSchema,
  donateDetailsSchema,
  type DonateDetails,
  type DonateDetailsInput,
  type PublicDonationResponse,
} from '@donaciones/shared/schemas/donate';
import { hostedCheckout } from '@donaciones/shared/schemas/payments';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { usePublicSite } from '@/lib/public-site';
import { type SessionUser, useSession } from '@/lib/session';
import { isDuplicateMonthlyGift, newIdempotencyKey, useCreatePublicDonation } from '../api/create-public-donation';
import { loadDetailsStep } from '../components/details-step-loader';
import { taxIdRefusal } from '../components/tax-id-refusal';
import { draftDetails, emptyDetails, readDraft, saveDraft } from './donate-draft';
import { type DonateChoices, useDonateChoices } from './use-donate-choices';

export type DonateStep = 'amount' | 'details' | 'processing';

const DETAIL_FIELDS = ['donorName', 'email', 'phone', 'nit', 'cardNumber'] as const;
/** The details step's address: `/donate?paso=datos`. */
const STEP_PARAM = 'paso';
const DETAILS_STEP = 'datos';

const fullResolver = zodResolver(donateDetailsSchema);
const checkoutResolver = zodResolver(donateDetailsCheckoutSchema) as unknown as typeof fullResolver;

type DetailsForm = UseFormReturn<DonateDetailsInput, unknown, DonateDetails>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The details form; with a provider's checkout or a deposit the card fields are not shown, so not checked either. */
function useDetailsForm(draft: ReturnType<typeof readDraft>, user: SessionUser | null, cardless: boolean) {
  const cardlessRef = useRef(cardless);
  useEffect(() => {
    cardlessRef.current = cardless;
  }, [cardless]);
  const form = useForm<DonateDetailsInput, unknown, DonateDetails>({
    resolver: (values, context, options) => (cardlessRef.current ? checkoutResolver : fullResolver)(values, context, options),
    defaultValues: draftDetails(draft, user),
  });
  // A signed-in donor's name, email and NIT, also when the session finishes loading after the page.
  useEffect(() => {
    if (!user) return;
    const prefill = emptyDetails(user);
    for (const field of ['donorName', 'email', 'nit'] as const) {
      if (!form.getValues(field) && !form.getFieldState(field).isDirty) form.setValue(field, prefill[field]);
    }
  }, [user, form]);
  return form;
}

/** The step comes from the address; the details step needs an amount within the bounds. Focus follows each step. */
function useDonateSteps(choices: DonateChoices, ready: boolean, processing: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);
  const wantsDetails = params.get(STEP_PARAM) === DETAILS_STEP;
  const step: DonateStep = processing ? 'processing' : wantsDetails && choices.amountIsValid ? 'details' : 'amount';

  // A details address without a usable amount (a reload after the draft was cleared) shows step 1.
  useEffect(() => {
    if (wantsDetails && ready && !choices.amountIsValid && !processing) setParams({}, { replace: true });
  }, [wantsDetails, ready, choices.amountIsValid, processing, setParams]);

  // Each step change moves the focus to the step's heading (not on the first render), in the commit
  // that shows the step: a plain effect runs a frame later in Preact, and in between the focus of a
  // step that has gone (or of a dialog that closed with it) would rest on the page's body.
  useLayoutEffect(() => {
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

  const continueToDetails = () => {
    const refusal = choices.checkAmount();
    choices.setAmountError(refusal);
    if (refusal) return;
    const go = () => navigate({ search: `?${STEP_PARAM}=${DETAILS_STEP}` }, { state: { fromAmount: true } });
    // Step 2 is shown once its code is here (details-step-loader.ts); a failed download is the panel's to report.
    void loadDetailsStep().then(go, go);
  };
  const restart = () => setParams({}, { replace: true });

  return { step, headingRef, panelRef, backToAmount, continueToDetails, restart };
}

/** The body of POST /donate: the card's last 4 digits and brand only with the simulated provider. */
function requestBody(values: DonateDetails, choices: DonateChoices, cardless: boolean, allowDuplicateMonthly: boolean) {
  const deposit = choices.method === 'bank_deposit';
  return {
    donorName: values.donorName,
    email: values.email,
    phone: values.phone || undefined,
    nit: values.nit || undefined,
    amount: choices.amount,
    currency: choices.currency,
    coverFees: deposit ? false : choices.coverFees,
    anonymous: choices.anonymous,
    paymentMethod: choices.method,
    frequency: choices.frequency,
    ...(choices.programId !== null ? { programId: choices.programId } : {}),
    ...(allowDuplicateMonthly ? { allowDuplicateMonthly: true } : {}),
    ...(cardless ? {} : { cardLast4: cardLast4(values.cardNumber), cardBrand: detectCardBrand(values.cardNumber) }),
    acceptTerms: true as const,
  };
}

/** The draft follows every change (card fields excluded). */
function useDraftSaving(form: DetailsForm, choices: DonateChoices) {
  const { preset, customAmount, currency, coverFees, frequency, anonymous, programId } = choices;
  useEffect(() => {
    const save = () => {
      const v = form.getValues();
      saveDraft({ preset, customAmount, currency, coverFees, frequency, anonymous, programId, details: { donorName: v.donorName, email: v.email, phone: v.phone, nit: v.nit } });
    };
    save();
    return form.subscribe({ formState: { values: true }, callback: save });
  }, [form, preset, customAmount, currency, coverFees, frequency, anonymous, programId]);
}

interface RecordOptions {
  form: DetailsForm;
  choices: DonateChoices;
  cardless: boolean;
  backToAmount: () => void;
  setProcessing: (processing: boolean) => void;
}

/** Sends the donation once per attempt, keeps the processing state at least DONATE_PROCESSING_MS, and places each refusal. */
function useRecordDonation({ form, choices, cardless, backToAmount, setProcessing }: RecordOptions) {
  const mutation = useCreatePublicDonation();
  const [redirecting, setRedirecting] = useState(false);
  const [donation, setDonation] = useState<PublicDonationResponse | null>(null);
  /** The details of an attempt the server refused as a second identical monthly gift, while the donor decides. */
  const [duplicateOf, setDuplicateOf] = useState<DonateDetails | null>(null);
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  /** After a refused attempt: where the error is shown. The API client has shown the error toast. */
  const showRefusal = (err: unknown, values: DonateDetails) => {
    const fieldErrors = getFieldErrors(err);
    if (isDuplicateMonthlyGift(err)) setDuplicateOf(values);
    else if (getErrorStatus(err) === 409) toast.error(getErrorMessage(err, httpMessages.generic));
    else if (fieldErrors.amount) {
      choices.setAmountError(fieldErrors.amount);
      backToAmount();
    } else if (fieldErrors.programId) {
      // The programme closed meanwhile: step 1 says so next to the choice.
      choices.setProgramError(fieldErrors.programId);
      backToAmount();
    } else applyServerErrors(form.setError, err, DETAIL_FIELDS);
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
      const created = await mutation.mutateAsync({ idempotencyKey: attemptKey.current, body: requestBody(values, choices, cardless, allowDuplicateMonthly) });
      if (created.checkout_url) {
        // The donor pays on the provider's page, which returns to /donate/resultado.
        setRedirecting(true);
        window.location.assign(created.checkout_url);
        return;
      }
      await sleep(DONATE_PROCESSING_MS - (Date.now() - started));
      // Recorded: a reload now starts a new donation at step 1, not this one's filled-in form again.
      saveDraft(null);
      setDonation(created);
    } catch (err) {
      // The same key is kept for the retry, except when the server says the key went with other
      // data: the next attempt is then a new donation.
      await sleep(DONATE_PROCESSING_MS - (Date.now() - started));
      if (getErrorStatus(err) === 422) attemptKey.current = null;
      setProcessing(false);
      showRefusal(err, values);
    } finally {
      inFlight.current = false;
    }
  };

  const confirmDuplicate = () => {
    const values = duplicateOf;
    setDuplicateOf(null);
    if (values) void record(values, true);
  };
  const forget = () => {
    setDonation(null);
    attemptKey.current = null;
  };
  return { record, donation, redirecting, duplicateOf, setDuplicateOf, confirmDuplicate, forget };
}

export function useDonateFlow() {
  const site = usePublicSite();
  const session = useSession();
  const [draft] = useState(readDraft);
  const choices = useDonateChoices(draft, site.data);
  const payments = site.data?.payments ?? null;
  const checkoutMode = hostedCheckout(payments?.provider);
  const deposit = choices.method === 'bank_deposit';
  const form = useDetailsForm(draft, session.user, checkoutMode || deposit);
  const [processing, setProcessing] = useState(false);
  const steps = useDonateSteps(choices, !!site.data?.system, processing);
  useDraftSaving(form, choices);
  const submission = useRecordDonation({ form, choices, cardless: checkoutMode || deposit, backToAmount: steps.backToAmount, setProcessing });

  const submitDetails = () =>
    void form.handleSubmit((values) => {
      // CF depends on the amount, which this step does not type: checked here, and again by the server.
      const contactEmail = site.data?.system.contact_email ?? '';
      const refusal = taxIdRefusal(values.nit, { amount: choices.amount, currency: choices.currency, coverFees: choices.coverFees, payments, contactEmail });
      if (refusal) form.setError('nit', { message: refusal }, { shouldFocus: true });
      else return submission.record(values);
    })();

  const reset = () => {
    submission.forget();
    choices.clear();
    form.reset(emptyDetails(session.user));
    saveDraft(null);
    setProcessing(false);
    // A new donation starts a new entry at step 1; the finished one is not returned to with back.
    steps.restart();
  };

  return { site, choices, form, steps, checkoutMode, deposit, ...submission, submitDetails, reset };
}

export type DonateFlow = ReturnType<typeof useDonateFlow>;
