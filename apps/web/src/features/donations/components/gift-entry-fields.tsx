// The sections of the staff gift form (docs/product.md#staff-gift-entry): the donor, how and when it
// arrived (each method asks for its own details), and the gift itself. Every error shows next to its field.
import type { UseFormReturn } from 'react-hook-form';
import { formatMoney, formatMonth, guatemalaDay } from '@donaciones/shared/format';
import { GIFT_METHODS, giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { RECEIVED_ON_MIN, type GiftEntryOptions, type StaffGift, type StaffGiftInput } from '@donaciones/shared/schemas/gift-entry';
import { Checkbox, Select, TextArea, TextInput } from '@/components/form-fields';
import { type ChosenDonor, DonorPicker } from './donor-picker';

export type GiftForm = UseFormReturn<StaffGiftInput, unknown, StaffGift>;
export type DonorMode = 'new' | 'existing';

const METHOD_OPTIONS = GIFT_METHODS.map((m) => ({ value: m, label: g.methods[m] }));
const CURRENCY_OPTIONS = Object.entries(g.currencies).map(([value, label]) => ({ value, label }));

interface DonorFieldsProps {
  form: GiftForm;
  mode: DonorMode;
  onMode: (mode: DonorMode) => void;
  chosen: ChosenDonor | null;
  onChoose: (donor: ChosenDonor | null) => void;
}

export function DonorFields({ form, mode, onMode, chosen, onChoose }: DonorFieldsProps) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <div role="radiogroup" aria-label={g.donorChoice} className="grid gap-3 sm:grid-cols-2">
        {(['new', 'existing'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-4 py-3 text-sm font-semibold text-ink-900 has-checked:border-brand-500 has-checked:bg-brand-50">
            <input type="radio" name="donor-mode" value={value} checked={mode === value} onChange={() => onMode(value)} className="size-4 accent-brand-700" />
            {value === 'new' ? g.donorNew : g.donorExisting}
          </label>
        ))}
      </div>
      {mode === 'existing' ? (
        <DonorPicker chosen={chosen} onChoose={onChoose} error={errors.donorId?.message ?? (errors.donorName ? g.donorNotChosen : undefined)} />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput label={g.donorName} required autoComplete="off" error={errors.donorName?.message} {...register('donorName')} />
          <TextInput label={g.donorEmail} optional type="email" inputMode="email" autoComplete="off" hint={g.donorEmailHint} error={errors.donorEmail?.message} {...register('donorEmail')} />
          <TextInput label={g.donorPhone} optional type="tel" inputMode="tel" autoComplete="off" error={errors.donorPhone?.message} {...register('donorPhone')} />
        </div>
      )}
    </>
  );
}

/** Under the date: a day of a month already closed gives the gift today's date (decision 0078), said before it is recorded. */
function closedDayHint(receivedOn: string | undefined, closedThrough: string | null | undefined): string | undefined {
  if (!closedThrough || !receivedOn || !/^\d{4}-\d{2}-\d{2}$/.test(receivedOn) || receivedOn.slice(0, 7) > closedThrough) return undefined;
  return g.receivedOnClosed(formatMonth(receivedOn.slice(0, 7)));
}

export function MethodFields({ form, closedThrough }: { form: GiftForm; closedThrough?: string | null }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const method = watch('method');
  const receivedOn = watch('receivedOn');
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select label={g.method} required options={METHOD_OPTIONS} error={errors.method?.message} {...register('method')} />
        <TextInput
          label={g.receivedOn}
          required
          type="date"
          min={RECEIVED_ON_MIN}
          max={guatemalaDay(new Date())}
          hint={closedDayHint(receivedOn, closedThrough)}
          error={errors.receivedOn?.message}
          {...register('receivedOn')}
        />
      </div>
      {method === 'cheque' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput label={g.chequeNumber} required autoComplete="off" error={errors.chequeNumber?.message} {...register('chequeNumber')} />
          <TextInput label={g.chequeBank} required autoComplete="off" error={errors.chequeBank?.message} {...register('chequeBank')} />
        </div>
      )}
      {(method === 'transfer' || method === 'deposit') && (
        <TextInput label={g.reference} required autoComplete="off" error={errors.reference?.message} {...register('reference')} />
      )}
      {method === 'in_kind' && (
        <div className="grid gap-5">
          <TextArea label={g.inKindDescription} required rows={3} maxLength={500} error={errors.inKindDescription?.message} {...register('inKindDescription')} />
          <TextInput label={g.valuationBasis} required hint={g.valuationBasisHint} autoComplete="off" error={errors.valuationBasis?.message} {...register('valuationBasis')} />
        </div>
      )}
    </>
  );
}

export function AmountFields({ form, options }: { form: GiftForm; options: GiftEntryOptions | undefined }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const programOptions = [{ value: '', label: g.whereMostNeeded }, ...(options?.programs ?? []).map((p) => ({ value: String(p.id), label: p.name }))];
  const hint = watch('method') === 'in_kind' ? g.inKindAmountHint : options ? g.amountHint(formatMoney(options.min_amount), formatMoney(options.max_amount)) : undefined;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput label={g.amount} required inputMode="decimal" autoComplete="off" hint={hint} error={errors.amount?.message} {...register('amount')} />
        <Select label={g.currency} required options={CURRENCY_OPTIONS} error={errors.currency?.message} {...register('currency')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select label={g.program} options={programOptions} error={errors.programId?.message} {...register('programId')} />
        <TextInput label={g.nit} optional autoComplete="off" hint={g.nitHint} error={errors.nit?.message} {...register('nit')} />
      </div>
      <TextArea label={g.note} optional rows={3} maxLength={1000} hint={g.noteHint} error={errors.note?.message} {...register('note')} />
      {options?.may_complete && <Checkbox label={g.completed} hint={g.completedHint} {...register('completed')} />}
    </>
  );
}
