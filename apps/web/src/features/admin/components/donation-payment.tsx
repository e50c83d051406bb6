// The payment of a donation in the admin console (docs/product.md#payments): who charged it, the
// provider's checkout and payment ids, card network and last 4, gross / fee / VAT withheld / net,
// the quetzal value of a USD gift, the webhook events received (a payment that completed nothing or
// paid twice flagged, a duplicate refunded with one click), and "Reembolsar" (ADMIN, reason
// required, confirmation) for a completed card donation.
import { type ReactNode, useState } from 'react';
import { toast } from 'react-hot-toast';
import { RotateCcw } from 'lucide-react';
import { formatDateTime, formatLongDay, formatMoney } from '@donaciones/shared/format';
import { can } from '@donaciones/shared/permissions';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextArea } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getFieldErrors } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useDonationPayment, useRefundDonation } from '../api/donation-payment';
import { PaymentEventItem } from './payment-event-item';

const m = paymentsMessages;

/** What the office wrote when it entered the gift (docs/product.md#staff-gift-entry). */
function EntryRows({ entry }: { entry: NonNullable<AdminDonationPayment['entry']> }) {
  return (
    <>
      <Row label={m.receivedOn} testId="payment-received-on">
        {formatLongDay(entry.received_on)}
      </Row>
      {entry.reference && <Row label={m.entryReference}>{entry.reference}</Row>}
      {entry.cheque_number && entry.cheque_bank && <Row label={m.cheque}>{m.chequeOf(entry.cheque_number, entry.cheque_bank)}</Row>}
      {entry.in_kind_description && <Row label={m.inKind}>{entry.in_kind_description}</Row>}
      {entry.valuation_basis && <Row label={m.valuationBasis}>{entry.valuation_basis}</Row>}
    </>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the amount's line says: "Cobrado" only for money that was received (a refunded gift's too, beside its refund). */
function amountLabel(status: string): string {
  if (status === 'pending') return m.chargedPending;
  if (status === 'voided') return m.chargedVoided;
  if (status === 'failed' || status === 'cancelled' || status === 'expired') return m.notCharged;
  return m.charged;
}

/** `status`: the donation's, as its page last read it (fresher than the payment's after a decision or a correction). */
export function DonationPayment({ id, status }: { id: number; status?: string }) {
  const { roles } = useSession();
  const query = useDonationPayment(id);
  const [open, setOpen] = useState(false);
  const p = query.data;

  if (query.isError) return <ErrorState message={m.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!p) return <Skeleton className="h-48" />;

  const money = (amount: number | null) => (amount == null ? '—' : formatMoney(amount, p.currency));
  return (
    <Card
      title={m.cardTitle}
      actions={
        p.refundable && can(roles, 'corrections.manage') ? (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} icon={<RotateCcw aria-hidden="true" className="size-4" />}>
            {m.refund}
          </Button>
        ) : undefined
      }
    >
      <dl className="divide-y divide-sand-200">
        <Row label={m.provider} testId="payment-provider">
          {p.payment_provider ? (m.providers[p.payment_provider] ?? p.payment_provider) : m.manual}
        </Row>
        {p.payment_method && <Row label={m.method}>{m.methods[p.payment_method] ?? p.payment_method}</Row>}
        {p.checkout_id && (
          <Row label={m.checkoutId}>
            <span className="font-mono">{p.checkout_id}</span>
          </Row>
        )}
        {p.payment_id && (
          <Row label={m.paymentId}>
            <span className="font-mono">{p.payment_id}</span>
          </Row>
        )}
        {p.card_last4 && <Row label={m.card} testId="payment-card">{`${p.card_network ?? ''} •••• ${p.card_last4}`.trim()}</Row>}
        <Row label={amountLabel(status ?? p.status)} testId="payment-amount">
          {money(p.amount)}
        </Row>
        {p.covered_fee > 0 && <Row label={m.coveredFee}>{money(p.covered_fee)}</Row>}
        {p.fee != null && <Row label={m.fee} testId="payment-fee">{money(p.fee)}</Row>}
        {p.vat_withheld != null && <Row label={m.vatWithheld}>{money(p.vat_withheld)}</Row>}
        {p.net != null && <Row label={m.net} testId="payment-net">{money(p.net)}</Row>}
        {p.gtq_amount != null && (
          <Row label={m.gtqValue}>
            {formatMoney(p.gtq_amount)} {p.exchange_rate != null && p.exchange_rate_date ? m.rate(formatMoney(p.exchange_rate), formatLongDay(p.exchange_rate_date)) : null}
          </Row>
        )}
        {p.entry && <EntryRows entry={p.entry} />}
        {p.refunded_at && <Row label={m.refundedAt}>{formatDateTime(p.refunded_at)}</Row>}
        {p.refund_reason && <Row label={m.refundReason}>{p.refund_reason}</Row>}
        {p.refund_unavailable && can(roles, 'corrections.manage') && (
          <Row label={m.refundUnavailableLabel} testId="refund-unavailable">
            {p.refund_unavailable}
          </Row>
        )}
        <Row label={m.events}>
          {p.events.length === 0 ? (
            m.noEvents
          ) : (
            <ul className="space-y-1 text-sm" data-testid="payment-events">
              {p.events.map((e) => (
                <PaymentEventItem key={e.event_id} event={e} />
              ))}
            </ul>
          )}
        </Row>
      </dl>

      <RefundDialog id={id} open={open} onClose={() => setOpen(false)} referenceCode={p.reference_code} amount={money(p.amount)} />
    </Card>
  );
}

/** "Reembolsar": the reason (required), then the refund; a refusal of the reason is shown on its field. */
function RefundDialog({ id, open, onClose, referenceCode, amount }: { id: number; open: boolean; onClose: () => void; referenceCode: string; amount: string }) {
  const refund = useRefundDonation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (refund.isPending) return;
    onClose();
    setReason('');
    setError(null);
  };

  const confirm = useSingleFlight(async () => {
    if (reason.trim().length < 3) {
      setError(m.refundReasonRequired);
      return;
    }
    try {
      await refund.mutateAsync({ id, reason: reason.trim() });
      toast.success(m.refundDone);
      close();
      onClose();
    } catch (err) {
      setError(getFieldErrors(err).reason ?? null);
    }
  });

  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      dismissible={!refund.isPending}
      title={m.refundTitle(referenceCode)}
      description={m.refundBody(amount)}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={refund.isPending}>
            {m.cancel}
          </Button>
          <Button onClick={() => void confirm()} loading={refund.isPending} className="bg-red-700 hover:bg-red-800">
            {m.refundConfirm}
          </Button>
        </>
      }
    >
      <TextArea
        label={m.refundReasonLabel}
        required
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
        rows={3}
        maxLength={500}
      />
    </Modal>
  );
}
