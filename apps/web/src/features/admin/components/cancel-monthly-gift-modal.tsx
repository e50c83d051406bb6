// "Cancelar a pedido del donante" (docs/product.md#monthly-giving): a confirmation that asks the reason the
// donor gave (required, checked by the same schema as the API), which stays in the audit log.
import { useRef, useState } from 'react';
import { XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatMoney, fromCents } from '@donaciones/shared/format';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { CANCEL_REASON_MAX_LENGTH } from '@donaciones/shared/schemas/monthly';
import { type AdminMonthlyGift, staffCancelMonthlyGiftSchema } from '@donaciones/shared/schemas/monthly-admin';
import { Button } from '@/components/button';
import { TextArea } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { useCancelAdminMonthlyGift } from '../api/monthly-gifts';

const m = monthlyAdminMessages.cancel;
const l = monthlyAdminMessages.list;

export function CancelMonthlyGiftModal({ gift, onClose }: { gift: AdminMonthlyGift; onClose: () => void }) {
  const cancel = useCancelAdminMonthlyGift();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    const parsed = staffCancelMonthlyGiftSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    try {
      await cancel.mutateAsync({ id: gift.id, reason: parsed.data.reason });
      toast.success(m.done);
      onClose();
    } catch (err) {
      const status = getErrorStatus(err);
      setError(status === 400 || status === 404 || status === 409 ? `${m.error}: ${getErrorMessage(err, '')}` : m.error);
    }
  };

  return (
    <Modal
      open
      role="alertdialog"
      onClose={onClose}
      dismissible={!cancel.isPending}
      title={m.title}
      description={m.text}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            {m.keep}
          </Button>
          <Button variant="danger" onClick={confirm} loading={cancel.isPending} loadingText={m.confirming} icon={<XCircle aria-hidden="true" className="size-4" />}>
            {m.confirm}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-2xl bg-sand-50 px-4 py-3 text-sm ring-1 ring-sand-200">
        <dt className="text-ink-500">{l.colDonor}</dt>
        <dd className="min-w-0 text-right">
          <span className="block font-semibold text-ink-900">{gift.donorName}</span>
          <span className="block truncate text-ink-600">{gift.donorEmail}</span>
        </dd>
        <dt className="text-ink-500">{l.colAmount}</dt>
        <dd className="text-right font-semibold text-ink-900 tabular-nums">{formatMoney(fromCents(gift.amountCents), gift.currency)}</dd>
      </dl>
      <TextArea
        ref={reasonRef}
        className="mt-4"
        label={m.reasonLabel}
        hint={m.reasonHint}
        required
        rows={3}
        maxLength={CANCEL_REASON_MAX_LENGTH}
        value={reason}
        error={reasonError ?? undefined}
        disabled={cancel.isPending}
        onChange={(e) => {
          setReason(e.target.value);
          if (reasonError) setReasonError(null);
        }}
      />
      {error && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}
