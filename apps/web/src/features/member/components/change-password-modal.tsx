// The change-password modal (docs/product.md#screens-and-routes, #validation-rules): current, new and
// confirmation; a wrong current password is shown on its field.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@donaciones/shared/schemas/profile';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { ErrorMessage } from '@/components/flash-message';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

const t = memberMessages.settings;
const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function ChangePasswordModal({ open, onClose, onChanged }: ChangePasswordModalProps) {
  return open ? <ChangePasswordDialog onClose={onClose} onChanged={onChanged} /> : null;
}

/** The form's flow: a field error from the server goes under its field, anything else above the form. */
function useChangePasswordForm(onChanged: () => void) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<{ message: string; detail?: string } | null>(null);
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      onChanged();
    } catch (error) {
      if (!applyServerErrors(form.setError, error, FIELDS)) {
        const status = getErrorStatus(error);
        setFormError({ message: screensMessages.passwordChangeError, detail: status === 400 || status === 429 ? getErrorMessage(error, '') : undefined });
      }
    }
  });
  return { form, submit, formError, pending: change.isPending };
}

function ChangePasswordDialog({ onClose, onChanged }: Omit<ChangePasswordModalProps, 'open'>) {
  const { form, submit, formError, pending } = useChangePasswordForm(onChanged);
  const [visible, setVisible] = useState(false);
  const { errors } = form.formState;

  const type = visible ? 'text' : 'password';
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!pending}
      title={t.passwordModalTitle}
      description={t.passwordModalBody}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t.cancel}
          </Button>
          <Button type="submit" form="change-password-form" loading={pending} loadingText={t.changingPassword}>
            {t.changePassword}
          </Button>
        </>
      }
    >
      <form id="change-password-form" noValidate onSubmit={submit} className="space-y-4">
        <ErrorMessage message={formError?.message ?? null} detail={formError?.detail} />
        <TextInput
          label={t.currentPassword}
          type={type}
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextInput
          label={t.newPassword}
          type={type}
          autoComplete="new-password"
          required
          hint={t.newPasswordHint}
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextInput
          label={t.confirmPassword}
          type={type}
          autoComplete="new-password"
          required
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <ShowPasswordsToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
      </form>
    </Modal>
  );
}

function ShowPasswordsToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={visible}
      className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      {visible ? t.hidePassword : t.showPassword}
    </button>
  );
}
