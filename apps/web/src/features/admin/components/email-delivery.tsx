// The email rate and the retention of sent emails: a card of the settings screen (settings.manage,
// docs/product.md#email).
import { emailDeliveryMessages as t } from '@donaciones/shared/messages/email-delivery';
import { type EmailDeliverySettings, emailDeliverySettingsSchema } from '@donaciones/shared/schemas/email-delivery';
import { Card } from '@/components/card';
import { TextInput } from '@/components/form-fields';
import { useUpdateEmailDelivery } from '../api/email-delivery';
import { FormFooter, useSettingsForm } from './system-forms';

export function EmailDeliveryForm({ values }: { values: EmailDeliverySettings }) {
  const save = useUpdateEmailDelivery();
  const { form, submit, success, error } = useSettingsForm(emailDeliverySettingsSchema, values, save, { saved: t.saved, failed: t.failed });
  const { errors } = form.formState;
  const perMinute = form.watch('per_minute');
  const number = (name: 'per_minute' | 'sent_retention_days', label: string, min: number, max: number) => (
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
          {number('per_minute', t.perMinute, 1, 10_000)}
          {number('sent_retention_days', t.retention, 7, 3650)}
        </div>
        {Number.isInteger(perMinute) && perMinute >= 1 ? <p className="mt-3 text-sm text-ink-600">{t.pace(perMinute)}</p> : null}
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}
