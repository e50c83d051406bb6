// Seguridad: the authenticator app (docs/product.md#accounts-and-sessions): set it up with a QR code,
// see the recovery codes once, make new ones, or remove it (which ends the other sessions).
import { useState } from 'react';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import type { AccountSecurity } from '@donaciones/shared/schemas/two-step';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { startTotp, useConfirmTotp, useNewRecoveryCodes, useRemoveTotp } from '../../api/account-security';
import type { TotpSetup } from '../../api/two-step';
import { RecoveryCodes } from '../recovery-codes';
import { TotpEnrolment } from '../totp-enrolment';
import { PasswordConfirm } from './password-confirm';

const ui = twoStepMessages.ui;

type Mode = 'idle' | 'enrolling' | 'codes' | 'remove' | 'regenerate';
/** The card's state and what its buttons do: set up, confirm the first code, and remove or make new codes after the password. */
function useTotpCard() {
  const [mode, setMode] = useState<Mode>('idle');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [success, flash] = useFlash();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const regenerate = useNewRecoveryCodes();

  const begin = async () => {
    setError(null);
    try {
      setSetup(await startTotp());
      setMode('enrolling');
    } catch (err) {
      setError(getErrorMessage(err, twoStepMessages.enrolNotStarted));
    }
  };

  const withPassword = (password: string) => {
    setPasswordError(undefined);
    const onError = (err: unknown) => {
      const fields = getFieldErrors(err);
      if (fields.password) setPasswordError(fields.password);
      else setError(getErrorMessage(err, twoStepMessages.notEnabled));
    };
    if (mode === 'remove') {
      remove.mutate(password, {
        onSuccess: (answer) => {
          setMode('idle');
          flash(answer.message);
        },
        onError,
      });
    } else {
      regenerate.mutate(password, {
        onSuccess: (answer) => {
          setCodes(answer.recovery_codes);
          setMode('codes');
        },
        onError,
      });
    }
  };

  const confirmEnrolment = async (code: string) => {
    const answer = await confirm.mutateAsync(code);
    setCodes(answer.recovery_codes);
    setMode('codes');
  };

  const busy = remove.isPending || regenerate.isPending;
  return { mode, setMode, setup, codes, error, passwordError, success, begin, withPassword, confirmEnrolment, busy };
}

export function TotpCard({ security }: { security: AccountSecurity }) {
  const { mode, setMode, setup, codes, error, passwordError, success, begin, withPassword, confirmEnrolment, busy } = useTotpCard();

  return (
    <Card
      title={ui.appTitle}
      description={ui.securityIntro}
      actions={
        <Badge tone={security.totp_enabled ? 'success' : 'neutral'} icon={security.totp_enabled ? <ShieldCheck aria-hidden="true" className="size-3.5" /> : undefined}>
          {security.totp_enabled ? ui.appOn : ui.appOff}
        </Badge>
      }
    >
      {security.second_step_required && <p className="mb-3 text-sm font-semibold text-accent-800">{ui.requiredNote}</p>}
      <ErrorMessage message={error} />
      <SuccessMessage message={success} />
      {mode === 'enrolling' && setup && <TotpEnrolment setup={setup} onConfirm={confirmEnrolment} />}
      {mode === 'codes' && <RecoveryCodes codes={codes} onDone={() => setMode('idle')} />}
      {mode !== 'enrolling' && mode !== 'codes' && (
        <>
          {security.totp_enabled && <p className="text-sm text-ink-700">{ui.recoveryLeft(security.recovery_codes_left)}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            {security.totp_enabled ? (
              <>
                <Button type="button" variant="outline" size="sm" onClick={() => setMode('regenerate')}>
                  {ui.newCodes}
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setMode('remove')}>
                  {ui.removeApp}
                </Button>
              </>
            ) : (
              <Button type="button" icon={<Smartphone aria-hidden="true" className="size-4" />} onClick={() => void begin()}>
                {ui.setUpApp}
              </Button>
            )}
          </div>
          {(mode === 'remove' || mode === 'regenerate') && (
            <PasswordConfirm busy={busy} error={passwordError} onConfirm={withPassword} onCancel={() => setMode('idle')} />
          )}
        </>
      )}
    </Card>
  );
}
