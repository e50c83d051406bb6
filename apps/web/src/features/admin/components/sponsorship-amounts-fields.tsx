// The sponsorship card's amounts (docs/product.md#sponsorship, decision 0055): the birthday gift's
// suggested amount and an optional monthly amount per programme (empty: the general amount). Part of
// the sponsorship settings form; the server checks each against the gift bounds.
import type { ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '@donaciones/shared/format';
import { sponsorshipAmountsMessages as t } from '@donaciones/shared/messages/sponsorship-amounts';
import type { SponsorshipSettings, sponsorshipSettingsSchema } from '@donaciones/shared/schemas/sponsorship';
import type { ProgramAmount } from '@donaciones/shared/schemas/sponsorship-amounts';
import { TextInput } from '@/components/form-fields';
import { useAdminPrograms } from '../api/get-admin-programs';
import { WholeNumberSetting } from './system-forms';

type Form = UseFormReturn<z.input<typeof sponsorshipSettingsSchema>, unknown, SponsorshipSettings>;

function ProgramAmounts({ form }: { form: Form }) {
  const programs = useAdminPrograms();
  const list: ProgramAmount[] = form.watch('program_amounts') ?? [];
  const general = form.watch('monthly_amount');
  const errors = form.formState.errors.program_amounts;
  const change = (programId: number) => (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value.trim();
    const rest = list.filter((p) => p.program_id !== programId);
    // Keeps the programme's place in the list, so an error stays next to its field.
    const next = raw === '' ? rest : list.some((p) => p.program_id === programId) ? list.map((p) => (p.program_id === programId ? { ...p, amount: Number(raw) } : p)) : [...list, { program_id: programId, amount: Number(raw) }];
    form.setValue('program_amounts', next, { shouldDirty: true });
    if (errors) form.clearErrors('program_amounts');
  };
  return (
    <fieldset className="mt-6 space-y-3">
      <legend className="text-base font-semibold text-ink-900">{t.programAmountsTitle}</legend>
      <p className="text-sm text-ink-600">{t.programAmountsHint}</p>
      {programs.data?.length === 0 && <p className="text-sm text-ink-600">{t.noPrograms}</p>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {programs.data?.map((p) => {
          const index = list.findIndex((a) => a.program_id === p.id);
          const entry = index >= 0 ? list[index] : undefined;
          return (
            <TextInput
              key={p.id}
              type="number"
              inputMode="numeric"
              min={1}
              max={100_000}
              step={1}
              label={t.programAmountLabel(p.is_active ? p.name : `${p.name} (${t.inactive})`)}
              placeholder={Number.isFinite(general) ? formatMoney(Number(general)) : ''}
              value={entry && Number.isFinite(entry.amount) ? String(entry.amount) : ''}
              onChange={change(p.id)}
              error={index >= 0 ? errors?.[index]?.amount?.message ?? errors?.[index]?.program_id?.message : undefined}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

export function SponsorshipAmountFields({ form }: { form: Form }) {
  return (
    <>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <WholeNumberSetting
          {...form.register('birthday_gift_amount', { valueAsNumber: true })}
          label={t.birthdayGiftAmount}
          hint={t.birthdayGiftHint}
          min={1}
          max={100_000}
          error={form.formState.errors.birthday_gift_amount?.message}
        />
      </div>
      <ProgramAmounts form={form} />
    </>
  );
}
