// Slip storage (docs/product.md#bank-deposits): the quotas and retention card of the settings screen
// (settings.manage) and the dashboard's warning when the slips pass 80% of the total quota.
import { AlertTriangle } from 'lucide-react';
import { formatDecimal } from '@donaciones/shared/format';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { type SlipStorageAnswer, slipStorageSettingsSchema } from '@donaciones/shared/schemas/deposits';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { paths } from '@/lib/paths';
import { useSlipStorage, useUpdateSlipStorage } from '../api/slip-storage';
import { FormFooter, useSettingsForm, WholeNumberSetting } from './system-forms';

const t = depositMessages.storage;
const MB = 1024 * 1024;
const inMb = (bytes: number) => `${formatDecimal(bytes / MB, 1)} MB`;

function usageLine(answer: SlipStorageAnswer): string {
  return t.usage(inMb(answer.used_bytes), inMb(answer.quota_bytes), answer.used_percent);
}

export function SlipStorageForm({ answer }: { answer: SlipStorageAnswer }) {
  const save = useUpdateSlipStorage();
  const { form, submit, success, error } = useSettingsForm(slipStorageSettingsSchema, answer.settings, save, { saved: t.saved, failed: t.failed });
  const { errors } = form.formState;
  return (
    <Card title={t.title} description={t.intro}>
      <p className={answer.warning ? 'mb-4 text-sm font-semibold text-amber-800' : 'mb-4 text-sm text-ink-600'}>{usageLine(answer)}</p>
      <form noValidate onSubmit={submit} aria-label={t.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <WholeNumberSetting {...form.register('per_donation_mb', { valueAsNumber: true })} label={t.perDonation} min={5} max={500} error={errors.per_donation_mb?.message} />
          <WholeNumberSetting {...form.register('total_mb', { valueAsNumber: true })} label={t.total} min={10} max={1_000_000} error={errors.total_mb?.message} />
          <WholeNumberSetting {...form.register('retention_days', { valueAsNumber: true })} label={t.retention} min={7} max={3650} error={errors.retention_days?.message} />
        </div>
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}

/** Shown on the staff dashboard only while the slips take 80% or more of the total quota. */
export function SlipStorageWarning({ enabled }: { enabled: boolean }) {
  const query = useSlipStorage({ enabled });
  const answer = query.data;
  if (!enabled || !answer?.warning) return null;
  return (
    <section aria-labelledby="slip-storage-warning" className="flex flex-col gap-3 rounded-2xl bg-amber-50 px-4 py-4 ring-1 ring-amber-600/30 sm:flex-row sm:items-center">
      <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="slip-storage-warning" className="font-semibold text-amber-900">
          {t.warningTitle}
        </h2>
        <p className="text-sm text-amber-900">{t.warning(answer.used_percent)}</p>
        <p className="text-sm text-amber-900">{usageLine(answer)}</p>
      </div>
      <ButtonLink to={paths.adminSettings} variant="outline" size="sm">
        {t.goToSettings}
      </ButtonLink>
    </section>
  );
}
