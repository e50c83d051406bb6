// The monthly amount of a sponsorship and the minutes a chosen place is held while the person pays:
// a card of the settings screen (settings.manage, docs/product.md#sponsorship).
import { sponsorshipSettingsMessages as t } from '@donaciones/shared/messages/sponsorship-settings';
import { type SponsorshipSettings, sponsorshipSettingsSchema } from '@donaciones/shared/schemas/sponsorship';
import { Card } from '@/components/card';
import { TextInput } from '@/components/form-fields';
import { useUpdateSponsorshipSettings } from '../api/sponsorship-settings';
import { FormFooter, useSettingsForm } from './system-forms';

export function SponsorshipSettingsForm({ values }: { values: SponsorshipSettings }) {
  const save = useUpdateSponsorshipSettings();
  const { form, submit, success, error } = useSettingsForm(sponsorshipSettingsSchema, values, save, { saved: t.saved, failed: t.failed });
  const { errors } = form.formState;
  const number = (name: 'monthly_amount' | 'hold_minutes', label: string, min: number, max: number) => (
    <TextInput
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      required
      error={errors[name]?.message}
      {...form.register(name, { valueAsNumber: true })}
    />
  );
  return (
    <Card title={t.title} description={t.intro}>
      <form noValidate onSubmit={submit} aria-label={t.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {number('monthly_amount', t.monthlyAmount, 1, 100_000)}
          {number('hold_minutes', t.holdMinutes, 5, 24 * 60)}
        </div>
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}
