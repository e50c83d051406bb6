// /verify-email?token=... : the link of the welcome email. Confirms the address; the server then
// links the completed donations made with it to the account (docs/product.md#accounts-and-sessions).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { authMessages } from '@donaciones/shared/messages/auth';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { useAuthHeading } from '@/components/auth-heading';
import { Button, ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { AuthResult } from '../components/auth-result';
import { FormAlert } from '../components/form-alert';

const ui = authMessages.ui;

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const query = useVerifyEmail(token);
  const failed = token.length === 0 || query.isError;
  const title = failed ? ui.invalidLinkTitle : query.isSuccess ? ui.verifiedTitle : ui.verifyingTitle;
  useDocumentTitle(title);
  useAuthHeading({ title });

  // A signed-in account may have become a donor: read its roles again.
  const { isAuthenticated, reloadUser } = session;
  const verified = query.isSuccess;
  useEffect(() => {
    if (verified && isAuthenticated) void reloadUser().catch(() => {});
  }, [verified, isAuthenticated, reloadUser]);

  const next = session.isAuthenticated ? (
    <ButtonLink to={paths.dashboard} size="lg" className="w-full">
      {ui.goToDashboard}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.login} size="lg" className="w-full">
      {ui.goToLogin}
    </ButtonLink>
  );

  if (failed) {
    return (
      <AuthResult
        tone="error"
        icon={<LinkIcon aria-hidden="true" className="size-8" />}
        actions={
          <>
            {session.isAuthenticated && session.user?.email_verified === false && <ResendVerification />}
            {next}
          </>
        }
      >
        <p role="alert">{getErrorMessage(query.error, authMessages.verifyInvalid)}</p>
      </AuthResult>
    );
  }
  if (query.isSuccess) {
    return (
      <AuthResult
        tone="success"
        icon={<CircleCheck aria-hidden="true" className="size-8" />}
        actions={
          <>
            {next}
            <ButtonLink to={paths.home} variant="outline" size="lg" className="w-full">
              {ui.goHome}
            </ButtonLink>
          </>
        }
      >
        <p role="status" className="font-semibold text-ink-900">
          {query.data.message}
        </p>
        <p className="text-sm text-ink-600">{ui.verifiedBody}</p>
      </AuthResult>
    );
  }
  return (
    <div className="flex flex-col items-center gap-5 py-6">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-100">
        <MailCheck aria-hidden="true" className="size-8" />
      </span>
      <Spinner label={ui.verifying} showLabel />
    </div>
  );
}

function ResendVerification() {
  const mutation = useResendVerification();
  if (mutation.isSuccess) {
    return (
      <p role="status" className="rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm font-semibold text-brand-800">
        {mutation.data.message}
      </p>
    );
  }
  return (
    <>
      {mutation.isError && <FormAlert>{getErrorMessage(mutation.error, httpMessages.generic)}</FormAlert>}
      <Button variant="outline" size="lg" className="w-full" loading={mutation.isPending} onClick={() => mutation.mutate()}>
        {ui.sendNewVerification}
      </Button>
    </>
  );
}
