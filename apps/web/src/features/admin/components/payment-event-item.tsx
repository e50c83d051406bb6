// One provider event on a donation's payment panel: what it was and when, why it was not applied,
// and for a payment that needs staff its problem with the amount paid; a duplicate payment carries its
// refund, confirmed in a dialog first (docs/product.md#payments), also used by "Pagos por revisar".
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatDateTime, formatMoney } from '@donaciones/shared/format';
import { paymentsMessages as m } from '@donaciones/shared/messages/payments';
import { can } from '@donaciones/shared/permissions';
import type { PaymentEventView } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useRefundDuplicatePayment } from '../api/payment-events';

/** "Reembolsar pago duplicado": shown to staff who may refund (corrections.manage), while the payment is refundable. */
export function RefundDuplicateButton({ event: e, className }: { event: Pick<PaymentEventView, 'id' | 'refundable' | 'amount' | 'currency'>; className?: string }) {
  const session = useSession();
  const refund = useRefundDuplicatePayment();
  const [asking, setAsking] = useState(false);
  const onRefund = useSingleFlight(async () => {
    try {
      await refund.mutateAsync(e.id);
      toast.success(m.duplicateRefundDone);
      setAsking(false);
    } catch (err) {
      toast.error(getErrorMessage(err, m.duplicateRefundFailed));
    }
  });
  if (!e.refundable || !can(session.roles, 'corrections.manage')) return null;
  const close = () => !refund.isPending && setAsking(false);
  return (
    <>
      <Button variant="outline" size="sm" className={className} onClick={() => setAsking(true)}>
        {m.refundDuplicate}
      </Button>
      <Modal
        open={asking}
        onClose={close}
        role="alertdialog"
        size="sm"
        dismissible={!refund.isPending}
        title={m.duplicateRefundTitle}
        description={m.duplicateRefundBody(e.amount != null && e.currency ? formatMoney(e.amount, e.currency) : null)}
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={refund.isPending}>
              {m.cancel}
            </Button>
            <Button onClick={() => void onRefund()} loading={refund.isPending} className="bg-red-700 hover:bg-red-800">
              {m.duplicateRefundConfirm}
            </Button>
          </>
        }
      />
    </>
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
