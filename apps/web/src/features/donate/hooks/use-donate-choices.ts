// The donor's choices on /donate, apart from the details form: the amount (a preset or typed), once or
// monthly, the programme when offered, the currency, covering the fee, giving anonymously and card or bank deposit. Each starts
// from what the tab kept (donate-draft.ts); a "Dona cada mes" link (/donate?frecuencia=mensual)
// arrives with "Cada mes" chosen. The amount is in the chosen currency: a preset is a quetzal amount
// shown in whole dollars, and changing the currency converts a typed amount (amount-currency.ts, decision 0071).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRESET_AMOUNTS } from '@donaciones/shared/constants';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { donateAmountSchema } from '@donaciones/shared/schemas/donate';
import type { PaymentMethod } from '@donaciones/shared/schemas/payments';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import { type PaymentCurrency, boundsIn, paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { FREQUENCY_PARAM, MONTHLY_FREQUENCY } from '@/lib/paths';
import { readCustomAmount } from '../components/amount-step';
import { amountText, convertAmount, presetIn } from './amount-currency';
import { type Draft, draftText } from './donate-draft';

const d = donateMessages;

/** What the amount was before a change of currency: its currency, the typed text (empty for a preset) and its value. */
export interface ConvertedAmount {
  currency: PaymentCurrency;
  customAmount: string;
  amount: number;
}

// eslint-disable-next-line max-lines-per-function -- each choice with its setter, all kept in the same draft; /donate's first load is near its 130 KB budget (bench/web-load.ts, e2e/bundle-budget.spec.ts), so features/donate is not restructured
export function useDonateChoices(draft: Partial<Draft>, site: PublicSite | undefined) {
  const [params] = useSearchParams();
  const [preset, setPreset] = useState<number | null>(typeof draft.preset === 'number' ? draft.preset : null);
  const [customAmount, setCustomAmount] = useState(draftText(draft.customAmount));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [currency, setCurrency] = useState<PaymentCurrency>(paymentCurrency(draft.currency));
  // The amount before the last change of currency, so that changing back restores what was typed
  // (not a twice-rounded figure) and step 2 can say what the amount became; any new amount forgets it.
  const [converted, setConverted] = useState<ConvertedAmount | null>(null);
  const [coverFees, setCoverFees] = useState(draft.coverFees === true);
  const [anonymous, setAnonymous] = useState(draft.anonymous === true);
  // The programme the gift goes to, when the settings offer the choice (docs/product.md#designation):
  // null is "Donde más se necesite"; a kept choice no longer offered falls back to it.
  const [chosenProgram, setProgram] = useState<number | null>(typeof draft.programId === 'number' ? draft.programId : null);
  const [programError, setProgramError] = useState<string | null>(null);
  const programs = site?.system.checkout_programs ? site.programs.filter((p) => !p.coming_soon) : [];
  const programId = programs.some((p) => p.id === chosenProgram) ? chosenProgram : null;
  // A "Dona cada mes" link wins over what the tab kept.
  const [frequency, setFrequency] = useState<DonationFrequency>(() =>
    params.get(FREQUENCY_PARAM) === MONTHLY_FREQUENCY || draft.frequency === 'monthly' ? 'monthly' : 'once',
  );
  // "Tarjeta" or "Depósito o transferencia bancaria" (docs/product.md#bank-deposits): a deposit is in
  // quetzales, once, with no card fee, and only while the organisation shows a bank account.
  const [chosenMethod, setMethod] = useState<PaymentMethod>('card');
  const depositAvailable = (site?.bank_accounts.length ?? 0) > 0;
  const method: PaymentMethod = depositAvailable && frequency === 'once' ? chosenMethod : 'card';

  const custom = readCustomAmount(customAmount, currency);
  const system = site?.system;
  const rate = site?.payments.usd_exchange_rate;
  const quetzalBounds = system ? { min: system.min_donation_amount, max: system.max_donation_amount } : null;
  // The bounds in the chosen currency; a dollar amount waits for the rate.
  const bounds = quetzalBounds && (currency === 'GTQ' || rate !== undefined) ? boundsIn(quetzalBounds, currency, rate ?? 1) : null;
  const amount = preset !== null ? presetIn(preset, currency, rate, quetzalBounds) : custom.amount;
  const amountIsValid = !!bounds && (preset !== null || !custom.error) && donateAmountSchema(bounds, currency).safeParse(amount).success;

  /** Another currency: the amount converted at the reference rate (rounded), or restored when changing back. */
  const chooseCurrency = (next: PaymentCurrency) => {
    if (next === currency) return;
    if (!quetzalBounds || rate === undefined || !(amount > 0)) {
      setCurrency(next);
      setConverted(null);
      return;
    }
    if (preset === null) {
      const restore = converted?.currency === next ? converted.customAmount : null;
      setCustomAmount(restore ?? amountText(convertAmount(amount, currency, next, rate, quetzalBounds)));
    }
    setConverted({ currency, customAmount, amount });
    setCurrency(next);
  };

  return {
    preset,
    customAmount,
    amount,
    amountIsValid,
    amountError,
    setAmountError,
    currency,
    /** The amount before the currency changed (its currency and value), while it is the one shown. */
    converted,
    chooseCurrency,
    /** The bounds in the chosen currency; null until the settings (and, for dollars, the rate) are known. */
    bounds,
    /** The presets (quetzal amounts, their key) and what each is in the chosen currency. */
    presets: PRESET_AMOUNTS.map((value) => ({ value, amount: presetIn(value, currency, rate, quetzalBounds) })),
    coverFees,
    setCoverFees,
    anonymous,
    setAnonymous,
    frequency,
    setFrequency,
    method,
    depositAvailable,
    programs,
    programId,
    programError,
    setProgramError,
    chooseProgram(id: number | null) {
      setProgram(id);
      setProgramError(null);
    },
    choosePreset(value: number) {
      setPreset(value);
      setCustomAmount('');
      setAmountError(null);
      setConverted(null);
    },
    typeAmount(value: string) {
      setCustomAmount(value);
      setPreset(null);
      setAmountError(null);
      setConverted(null);
    },
    chooseMethod(next: PaymentMethod) {
      setMethod(next);
      if (next === 'bank_deposit') {
        // A deposit is in quetzales: a dollar amount is converted back, as with the currency's own choice.
        chooseCurrency('GTQ');
        setCoverFees(false);
      }
    },
    /** The amount's refusal, or null when it may go to the details step. */
    checkAmount(): string | null {
      if (!bounds) return d.amountRequired;
      if (preset === null && custom.error) return custom.error;
      const checked = donateAmountSchema(bounds, currency).safeParse(amount);
      return checked.success ? null : (checked.error.issues[0]?.message ?? d.amountRequired);
    },
    /** Back to an empty first step after a finished donation. */
    clear() {
      setFrequency('once');
      setPreset(null);
      setCustomAmount('');
      setAmountError(null);
      setAnonymous(false);
      setProgram(null);
      setConverted(null);
    },
  };
}

export type DonateChoices = ReturnType<typeof useDonateChoices>;
