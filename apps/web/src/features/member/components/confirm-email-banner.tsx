// Why a signed-in person sees no donations yet: donations given with their email join the account
// only once the email is confirmed (docs/product.md#accounts-and-sessions). Offers a new link.
import { MailCheck, RotateCcw } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Button } from '@/components/button';
import { useSession } from '@/lib/session';
import { useResendVerification } from '../api/resend-verification';

const t = memberMessages.confirmEmail;

/** True when the signed-in account's email is known to be unconfirmed. */
export function useEmailUnconfirmed(): boolean {
  const { user } = useSession();
  return user?.email_verified === false;
}

export function ConfirmEmailBanner({ className }: { className?: string }) {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.email_verified !== false) return null;
  return (
    <section
      aria-labelledby="confirm-email-title"
      data-testid="confirm-email-banner"
      className={`flex flex-col gap-3 rounded-card border border-accent-200 bg-accent-50 p-4 text-accent-950 sm:flex-row sm:items-center sm:justify-between ${className ?? ''}`}
    >
      <div className="flex min-w-0 items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
        <div className="min-w-0">
          <h2 id="confirm-email-title" className="font-sans text-base font-bold">
            {t.title}
          </h2>
          <p className="mt-1 text-sm [overflow-wrap:anywhere]">{t.body(user.email)}</p>
          <p role="status" className="mt-1 text-sm font-semibold empty:hidden">
            {resend.isSuccess ? t.sent(user.email) : resend.isError ? t.failed : ''}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        loadingText={t.resending}
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
      >
        {t.resend}
      </Button>
    </section>
  );
}
