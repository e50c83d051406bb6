// A typed amount said back as it was understood, in figures and in words ("Entendimos: Q1,500.00 ·
// En letras: …"), under step 1 of /donate's "Otro monto" and "Cambiar monto" of a monthly gift
// (docs/product.md#validation-rules). Live, so a screen reader hears it as the amount is typed.
import { amountInWords } from '@donaciones/shared/amount-in-words';
import { formatCents } from '@donaciones/shared/format';
import { donateMessages as d } from '@donaciones/shared/messages/donate';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import { cn } from '@/lib/cn';

/** `cents`: the amount understood, in cents of `currency`; null while there is none to say (nothing typed, or refused). */
export function AmountUnderstood({ cents, currency, testId, className }: { cents: number | null; currency: PaymentCurrency; testId?: string; className?: string }) {
  return (
    <p aria-live="polite" className={cn('mt-2 min-h-5 text-sm text-ink-600', className)} data-testid={testId}>
      {cents !== null && (
        <>
          {d.amountUnderstood}: <strong className="font-semibold text-ink-900 tabular-nums">{formatCents(cents, currency)}</strong>
          {' · '}
          {d.amountInWords}: <span className="text-ink-900">{amountInWords(cents, currency)}</span>
        </>
      )}
    </p>
  );
}
