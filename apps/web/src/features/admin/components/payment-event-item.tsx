// One provider event on a donation's payment panel: what it was and when, why it was not applied,
// and for a payment that needs staff its problem with the amount paid; a duplicate payment carries its
// one-click refund (docs/product.md#payments), also used by "Pagos por revisar".
import { toast } from 'react-hot-toast';
import { formatDateTime, formatMoney } from '@donaciones/shared/format';
import { paymentsMessages as m } from '@donaciones/shared/messages/payments';
import { can } from '@donaciones/shared/permissions';
import type { PaymentEventView } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { getErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useRefundDuplicatePayment } from '../api/payment-events';

/** "Reembolsar pago duplicado": shown to staff who may refund (corrections.manage), while the payment is refundable. */
export function RefundDuplicateButton({ event: e, className }: { event: Pick<PaymentEventView, 'id' | 'refundable'>; className?: string }) {
  const session = useSession();
  const refund = useRefundDuplicatePayment();
  if (!e.refundable || !can(session.roles, 'corrections.manage')) return null;
  const onRefund = async () => {
    try {
      await refund.mutateAsync(e.id);
      toast.success(m.duplicateRefundDone);
    } catch (err) {
      toast.error(getErrorMessage(err, m.duplicateRefundFailed));
    }
  };
  return (
    <Button variant="outline" size="sm" className={className} loading={refund.isPending} onClick={() => void onRefund()}>
      {m.refundDuplicate}
    </Button>
  );
}

export function PaymentEventItem({ event: e }: { event: PaymentEventView }) {
  return (
    <li data-testid="payment-event" data-problem={e.problem ?? undefined}>
      <span className="font-mono">{e.event_type}</span> · {formatDateTime(e.received_at)}
      {e.problem && (
        <span className="mt-1 block font-semibold text-red-800">
          {m.problems[e.problem]}
          {e.amount != null && e.currency ? ` · ${m.eventPaid(formatMoney(e.amount, e.currency))}` : null}
        </span>
      )}
      {e.error && <span className="block text-red-700">{m.eventError(e.error)}</span>}
      {e.refunded_at && <span className="block text-ink-700">{m.duplicateRefunded(formatDateTime(e.refunded_at))}</span>}
      <RefundDuplicateButton event={e} className="mt-2" />
    </li>
  );
}
