// Where and how much to deposit (docs/product.md#bank-deposits): the exact amount, the donation's
// reference to write on the slip, and each visible account with copy buttons for what is typed at
// the bank or in the banking app.
import { useState } from 'react';
import { Check, Copy, Landmark } from 'lucide-react';
import { formatCents } from '@donaciones/shared/format';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { PublicBankAccount } from '@donaciones/shared/schemas/deposits';

const m = depositMessages.instructions;

function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an old browser, a denied permission): the value stays on screen to be typed.
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={m.copyLabel(what)}
      className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? m.copied : m.copy}</span>
    </button>
  );
}

export interface DepositInstructionsProps {
  accounts: PublicBankAccount[];
  amountCents: number;
  currency: string;
  reference: string;
}

export function DepositInstructions({ accounts, amountCents, currency, reference }: DepositInstructionsProps) {
  const amount = formatCents(amountCents, currency);
  return (
    <div className="space-y-4" data-testid="deposit-instructions">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100">
          <dt className="text-sm font-semibold text-brand-900">{m.amount}</dt>
          <dd className="mt-1 flex items-center justify-between gap-3">
            <span className="font-display text-2xl font-semibold text-brand-800 tabular-nums" data-testid="deposit-amount">
              {amount}
            </span>
            <CopyButton value={(amountCents / 100).toFixed(2)} what={m.amount.toLowerCase()} />
          </dd>
        </div>
        <div className="rounded-2xl bg-accent-50 p-4 ring-1 ring-accent-200">
          <dt className="text-sm font-semibold text-accent-900">{m.reference}</dt>
          <dd className="mt-1 flex items-center justify-between gap-3">
            <span className="text-xl font-bold tracking-wide text-ink-900 tabular-nums" data-testid="deposit-reference">
              {reference}
            </span>
            <CopyButton value={reference} what={m.reference.toLowerCase()} />
          </dd>
        </div>
      </dl>
      <BankAccountList accounts={accounts} />
    </div>
  );
}

/** The organisation's accounts with copy buttons: shown before the gift is registered and in its instructions. */
export function BankAccountList({ accounts }: { accounts: PublicBankAccount[] }) {
  return accounts.length === 0 ? (
    <p className="rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">{m.noAccounts}</p>
  ) : (
    <ul className="space-y-3">
      {accounts.map((a) => (
        <li key={a.id} className="rounded-2xl border border-sand-200 bg-white p-4 shadow-xs" data-testid="bank-account">
          <p className="flex items-center gap-2 font-semibold text-ink-900">
            <Landmark aria-hidden="true" className="size-5 text-brand-700" />
            {a.bank}
            <span className="text-sm font-normal text-ink-600">· {depositMessages.accountTypes[a.account_type]}</span>
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="text-xs text-ink-500">{m.number}</p>
              <p className="text-lg font-bold tracking-wide text-ink-900 tabular-nums">{a.number}</p>
            </div>
            <CopyButton value={a.number.replace(/[\s-]/g, '')} what={`${m.number.toLowerCase()} ${a.bank}`} />
          </div>
          <p className="mt-2 text-sm text-ink-700">
            <span className="text-ink-500">{m.holder}: </span>
            {a.holder}
          </p>
        </li>
      ))}
    </ul>
  );
}
