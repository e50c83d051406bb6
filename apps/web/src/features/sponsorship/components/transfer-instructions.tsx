// What a sponsor paying by transfer sees once the place is theirs to pay (docs/product.md#sponsorship,
// decision 0054): until when the child is held, the amount, the charity's accounts and the permanent
// reference to write on every transfer; the same instructions go by email.
import { Landmark } from 'lucide-react';
import { formatLongDate, formatMoney } from '@donaciones/shared/format';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { sponsorshipTransferMessages as m } from '@donaciones/shared/messages/sponsorship-transfer';
import type { SponsorTransferInstructions } from '@donaciones/shared/schemas/sponsorship-transfer';
import { Card } from '@/components/card';

export function TransferInstructions({ childFirstName, transfer }: { childFirstName: string; transfer: SponsorTransferInstructions }) {
  const amount = formatMoney(transfer.amount);
  return (
    <div className="space-y-4" data-testid="sponsor-transfer-instructions">
      <h1 className="text-3xl font-semibold">{m.instructionsTitle(childFirstName)}</h1>
      <p className="text-lg font-semibold text-brand-900">{m.heldUntil(childFirstName, formatLongDate(transfer.heldUntil))}</p>
      <Card>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl bg-accent-50 p-4">
            <dt className="text-sm font-semibold text-accent-900">{m.referenceLabel}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-wide text-ink-900 tabular-nums" data-testid="sponsor-transfer-reference">
              {transfer.reference}
            </dd>
            <dd className="mt-1 text-sm text-ink-700">{m.referenceHint}</dd>
          </div>
          <div className="rounded-2xl bg-sand-100 p-4">
            <dt className="text-sm font-semibold text-ink-700">{m.amountLabel}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink-900 tabular-nums" data-testid="sponsor-transfer-amount">
              {amount}
            </dd>
          </div>
        </dl>
        <p className="mt-5 mb-3 text-ink-800">{m.instructionsIntro(amount)}</p>
        <ul className="space-y-3">
          {transfer.accounts.map((a) => (
            <li key={a.id} className="rounded-2xl border border-sand-200 p-4" data-testid="bank-account">
              <p className="flex items-center gap-2 font-semibold text-ink-900">
                <Landmark aria-hidden="true" className="size-5 text-brand-700" />
                {a.bank}
              </p>
              <p className="mt-1 text-ink-800 tabular-nums">{m.accountLine(depositMessages.accountTypes[a.account_type], a.number, a.holder)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-ink-700">{m.whenConfirmed}</p>
      </Card>
    </div>
  );
}
