// The email rate and the retention of sent emails: a card of the settings screen (settings.manage,
// docs/product.md#email).
import { emailDeliveryMessages as t } from '@donaciones/shared/messages/email-delivery';
import { type EmailDeliverySettings, emailDeliverySettingsSchema } from '@donaciones/shared/schemas/email-delivery';
import { Card } from '@/components/card';
import { useUpdateEmailDelivery } from '../api/email-delivery';
import { FormFooter, useSettingsForm, WholeNumberSetting } from './system-forms';

export function EmailDeliveryForm({ values }: { values: EmailDeliverySettings }) {
  const save = useUpdateEmailDelivery();
  const { form, submit, success, error } = useSettingsForm(emailDeliverySettingsSchema, values, save, { saved: t.saved, failed: t.failed });
  const { errors } = form.formState;
  const perMinute = form.watch('per_minute');
  return (
    <Card title={t.title} description={t.intro}>
      <form noValidate onSubmit={submit} aria-label={t.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <WholeNumberSetting {...form.register('per_minute', { valueAsNumber: true })} label={t.perMinute} min={1} max={10_000} error={errors.per_minute?.message} />
          <WholeNumberSetting {...form.register('sent_retention_days', { valueAsNumber: true })} label={t.retention} min={7} max={3650} error={errors.sent_retention_days?.message} />
        </div>
        {Number.isInteger(perMinute) && perMinute >= 1 ? <p className="mt-3 text-sm text-ink-600">{t.pace(perMinute)}</p> : null}
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}
