// Staff settings of card payments (docs/product.md#payments): the fee a donor may choose to cover
// (percent plus IVA on it) and the quetzales per dollar, with the date of the rate.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { guatemalaDay } from '@donaciones/shared/format';
import type { PaymentSettings } from '@donaciones/shared/schemas/payments';
import { paymentSettingsInputSchema } from '@donaciones/shared/schemas/payment-settings-input';
import { RECORDED_DAY_MIN } from '@donaciones/shared/schemas/fields';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextInput } from '@/components/form-fields';
import { useUpdatePaymentSettings } from '../api/payment-settings';

const m = paymentsMessages;

export function PaymentSettingsForm({ values }: { values: PaymentSettings }) {
  const save = useUpdatePaymentSettings();
  const form = useForm<PaymentSettings>({ resolver: zodResolver(paymentSettingsInputSchema), defaultValues: values });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const invalid = Object.keys(form.formState.errors).length > 0;
  const submit = form.handleSubmit(
    async (data) => {
      setMessage(null);
      try {
        form.reset(await save.mutateAsync(data));
        setMessage({ ok: true, text: m.settingsSaved });
      } catch {
        setMessage({ ok: false, text: m.settingsError });
      }
    },
    () => setMessage({ ok: false, text: m.settingsInvalid }),
  );
  const number = (name: 'fee_percent' | 'fee_vat_percent' | 'usd_exchange_rate', label: string, step: string) => (
    <TextInput label={label} type="number" inputMode="decimal" step={step} min={0} error={form.formState.errors[name]?.message} {...form.register(name, { valueAsNumber: true })} />
  );
  return (
    <Card title={m.settingsTitle} description={m.settingsDescription}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={m.settingsTitle}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {number('fee_percent', m.feePercent, '0.01')}
          {number('fee_vat_percent', m.feeVatPercent, '0.01')}
          {number('usd_exchange_rate', m.usdRate, '0.0001')}
          <TextInput
            label={m.usdRateDate}
            type="date"
            min={RECORDED_DAY_MIN}
            max={guatemalaDay(new Date())}
            error={form.formState.errors.usd_exchange_rate_date?.message}
            {...form.register('usd_exchange_rate_date')}
          />
        </div>
        <div className="mt-5 flex flex-col gap-3">
          {message && (
            <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm font-semibold text-brand-700' : 'text-sm font-semibold text-red-700'}>
              {message.text}
            </p>
          )}
          <div>
            <Button type="submit" loading={save.isPending} disabled={invalid && !form.formState.isDirty}>
              {m.settingsSave}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
