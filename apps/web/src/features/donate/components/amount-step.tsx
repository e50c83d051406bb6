// Step 1: "Una vez" or "Cada mes" (docs/product.md#monthly-giving), then a preset (Q185, Q75, Q35, Q15)
// or a custom amount, each clearing the other, in the currency chosen on step 2 (in dollars: the
// presets in whole dollars at the reference rate, the field prefixed "US$"; decision 0071).
import type { ReactNode, Ref } from 'react';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { parseAmountInput } from '@donaciones/shared/amount-input';
import { CURRENCY_SYMBOLS, formatMoney, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import { AmountUnderstood } from '@/components/amount-understood';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { cn } from '@/lib/cn';
import { presetLabel } from '../hooks/amount-currency';

const d = donateMessages;
const m = monthlyMessages;

/** Longest text the field keeps: more than any amount with grouping, decimals and the symbol. */
export const AMOUNT_INPUT_MAX_LENGTH = 20;

/**
 * What the donor typed in "Otro monto", read as a Guatemalan means it (`1,500` is one thousand
 * five hundred): the amount in `currency`, or why it was refused. Empty text is no amount, no error.
 * The currency's symbol may lead it (`Q185`; in dollars `US$100` or `$100`).
 */
export function readCustomAmount(text: string, currency: PaymentCurrency): { amount: number; error: string | null } {
  const parsed = parseAmountInput(text, currency);
  if (parsed.ok) return { amount: parsed.cents / 100, error: null };
  if (parsed.problem === 'empty') return { amount: 0, error: null };
  if (parsed.problem === 'otherCurrency' && currency === 'GTQ') return { amount: 0, error: d.amountDollarsLater };
  return { amount: 0, error: d.amountInput[parsed.problem] };
}

export interface AmountStepProps {
  preset: number | null;
  /** Each preset (a quetzal amount, its key) with its amount in `currency`. */
  presets: { value: number; amount: number }[];
  customAmount: string;
  amount: number;
  currency: PaymentCurrency;
  /** Quetzales per dollar, said on the step when the amounts are in dollars. */
  usdRate: number;
  /** In `currency`. */
  bounds: { min: number; max: number };
  error: string | null;
  maintenance: boolean;
  frequency: DonationFrequency;
  onFrequency: (frequency: DonationFrequency) => void;
  onPreset: (value: number) => void;
  onCustomAmount: (value: string) => void;
  onContinue: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  /** "¿A qué programa va tu donación?", when the settings offer the programmes (docs/product.md#designation). */
  designation?: ReactNode;
}

export function AmountStep(props: AmountStepProps) {
  const { preset, presets, customAmount, amount, currency, bounds, error, maintenance, frequency, onFrequency, onPreset, onCustomAmount, onContinue, headingRef, designation } = props;
  const understood = preset === null && !error && amount > 0 ? amount : null;
  // Text the parser refuses keeps the button enabled, so that pressing it says why; nothing typed, or
  // an amount of zero, keeps it disabled.
  const typed = parseAmountInput(customAmount, currency);
  const nothingToGive = !(amount > 0) && (typed.ok ? typed.cents === 0 : typed.problem === 'empty');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      <FrequencyChoice frequency={frequency} onFrequency={onFrequency} />
      <fieldset className="mt-6">
        <legend className="contents">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
            {d.amountLegend}
          </h2>
        </legend>
        <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {presets.map(({ value, amount: shown }) => {
            const selected = preset === value;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={selected}
                onClick={() => onPreset(value)}
                className={cn(
                  'flex h-18 flex-col items-center justify-center rounded-2xl border-2 font-display text-2xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  selected ? 'border-brand-700 bg-brand-700 text-white shadow-lift' : 'border-sand-200 bg-white text-ink-900 hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                {presetLabel(shown, currency)}
              </button>
            );
          })}
        </div>
        {currency === 'USD' && (
          <p className="mt-3 text-sm text-ink-600" data-testid="amounts-in-usd">
            {d.amountsInUsd(formatMoney(props.usdRate))}
          </p>
        )}
      </fieldset>

      <TextInput
        className="mt-5"
        label={d.customAmount}
        name="customAmount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="1,500.00"
        prefix={CURRENCY_SYMBOLS[currency]}
        maxLength={AMOUNT_INPUT_MAX_LENGTH}
        value={customAmount}
        onChange={(e) => onCustomAmount(e.target.value)}
        hint={d.customAmountHint(formatMoney(bounds.min, currency), formatMoney(bounds.max, currency))}
        error={error ?? undefined}
        inputClassName="text-lg font-semibold"
      />
      <AmountUnderstood cents={understood === null ? null : toCents(understood)} currency={currency} testId="custom-amount-understood" />
      {designation}

      {maintenance && (
        <p role="alert" className="mt-5 flex items-start gap-3 rounded-2xl bg-accent-50 p-4 text-sm font-semibold text-accent-900 ring-1 ring-accent-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {d.maintenanceNotice}
        </p>
      )}

      <Button
        type="submit"
        size="lg"
        className="mt-6 w-full"
        disabled={nothingToGive || maintenance}
        icon={<ArrowRight aria-hidden="true" className="size-5" />}
      >
        {d.continue}
      </Button>
    </form>
  );
}

/** A segmented control made of native radios: arrow keys move between them, a screen reader names the group. */
function FrequencyChoice({ frequency, onFrequency }: { frequency: DonationFrequency; onFrequency: (frequency: DonationFrequency) => void }) {
  const options: { value: DonationFrequency; label: string }[] = [
    { value: 'once', label: m.frequency.once },
    { value: 'monthly', label: m.frequency.monthly },
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink-700">{m.frequency.legend}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-2xl bg-sand-100 p-1 ring-1 ring-sand-200">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex h-12 cursor-pointer items-center justify-center rounded-xl text-base font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              frequency === o.value ? 'bg-brand-700 text-white shadow-lift' : 'text-ink-700 hover:bg-white',
            )}
          >
            <input
              type="radio"
              name="frecuencia"
              value={o.value}
              checked={frequency === o.value}
              onChange={() => onFrequency(o.value)}
              className="sr-only"
            />
            {o.label}
          </label>
        ))}
      </div>
      {frequency === 'monthly' && <p className="mt-2 text-sm text-ink-600">{m.frequency.monthlyHint}</p>}
    </fieldset>
  );
}
