// /reset-password?token=... (docs/product.md#accounts-and-sessions): the emailed single-use link; sets the new password,
// which also ends every session of the account.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, LinkIcon } from 'lucide-react';
import type { z } from 'zod';
import { authMessages } from '@donaciones/shared/messages/auth';
import { type ResetPasswordInput, resetPasswordSchema } from '@donaciones/shared/schemas/auth';
import { useAuthHeading } from '@/components/auth-heading';
import { Button, ButtonLink } from '@/components/button';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/auth-fields';
import { AuthResult } from '../components/auth-result';
import { FormAlert } from '../components/form-alert';

const ui = authMessages.ui;

type Outcome = 'form' | 'done' | 'invalid';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token.length >= 10 ? 'form' : 'invalid');
  const title = outcome === 'done' ? ui.resetDoneTitle : outcome === 'invalid' ? ui.invalidLinkTitle : ui.resetTitle;
  useDocumentTitle(title);
  useAuthHeading({ title, subtitle: outcome === 'form' ? ui.resetSubtitle : undefined });

  if (outcome === 'done') {
    return (
      <AuthResult
        tone="success"
        icon={<CircleCheck aria-hidden="true" className="size-8" />}
        actions={
          <ButtonLink to={paths.login} size="lg" className="w-full">
            {ui.goToLogin}
          </ButtonLink>
        }
      >
        <p role="status">{authMessages.resetDone}</p>
      </AuthResult>
    );
  }
  if (outcome === 'invalid') {
    return (
      <AuthResult
        tone="error"
        icon={<LinkIcon aria-hidden="true" className="size-8" />}
        actions={
          <>
            <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
              {ui.requestNewLink}
            </ButtonLink>
            <ButtonLink to={paths.login} variant="outline" size="lg" className="w-full">
              {ui.backToLogin}
            </ButtonLink>
          </>
        }
      >
        <p role="alert">{authMessages.resetInvalid}</p>
      </AuthResult>
    );
  }
  return <ResetForm token={token} onOutcome={setOutcome} />;
}

function ResetForm({ token, onOutcome }: { token: string; onOutcome: (o: Outcome) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, z.output<typeof resetPasswordSchema>>({
    // Checked when a field is left, then again on every change until it is right.
    mode: 'onTouched',
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
      onOutcome('done');
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.token) return onOutcome('invalid');
      applyServerErrors(setError, error, ['password', 'confirmPassword']);
      setServerError(getErrorMessage(error, ui.resetError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <input type="hidden" {...register('token')} />
      <NewPasswordFields
        label={ui.newPasswordLabel}
        autoFocus
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting} loadingText={ui.resetting}>
        {ui.resetSubmit}
      </Button>
    </form>
  );
}
