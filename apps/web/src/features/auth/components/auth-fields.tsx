// The fields the auth forms share, each checked on blur unless the focus leaves for a link: the
// email address, and a new password with its confirmation.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { authMessages } from '@donaciones/shared/messages/auth';
import { TextInput } from '@/components/form-fields';
import { blurUnlessLeaving } from './blur-validation';
import { PasswordInput } from './password-input';

const ui = authMessages.ui;

export function EmailField({
  registration,
  error,
  autoComplete = 'email',
  autoFocus,
  hint,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete?: 'email' | 'username';
  autoFocus?: boolean;
  hint?: ReactNode;
}) {
  return (
    <TextInput
      label={ui.emailLabel}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={ui.emailPlaceholder}
      required
      autoFocus={autoFocus}
      error={error}
      hint={hint}
      {...blurUnlessLeaving(registration)}
    />
  );
}

export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  errors,
  autoFocus,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        hint={ui.passwordHint}
        error={errors.password}
        {...blurUnlessLeaving(password)}
      />
      <PasswordInput
        label={ui.confirmPasswordLabel}
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        {...blurUnlessLeaving(confirmPassword)}
      />
    </>
  );
}
