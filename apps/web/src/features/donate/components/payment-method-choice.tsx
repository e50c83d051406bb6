// Step 2's "Forma de pago" (docs/product.md#bank-deposits): "Tarjeta" or "Depósito o transferencia
// bancaria", native radios (arrow keys move between them, a screen reader names the group). Offered
// while the organisation shows at least one bank account and the gift is not monthly.
import { CreditCard, Landmark } from 'lucide-react';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { PaymentMethod } from '@donaciones/shared/schemas/payments';
import { cn } from '@/lib/cn';

const m = depositMessages.method;

export function PaymentMethodChoice({ method, onMethod, className }: { method: PaymentMethod; onMethod: (method: PaymentMethod) => void; className?: string }) {
  const options = [
    { value: 'card' as const, label: m.card, icon: CreditCard },
    { value: 'bank_deposit' as const, label: m.deposit, icon: Landmark },
  ];
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-semibold text-ink-700">{m.legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-2 text-base font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              method === o.value ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-sand-200 bg-white text-ink-800 hover:border-brand-300',
            )}
          >
            <input type="radio" name="forma-de-pago" value={o.value} checked={method === o.value} onChange={() => onMethod(o.value)} className="sr-only" />
            <o.icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            {o.label}
          </label>
        ))}
      </div>
      {method === 'bank_deposit' && (
        <p className="mt-2 text-sm text-ink-600" data-testid="deposit-hint">
          {m.depositHint}
        </p>
      )}
    </fieldset>
  );
}
