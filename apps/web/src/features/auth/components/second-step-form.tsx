// The sign-in's second step (docs/product.md#accounts-and-sessions): the code of the authenticator app
// or a recovery code, and/or the account's passkey.
import { useState, type FormEvent } from 'react';
import { Fingerprint } from 'lucide-react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import type { TokenPair } from '@donaciones/shared/schemas/auth';
import { type SecondStepMethod, secondStepCodeField, totpCodeField } from '@donaciones/shared/schemas/two-step';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { sendSecondStepCode, signInWithPasskey } from '../api/two-step';
import { FormAlert } from './form-alert';
import { passkeyErrorMessage } from './passkey-errors';

const ui = twoStepMessages.ui;

export function SecondStepForm({ token, methods, onTokens }: { token: string; methods: SecondStepMethod[]; onTokens: (tokens: TokenPair) => Promise<void> }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const hasCode = methods.includes('totp') || methods.includes('recovery');
  const hasPasskey = methods.includes('passkey');

  /** One way of signing in; when it fails, its message shows above and the buttons are free again. */
  const attempt = async (kind: 'code' | 'passkey', tokens: () => Promise<TokenPair>, failure: (error: unknown) => string) => {
    setBusy(kind);
    setServerError(null);
    try {
      await onTokens(await tokens());
    } catch (error) {
      setServerError(failure(error));
      setBusy(null);
    }
  };

  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{ui.codeTitle}</h2>
        <p className="mt-1 text-sm text-ink-600">{hasCode ? ui.codeIntro : ui.codeIntroPasskey}</p>
      </div>
      {serverError && <FormAlert id="second-step-error">{serverError}</FormAlert>}
      {hasCode && (
        <CodeForm
          withRecovery={methods.includes('recovery')}
          busy={busy === 'code'}
          onCode={(code) => void attempt('code', () => sendSecondStepCode(token, code), (error) => getErrorMessage(error, twoStepMessages.codeInvalid))}
        />
      )}
      {hasCode && hasPasskey && (
        <p className="text-center text-xs font-semibold tracking-wide text-ink-500 uppercase" aria-hidden="true">
          {ui.orDivider}
        </p>
      )}
      {hasPasskey && (
        <Button
          type="button"
          size="lg"
          variant={hasCode ? 'outline' : 'primary'}
          className="w-full"
          loading={busy === 'passkey'}
          loadingText={ui.passkeyWaiting}
          icon={<Fingerprint aria-hidden="true" className="size-5" />}
          onClick={() => void attempt('passkey', () => signInWithPasskey(token), passkeyErrorMessage)}
        >
          {ui.usePasskey}
        </Button>
      )}
    </div>
  );
}

/**
 * The code of the authenticator app, or a recovery code while the account has any (the login answer's
 * `methods` says so), checked on the field before it is sent.
 */
function CodeForm({ withRecovery, busy, onCode }: { withRecovery: boolean; busy: boolean; onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const check = (value: string) => {
    const parsed = (withRecovery ? secondStepCodeField : totpCodeField).safeParse(value);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check(code);
    if (valid) onCode(valid);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextInput
        label={ui.codeLabel}
        hint={withRecovery ? ui.codeHint : ui.codeHintNoRecovery}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        required
        autoFocus
        value={code}
        error={fieldError}
        onChange={(e) => {
          setCode(e.target.value);
          if (fieldError) check(e.target.value);
        }}
        onBlur={() => code && check(code)}
      />
      <Button type="submit" size="lg" className="w-full" loading={busy} loadingText={ui.verifying}>
        {ui.verify}
      </Button>
    </form>
  );
}
