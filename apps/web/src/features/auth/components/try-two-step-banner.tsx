// The invitation to try two-step sign-in (docs/product.md#accounts-and-sessions), shown on the dashboard
// to an account that has neither an authenticator app nor a passkey, until it is set up or dismissed.
import { useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck, X } from 'lucide-react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { buttonClasses } from '@/components/button';
import { paths } from '@/lib/paths';
import { useAccountSecurity } from '../api/account-security';

const ui = twoStepMessages.ui;
export const TWO_STEP_BANNER_KEY = 'two_step_banner_dismissed';

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(TWO_STEP_BANNER_KEY) === '1';
  } catch {
    return false;
  }
}

/** `staff`: the link and the words lead to Configuración; a donor's or plain account's, to Mi perfil. */
export function TryTwoStepBanner({ staff }: { staff: boolean }) {
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const security = useAccountSecurity();
  if (dismissed || !security.data || security.data.totp_enabled || security.data.passkeys.length > 0) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(TWO_STEP_BANNER_KEY, '1');
    } catch {
      // Private mode: dismissed for this visit only.
    }
    setDismissed(true);
  };
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center" data-testid="two-step-banner">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <p className="flex-1 text-sm text-ink-800">
        <strong className="block font-semibold text-ink-900">{ui.bannerTitle}</strong>
        {ui.bannerText(staff)}
      </p>
      <div className="flex shrink-0 gap-2">
        <Link to={`${staff ? paths.settings : paths.donorProfile}?pestana=seguridad`} className={buttonClasses({ size: 'sm' })}>
          {ui.bannerAction}
        </Link>
        <button type="button" onClick={dismiss} className={buttonClasses({ size: 'sm', variant: 'ghost' })}>
          <X aria-hidden="true" className="size-4" />
          {ui.bannerDismiss}
        </button>
      </div>
    </div>
  );
}
