// The ten recovery codes, shown once after enrolling an authenticator app (docs/product.md#accounts-and-sessions).
import { useState } from 'react';
import { Copy, KeyRound } from 'lucide-react';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Button } from '@/components/button';

const ui = twoStepMessages.ui;

export function RecoveryCodes({ codes, onDone, doneLabel = ui.savedCodes }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="recovery-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="recovery-title" className="text-lg font-semibold text-ink-900">
            {ui.recoveryTitle}
          </h2>
          <p className="mt-1 text-sm text-ink-600">{ui.recoveryIntro}</p>
        </div>
      </div>
      <ul aria-label={ui.recoveryListLabel} className="grid max-w-md grid-cols-2 gap-2 rounded-2xl border border-sand-200 bg-sand-50 p-4 font-mono text-sm text-ink-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          icon={<Copy aria-hidden="true" className="size-4" />}
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {ui.copyCodes}
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-brand-800">
        {copied ? ui.copied : ''}
      </p>
    </section>
  );
}
