// "¿Cómo pagarás cada mes?" on /apadrina/reserva (docs/product.md#sponsorship, decision 0054): the card,
// or a monthly bank transfer with a permanent reference, as native radios (arrow keys move between
// them, a screen reader names the group). The transfer is offered while the charity shows an account.
import { CreditCard, Landmark } from 'lucide-react';
import { sponsorshipTransferMessages as m } from '@donaciones/shared/messages/sponsorship-transfer';
import type { SponsorPaymentMethod } from '@donaciones/shared/schemas/sponsorship-transfer';
import { cn } from '@/lib/cn';

const OPTIONS = [
  { value: 'card' as const, label: m.card, hint: m.cardHint, icon: CreditCard },
  { value: 'transfer' as const, label: m.transfer, hint: m.transferHint, icon: Landmark },
];

export function SponsorMethodChoice({ method, onMethod }: { method: SponsorPaymentMethod; onMethod: (method: SponsorPaymentMethod) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink-700">{m.methodLegend}</legend>
      <div className="grid gap-2">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border-2 px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              method === o.value ? 'border-brand-700 bg-brand-50' : 'border-sand-200 bg-white hover:border-brand-300',
            )}
          >
            <input type="radio" name="pago-apadrinamiento" value={o.value} checked={method === o.value} onChange={() => onMethod(o.value)} className="sr-only" />
            <o.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              <span className="block text-base font-semibold text-ink-900">{o.label}</span>
              <span className="block text-sm text-ink-600">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
