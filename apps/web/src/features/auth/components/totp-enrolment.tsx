// Enrolling an authenticator app (docs/product.md#accounts-and-sessions): the QR code, the key to type
// when the camera cannot scan, the otpauth:// link that opens the app on the same phone (which cannot
// scan its own screen), and the first code that confirms it. Used at sign-in and in Seguridad.
import { useState, type FormEvent } from 'react';
import { Smartphone } from 'lucide-react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { totpCodeField } from '@donaciones/shared/schemas/two-step';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { FormAlert } from './form-alert';

const ui = twoStepMessages.ui;

export interface TotpSetupView {
  secret: string;
  /** The address the QR code encodes (the same secret): opened by the authenticator app when tapped. */
  otpauth_url: string;
  qr_svg_data_url: string;
}

export function TotpEnrolment({ setup, onConfirm }: { setup: TotpSetupView; onConfirm: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (value: string) => {
    const parsed = totpCodeField.safeParse(value);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(code);
    if (!valid) return;
    setBusy(true);
    setServerError(null);
    try {
      await onConfirm(valid);
    } catch (error) {
      setServerError(getErrorMessage(error, twoStepMessages.codeInvalid));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img src={setup.qr_svg_data_url} alt={ui.qrAlt} width={176} height={176} className="size-44 shrink-0 rounded-xl border border-sand-200 bg-white p-2" />
        <div className="min-w-0 text-sm text-ink-600">
          <p>{ui.manualKey}</p>
          <p className="mt-1 font-mono text-sm font-semibold break-all text-ink-900" data-testid="totp-secret">
            {setup.secret}
          </p>
          {setup.otpauth_url.startsWith('otpauth://') && (
            <>
              <p className="mt-3">{ui.sameDevice}</p>
              <a
                href={setup.otpauth_url}
                className="mt-1 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                data-testid="totp-open-app"
              >
                <Smartphone aria-hidden="true" className="size-4 shrink-0" />
                {ui.openInApp}
              </a>
            </>
          )}
        </div>
      </div>
      <TextInput
        label={ui.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        value={code}
        error={fieldError}
        onChange={(e) => {
          setCode(e.target.value);
          if (fieldError) check(e.target.value);
        }}
        onBlur={() => code && check(code)}
      />
      <Button type="submit" className="w-full sm:w-auto" loading={busy} loadingText={ui.verifying}>
        {ui.confirmCode}
      </Button>
    </form>
  );
}
