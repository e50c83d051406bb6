// The monthly amount of a sponsorship, the minutes a chosen place is held while the person pays by card
// and the days it waits for a sponsor's first transfer (decision 0054):
// a card of the settings screen (settings.manage, docs/product.md#sponsorship).
import { sponsorshipSettingsMessages as t } from '@donaciones/shared/messages/sponsorship-settings';
import { type SponsorshipSettings, sponsorshipSettingsSchema } from '@donaciones/shared/schemas/sponsorship';
import { Card } from '@/components/card';
import { useUpdateSponsorshipSettings } from '../api/sponsorship-settings';
import { SponsorshipAmountFields } from './sponsorship-amounts-fields';
import { FormFooter, useSettingsForm, WholeNumberSetting } from './system-forms';

export function SponsorshipSettingsForm({ values }: { values: SponsorshipSettings }) {
  const save = useUpdateSponsorshipSettings();
  const { form, submit, success, error } = useSettingsForm(sponsorshipSettingsSchema, values, save, { saved: t.saved, failed: t.failed });
  const { errors } = form.formState;
  return (
    <Card title={t.title} description={t.intro}>
      <form noValidate onSubmit={submit} aria-label={t.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <WholeNumberSetting {...form.register('monthly_amount', { valueAsNumber: true })} label={t.monthlyAmount} min={1} max={100_000} error={errors.monthly_amount?.message} />
          <WholeNumberSetting {...form.register('hold_minutes', { valueAsNumber: true })} label={t.holdMinutes} min={5} max={24 * 60} error={errors.hold_minutes?.message} />
          <WholeNumberSetting {...form.register('transfer_hold_days', { valueAsNumber: true })} label={t.transferHoldDays} min={1} max={30} error={errors.transfer_hold_days?.message} />
          {/* Places held unpaid at once from one address (decision 0064). */}
          <WholeNumberSetting
            {...form.register('holds_per_connection', { valueAsNumber: true })}
            label={t.holdsPerConnection}
            hint={t.holdsPerConnectionHint}
            min={1}
            max={200}
            error={errors.holds_per_connection?.message}
          />
          {/* The lifecycle's grace periods (decision 0051). */}
          <WholeNumberSetting
            {...form.register('child_left_grace_days', { valueAsNumber: true })}
            label={t.childLeftGraceDays}
            hint={t.childLeftGraceHint}
            min={7}
            max={180}
            error={errors.child_left_grace_days?.message}
          />
          <WholeNumberSetting
            {...form.register('sponsor_stopped_grace_days', { valueAsNumber: true })}
            label={t.sponsorStoppedGraceDays}
            hint={t.sponsorStoppedGraceHint}
            min={0}
            max={365}
            error={errors.sponsor_stopped_grace_days?.message}
          />
        </div>
        {/* The birthday gift's suggested amount and the amounts per programme (decision 0055). */}
        <SponsorshipAmountFields form={form} />
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}
