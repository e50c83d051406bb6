// A small inline form asking for the current password before a change to the second step.
import { useState, type FormEvent } from 'react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Button } from '@/components/button';
import { PasswordInput } from '../password-input';

const ui = twoStepMessages.ui;

export function PasswordConfirm({ onConfirm, onCancel, busy, error }: { onConfirm: (password: string) => void; onCancel: () => void; busy: boolean; error?: string }) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-3 rounded-2xl border border-sand-200 bg-sand-50 p-4">
      <PasswordInput label={ui.passwordToConfirm} autoComplete="current-password" required autoFocus value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={busy} disabled={!password}>
          {ui.confirm}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {ui.cancel}
        </Button>
      </div>
    </form>
  );
}
