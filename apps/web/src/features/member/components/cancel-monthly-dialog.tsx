// The confirmation before a monthly gift is cancelled, with an optional reason (docs/product.md#monthly-giving).
// Used by "Mis donaciones mensuales" and by the no-login page; the caller sends the request.
import { useRef, useState } from 'react';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import { cancelMonthlyGiftSchema, CANCEL_REASON_MAX_LENGTH } from '@donaciones/shared/schemas/monthly';
import { Button } from '@/components/button';
import { TextArea } from '@/components/form-fields';
import { Modal } from '@/components/modal';

const c = monthlyManageMessages.cancel;

export interface CancelMonthlyDialogProps {
  open: boolean;
  /** "Q150.00 al mes" */
  amount: string;
  /** The first name of the child the gift sponsors, whose sponsorship ends with it. */
  sponsoredChild?: string | null;
  pending: boolean;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}

export function CancelMonthlyDialog({ open, amount, sponsoredChild, pending, onConfirm, onClose }: CancelMonthlyDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    const parsed = cancelMonthlyGiftSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onConfirm(parsed.data.reason || undefined);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      title={c.title}
      description={sponsoredChild ? `${c.body(amount)} ${c.endsSponsorship(sponsoredChild)}` : c.body(amount)}
      dismissible={!pending}
      initialFocus={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="outline" onClick={close} disabled={pending}>
            {c.keep}
          </Button>
          <Button variant="danger" onClick={confirm} loading={pending}>
            {c.confirm}
          </Button>
        </>
      }
    >
      <TextArea
        label={c.reason}
        optional
        hint={c.reasonHint}
        rows={3}
        maxLength={CANCEL_REASON_MAX_LENGTH}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
      />
    </Modal>
  );
}
