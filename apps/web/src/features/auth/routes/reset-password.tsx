// /reset-password?token=... (docs/product.md#accounts-and-sessions): the emailed single-use link, of a reset or of an
// admin's invitation (then it reads "Crea tu contraseña"). The link is checked when the page opens, so a used or
// expired one says so at once instead of a form that fails on saving; saving ends every session of the account.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import type { z } from 'zod';
import { authMessages } from '@donaciones/shared/messages/auth';
import { type ResetPasswordInput, resetPasswordSchema } from '@donaciones/shared/schemas/auth';
import { useAuthHeading } from '@/components/auth-heading';
import { Button, ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePasswordLink } from '../api/password-link';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/auth-fields';
import { AuthResult } from '../components/auth-result';
import { FormAlert } from '../components/form-alert';

const ui = authMessages.ui;

type Outcome = 'form' | 'done' | 'invalid';
type View = Outcome | 'checking' | 'check-failed';

/** What the page shows: the answer of the submit first, then what the check of the link said. */
function viewOf(token: string, outcome: Outcome, link: ReturnType<typeof usePasswordLink>): View {
  if (outcome !== 'form') return outcome;
  if (token.length < 10) return 'invalid';
  if (link.isSuccess) return link.data.usable ? 'form' : 'invalid';
  if (link.isError) return getErrorStatus(link.error) === 400 ? 'invalid' : 'check-failed';
  return 'checking';
}

function titleOf(view: View, invitation: boolean): string {
  if (view === 'done') return invitation ? ui.invitationDoneTitle : ui.resetDoneTitle;
  if (view === 'invalid') return ui.invalidLinkTitle;
  return invitation ? ui.invitationTitle : ui.resetTitle;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = usePasswordLink(token);
  const [outcome, setOutcome] = useState<Outcome>('form');
  const view = viewOf(token, outcome, link);
  const invitation = link.data?.kind === 'invitation';
  const title = titleOf(view, invitation);
  useDocumentTitle(title);
  useAuthHeading({ title, subtitle: view === 'form' ? (invitation ? ui.invitationSubtitle : ui.resetSubtitle) : undefined });

  if (view === 'done') {
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
        <p role="status">{invitation ? authMessages.invitationDone : authMessages.resetDone}</p>
      </AuthResult>
    );
  }
  if (view === 'invalid') {
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
        <p role="alert">{ui.linkUnusable}</p>
      </AuthResult>
    );
  }
  if (view === 'check-failed') {
    return (
      <AuthResult
        tone="error"
        icon={<LinkIcon aria-hidden="true" className="size-8" />}
        actions={
          <Button size="lg" className="w-full" onClick={() => void link.refetch()}>
            {ui.tryAgain}
          </Button>
        }
      >
        <p role="alert">{ui.linkCheckFailed}</p>
      </AuthResult>
    );
  }
  if (view === 'checking') {
    return (
      <div className="flex flex-col items-center gap-5 py-6">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-100">
          <KeyRound aria-hidden="true" className="size-8" />
        </span>
        <Spinner label={ui.checkingLink} showLabel />
      </div>
    );
  }
  return <ResetForm token={token} invitation={invitation} onOutcome={setOutcome} />;
}

function ResetForm({ token, invitation, onOutcome }: { token: string; invitation: boolean; onOutcome: (o: Outcome) => void }) {
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
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting} loadingText={invitation ? ui.invitationSaving : ui.resetting}>
        {invitation ? ui.invitationSubmit : ui.resetSubmit}
      </Button>
    </form>
  );
}
