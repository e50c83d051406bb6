// /forgot-password (docs/product.md#screens-and-routes, #accounts-and-sessions): asks for the email, then tells the
// user to check it (the address, the spam advice, resend, back to login). The server answers the
// same whether the account exists, so this screen never says whether it does.
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck, RotateCcw } from 'lucide-react';
import type { z } from 'zod';
import { authMessages } from '@donaciones/shared/messages/auth';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@donaciones/shared/schemas/auth';
import { useAuthHeading } from '@/components/auth-heading';
import { Button, ButtonLink } from '@/components/button';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthResult } from '../components/auth-result';
import { EmailField } from '../components/auth-fields';
import { FormAlert } from '../components/form-alert';

const ui = authMessages.ui;

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(sentTo ? ui.checkEmailTitle : authMessages.forgotTitle);
  useAuthHeading(sentTo ? { title: ui.checkEmailTitle } : { title: authMessages.forgotTitle, subtitle: ui.forgotSubtitle });
  return sentTo ? <CheckYourEmail email={sentTo} /> : <ForgotForm onSent={setSentTo} />;
}

function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, z.output<typeof forgotPasswordSchema>>({
    // Checked when a field is left, then again on every change until it is right.
    mode: 'onTouched',
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
      onSent(values.email);
    } catch (error) {
      setServerError(getErrorMessage(error, authMessages.forgotError));
    }
  });

  return (
    <div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <EmailField registration={register('email')} error={errors.email?.message} autoFocus />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText={authMessages.sendingEmail}>
          {ui.forgotSubmit}
        </Button>
      </form>
      <BackToLogin />
    </div>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const mutation = useForgotPassword();
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setResent(false);
    setError(null);
    try {
      await mutation.mutateAsync({ email });
      setResent(true);
    } catch (err) {
      setError(getErrorMessage(err, authMessages.forgotError));
    }
  };

  return (
    <AuthResult
      tone="info"
      icon={<MailCheck aria-hidden="true" className="size-8" />}
      actions={
        <>
          {error && <FormAlert>{error}</FormAlert>}
          {resent && (
            <p role="status" className="rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm font-semibold text-brand-800">
              {ui.resent}
            </p>
          )}
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => void resend()}
            loading={mutation.isPending}
            loadingText={authMessages.sendingEmail}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
          >
            {ui.resend}
          </Button>
          <ButtonLink to={paths.login} size="lg" className="w-full" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            {ui.backToLogin}
          </ButtonLink>
        </>
      }
    >
      <p>{ui.checkEmailBody}</p>
      <p className="font-semibold break-all text-ink-900" data-testid="sent-to">
        {email}
      </p>
      <p className="text-sm text-ink-600">{ui.checkEmailExpiry}</p>
      <p className="rounded-xl bg-sand-100 px-3.5 py-2.5 text-sm text-ink-700">{ui.spamAdvice}</p>
    </AuthResult>
  );
}

function BackToLogin() {
  return (
    <p className="mt-7 border-t border-sand-200 pt-6 text-center text-sm">
      <Link to={paths.login} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {ui.backToLogin}
      </Link>
    </p>
  );
}
