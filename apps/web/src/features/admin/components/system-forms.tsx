// The forms of the Sistema tab that edit one settings document each: system, organisation,
// impact factors and donor levels. Each validates with the shared schema the API uses.
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FieldValues, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { designationMessages as dm } from '@donaciones/shared/messages/designation';
import {
  type ImpactSettings,
  type LevelSettings,
  type OrganizationSettings,
  type SystemSettings,
  impactSettingsFormSchema,
  levelSettingsFormSchema,
  organizationSettingsSchema,
  systemSettingsSchema,
} from '@donaciones/shared/schemas/settings';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, TextArea, TextInput } from '@/components/form-fields';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { applyServerErrors } from '@/lib/form-errors';
import { moneyFieldValue } from '@/lib/money-field';
import { useUpdateImpactSettings } from '../api/update-impact-settings';
import { useUpdateLevelSettings } from '../api/update-level-settings';
import { useUpdateOrganization } from '../api/update-organization';
import { useUpdateSystemSettings } from '../api/update-system-settings';

const t = adminMessages.system;

/** Save button, success line (3 s) and error line under a settings form. */
export function FormFooter({ saving, label, success, error }: { saving: boolean; label: string; success: string | null; error: string | null }) {
  return (
    <div className="mt-5 flex flex-col gap-3">
      <ErrorMessage message={error} />
      <SuccessMessage message={success} />
      <div>
        <Button type="submit" loading={saving} loadingText={adminMessages.common.saving}>
          {label}
        </Button>
      </div>
    </div>
  );
}

/** A whole-number setting between `min` and `max` (its registration spread in: `{...form.register(name, { valueAsNumber: true })}`). */
export function WholeNumberSetting({ min, max, ...props }: ComponentProps<typeof TextInput> & { min: number; max: number }) {
  return <TextInput type="number" inputMode="numeric" min={min} max={max} step={1} required {...props} />;
}

/** One settings document: a card with a form that saves it and reports the result (`saved` for 3 s,
 * or the server's field messages on the fields and `failed` under the form). */
export function useSettingsForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  values: z.output<S>,
  save: UseMutationResult<z.output<S>, unknown, z.output<S>>,
  { saved, failed }: { saved: string; failed: string },
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never), defaultValues: values as never });
  const [success, showSuccess, clearSuccess] = useFlash();
  const [error, setError] = useState<string | null>(null);
  // A save elsewhere (or a refetch) brings new values: show them unless the admin is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values as never);
  }, [values, form]);
  const submit = form.handleSubmit(async (data) => {
    setError(null);
    clearSuccess();
    try {
      form.reset((await save.mutateAsync(data)) as never);
      showSuccess(saved);
    } catch (err) {
      applyServerErrors(form.setError, err);
      setError(failed);
    }
  });
  return { form, submit, success, error };
}

export function SystemSettingsForm({ values }: { values: SystemSettings }) {
  const save = useUpdateSystemSettings();
  const { form, submit, success, error } = useSettingsForm(systemSettingsSchema, values, save, { saved: screensMessages.systemSaved, failed: screensMessages.systemSaveError });
  const { errors } = form.formState;
  return (
    <Card title={t.title} description={t.description}>
      <form noValidate onSubmit={submit} aria-label={t.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput label={t.systemName} required error={errors.system_name?.message} {...form.register('system_name')} />
          <TextInput label={t.contactEmail} type="email" required error={errors.contact_email?.message} {...form.register('contact_email')} />
          <TextInput
            label={t.minAmount}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={errors.min_donation_amount?.message}
            {...form.register('min_donation_amount', { valueAsNumber: true })}
          />
          <TextInput
            label={t.maxAmount}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={errors.max_donation_amount?.message}
            {...form.register('max_donation_amount', { valueAsNumber: true })}
          />
          <TextInput
            label={t.expiryDays}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            error={errors.pending_expiry_days?.message}
            {...form.register('pending_expiry_days', { valueAsNumber: true })}
          />
        </div>
        <Checkbox className="mt-5" label={<span className="font-semibold">{t.maintenance}</span>} hint={t.maintenanceHint} {...form.register('maintenance_mode')} />
        <Checkbox className="mt-4" label={<span className="font-semibold">{dm.setting}</span>} hint={dm.settingHint} {...form.register('checkout_programs')} />
        <FormFooter saving={save.isPending} label={t.save} success={success} error={error} />
      </form>
    </Card>
  );
}

export function OrganizationForm({ values }: { values: OrganizationSettings }) {
  const save = useUpdateOrganization();
  const { form, submit, success, error } = useSettingsForm(organizationSettingsSchema, values, save, { saved: t.orgSaved, failed: t.orgError });
  const { errors } = form.formState;
  const count = (name: 'children_per_year' | 'schools_benefited' | 'scholarships', label: string) => (
    <TextInput label={label} type="number" inputMode="numeric" min={0} step={1} error={errors[name]?.message} {...form.register(name, { valueAsNumber: true })} />
  );
  return (
    <Card title={t.orgTitle} description={t.orgDescription}>
      <form noValidate onSubmit={submit} aria-label={t.orgTitle}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput label={t.orgName} required error={errors.name?.message} {...form.register('name')} />
          <TextInput label={t.orgEmail} type="email" required error={errors.email?.message} {...form.register('email')} />
          <TextInput label={t.orgPhone} type="tel" required error={errors.phone?.message} {...form.register('phone')} />
          <TextInput label={t.orgAddress} error={errors.address?.message} {...form.register('address')} />
          <TextArea className="sm:col-span-2" label={t.orgAbout} required rows={3} error={errors.description?.message} {...form.register('description')} />
        </div>
        <fieldset className="mt-5">
          <legend className="mb-3 text-sm font-bold tracking-wide text-ink-600 uppercase">{t.orgFigures}</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {count('children_per_year', t.childrenPerYear)}
            {count('schools_benefited', t.schools)}
            {count('scholarships', t.scholarships)}
          </div>
        </fieldset>
        <FormFooter saving={save.isPending} label={t.orgSave} success={success} error={error} />
      </form>
    </Card>
  );
}

export function ImpactForm({ values }: { values: ImpactSettings }) {
  const save = useUpdateImpactSettings();
  const { form, submit, success, error } = useSettingsForm(impactSettingsFormSchema, values, save, { saved: t.impactSaved, failed: t.impactError });
  const { errors } = form.formState;
  const factor = (name: keyof ImpactSettings, label: string) => (
    // Text, read by the schema as a Guatemalan writes it (`1,500.50`; decision 0074), never the browser's number parsing.
    <TextInput label={label} inputMode="decimal" autoComplete="off" prefix="Q" error={errors[name]?.message} {...form.register(name)} />
  );
  return (
    <Card title={t.impactTitle} description={t.impactDescription}>
      <form noValidate onSubmit={submit} aria-label={t.impactTitle}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {factor('quetzales_per_child', t.perChild)}
          {factor('quetzales_per_meal', t.perMeal)}
          {factor('quetzales_per_scholarship', t.perScholarship)}
          {factor('quetzales_per_evangelism_hour', t.perHour)}
        </div>
        <FormFooter saving={save.isPending} label={t.impactSave} success={success} error={error} />
      </form>
    </Card>
  );
}

export function LevelsForm({ values }: { values: LevelSettings }) {
  const save = useUpdateLevelSettings();
  const { form, submit, success, error } = useSettingsForm(levelSettingsFormSchema, values, save, { saved: t.levelsSaved, failed: t.levelsError });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'levels' });
  const { errors } = form.formState;
  const listError: ReactNode = errors.levels?.root?.message ?? errors.levels?.message;
  return (
    <Card title={t.levelsTitle} description={t.levelsDescription}>
      <form noValidate onSubmit={submit} aria-label={t.levelsTitle}>
        <ol className="flex flex-col gap-3">
          {fields.map((field, i) => (
            <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_8.5rem_auto] items-start gap-3">
              <TextInput label={t.levelName} error={errors.levels?.[i]?.name?.message} {...form.register(`levels.${i}.name`)} />
              <TextInput
                label={t.levelThreshold}
                inputMode="decimal"
                autoComplete="off"
                error={errors.levels?.[i]?.threshold?.message}
                {...form.register(`levels.${i}.threshold`)}
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7 text-red-700 hover:bg-red-50"
                aria-label={t.removeLevel(form.getValues(`levels.${i}.name`) || String(i + 1))}
                disabled={fields.length <= 1}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
        {listError && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {listError}
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          icon={<Plus aria-hidden="true" className="size-4" />}
          disabled={fields.length >= 20}
          onClick={() => {
            // The last threshold as typed ('1,500') or as loaded (1500).
            const last = moneyFieldValue(form.getValues('levels').at(-1)?.threshold ?? 0);
            append({ name: '', threshold: (Number.isFinite(last) ? last : 0) + 1000 });
          }}
        >
          {t.addLevel}
        </Button>
        <FormFooter saving={save.isPending} label={t.levelsSave} success={success} error={error} />
      </form>
    </Card>
  );
}
