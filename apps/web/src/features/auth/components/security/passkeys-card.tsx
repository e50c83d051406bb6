// Seguridad: passkeys (docs/product.md#accounts-and-sessions): add one with the device's fingerprint,
// face or PIN, see when each was used, remove one (which ends the other sessions).
import { useState, type FormEvent } from 'react';
import { Fingerprint, Trash2 } from 'lucide-react';
import { formatDate } from '@donaciones/shared/format';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import type { AccountSecurity } from '@donaciones/shared/schemas/two-step';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { useAddPasskey, useRemovePasskey } from '../../api/account-security';
import { passkeyErrorMessage } from '../passkey-errors';

const ui = twoStepMessages.ui;

export function PasskeysCard({ security }: { security: AccountSecurity }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [success, flash] = useFlash();
  const add = useAddPasskey();
  const remove = useRemovePasskey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim() || name.trim().length > 60) {
      setNameError(twoStepMessages.passkeyNameRequired);
      return;
    }
    setNameError(undefined);
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        flash(answer.message);
      },
      onError: (err) => setError(passkeyErrorMessage(err)),
    });
  };

  return (
    <Card title={ui.passkeysTitle} description={ui.passkeysIntro}>
      <ErrorMessage message={error} />
      <SuccessMessage message={success} />
      {security.passkeys.length === 0 ? (
        <p className="text-sm text-ink-600">{ui.passkeysEmpty}</p>
      ) : (
        <ul className="divide-y divide-sand-200" data-testid="passkey-list">
          {security.passkeys.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <Fingerprint aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink-900">{key.name}</p>
                  <p className="text-xs text-ink-600">
                    {ui.createdOn(formatDate(key.created_at))} · {key.last_used_at ? ui.lastUsedOn(formatDate(key.last_used_at)) : ui.neverUsed}
                  </p>
                </div>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={ui.removePasskey(key.name)}
                onClick={() =>
                  remove.mutate(key.id, { onSuccess: (answer) => flash(answer.message), onError: (err) => setError(getErrorMessage(err, twoStepMessages.passkeyNotFound)) })
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextInput
          label={ui.passkeyName}
          placeholder={ui.passkeyNamePlaceholder}
          className="flex-1"
          maxLength={60}
          value={name}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={add.isPending} loadingText={ui.passkeyWaiting} icon={<Fingerprint aria-hidden="true" className="size-4" />}>
          {ui.addPasskey}
        </Button>
      </form>
    </Card>
  );
}
