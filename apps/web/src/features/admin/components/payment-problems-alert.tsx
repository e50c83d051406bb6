// The admin dashboard's notice of payments that need staff (docs/product.md#payments): those of the
// last 30 days not yet refunded, with a link to "Pagos por revisar". Nothing when there are none.
import { AlertTriangle } from 'lucide-react';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import type { PaymentProblemView } from '@donaciones/shared/schemas/payments';
import { ButtonLink } from '@/components/button';
import { paths } from '@/lib/paths';
import { usePaymentProblems } from '../api/payment-problems';

const l = paymentsMessages.problemList;
const RECENT_MS = 30 * 24 * 60 * 60 * 1000;

/** The problems still open and recent enough to ask for attention. */
export function openProblems(problems: PaymentProblemView[], now = Date.now()): number {
  return problems.filter((p) => !p.refunded_at && now - Date.parse(p.received_at) <= RECENT_MS).length;
}

export function PaymentProblemsAlert({ enabled }: { enabled: boolean }) {
  const query = usePaymentProblems(enabled);
  const open = query.data ? openProblems(query.data) : 0;
  if (!enabled || open === 0) return null;
  return (
    <section aria-labelledby="payment-problems-alert" className="flex flex-col gap-3 rounded-2xl bg-red-50 px-4 py-4 ring-1 ring-red-600/30 sm:flex-row sm:items-center">
      <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-red-700" />
      <div className="min-w-0 flex-1">
        <h2 id="payment-problems-alert" className="font-semibold text-red-900">
          {l.alert(open)}
        </h2>
        <p className="text-sm text-red-900">{l.alertBody}</p>
      </div>
      <ButtonLink to={paths.adminPaymentProblems} variant="outline" size="sm">
        {l.review}
      </ButtonLink>
    </section>
  );
}
