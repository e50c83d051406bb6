// Perfil Personal (docs/product.md#accounts-and-sessions, #validation-rules): names, phone, address and the NIT or CUI
// that prefills the donate form; the email is read-only.
// Also the Security block that opens the change-password modal.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Save } from 'lucide-react';
import type { z } from 'zod';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { ADDRESS_MAX_LENGTH, type Profile, updateProfileSchema } from '@donaciones/shared/schemas/profile';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextArea, TextInput } from '@/components/form-fields';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { applyServerErrors } from '@/lib/form-errors';
import { useSiteInfo } from '@/lib/site';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordModal } from './change-password-modal';

const t = memberMessages.settings;
const FIELDS = ['first_name', 'last_name', 'phone', 'address', 'nit'] as const;

type FormInput = z.input<typeof updateProfileSchema>;
type FormOutput = z.output<typeof updateProfileSchema>;

export function ProfileTab({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { contactEmail } = useSiteInfo();
  const [saved, showSaved] = useFlash();
  const [passwordChanged, showPasswordChanged] = useFlash();
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone ?? '', address: profile.address ?? '', nit: profile.nit ?? '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const next = await update.mutateAsync({ first_name: values.first_name, last_name: values.last_name, phone: values.phone, address: values.address, nit: values.nit });
      form.reset({ first_name: next.first_name, last_name: next.last_name, phone: next.phone ?? '', address: next.address ?? '', nit: next.nit ?? '' });
      showSaved(screensMessages.profileSaved);
    } catch (error) {
      const placed = applyServerErrors(form.setError, error, FIELDS);
      setFormError(placed || getErrorStatus(error) !== 400 ? screensMessages.profileSaveError : getErrorMessage(error, screensMessages.profileSaveError));
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card title={t.personalData} className="lg:col-span-2">
        <form noValidate onSubmit={submit} className="space-y-5" aria-label={t.tabs.profile}>
          <ErrorMessage message={formError} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput label={t.firstName} autoComplete="given-name" required error={errors.first_name?.message} {...form.register('first_name')} />
            <TextInput label={t.lastName} autoComplete="family-name" required error={errors.last_name?.message} {...form.register('last_name')} />
          </div>
          <TextInput label={t.email} type="email" name="email" value={profile.email} readOnly aria-readonly="true" hint={validationMessages.emailReadOnly(contactEmail)} />
          <TextInput label={t.phone} type="tel" autoComplete="tel" optional hint={t.phoneHint} error={errors.phone?.message} {...form.register('phone')} />
          <TextArea
            label={t.address}
            autoComplete="street-address"
            optional
            rows={3}
            maxLength={ADDRESS_MAX_LENGTH}
            error={errors.address?.message}
            {...form.register('address')}
          />
          <TextInput label={taxIdMessages.profileLabel} autoComplete="off" optional hint={taxIdMessages.profileHint} error={errors.nit?.message} {...form.register('nit')} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" loading={update.isPending} loadingText={t.saving} icon={<Save aria-hidden="true" className="size-4" />}>
              {t.save}
            </Button>
            <SuccessMessage message={saved} />
          </div>
        </form>
      </Card>

      <Card title={t.securityTitle} description={t.securityBody} className="h-fit">
        <div className="space-y-4">
          <Button variant="secondary" onClick={() => setPasswordOpen(true)} icon={<KeyRound aria-hidden="true" className="size-4" />}>
            {t.changePassword}
          </Button>
          <SuccessMessage message={passwordChanged} />
        </div>
      </Card>

      <ChangePasswordModal
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => {
          setPasswordOpen(false);
          showPasswordChanged(screensMessages.passwordChanged);
        }}
      />
    </div>
  );
}
