// The frame of the three corrections on the staff donation page (docs/product.md#the-donation-ledger):
// a dialog naming the donation, the required reason checked as the API checks it, the API's Spanish
// refusal (a closed month, a rule) shown inside the dialog, and Cancelar / the action. Used by
// void-donation-dialog.tsx, adjust-amount-dialog.tsx and reopen-deposit-dialog.tsx.
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { correctionReasonSchema } from '@donaciones/shared/schemas/corrections';
import { Button } from '@/components/button';
import { ErrorMessage } from '@/components/flash-message';
import { TextArea } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCorrectDonation } from '../api/donation-corrections';

const p = correctionsMessages.page;

export interface CorrectionErrors {
  reason?: string;
  amount?: string;
  /** The API's refusal that names no field (409: a closed month, a status the rule refuses). */
  form?: string;
}

/** Why the reason is refused, with the API's own message; undefined when it is fine. */
export function reasonProblem(reason: string): string | undefined {
  const parsed = correctionReasonSchema.safeParse({ reason });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A refused request: a 400's field errors by field, else the API's Spanish detail for the dialog. */
export function refusalOf(err: unknown): CorrectionErrors {
  const fields = getFieldErrors(err);
  if (fields.reason || fields.amount) return { reason: fields.reason, amount: fields.amount };
  return { form: getErrorMessage(err, p.failed) };
}

/** The reason typed (in the field `reasonRef` points at) and the errors shown; typing in a field clears its error and the refusal. */
export function useCorrectionForm(reasonRef: RefObject<HTMLTextAreaElement | null>) {
  const [reason, setReasonText] = useState('');
  const [errors, setErrors] = useState<CorrectionErrors>({});
  const setReason = (value: string) => {
    setReasonText(value);
    setErrors((e) => ({ ...e, reason: undefined, form: undefined }));
  };
  const reset = () => {
    setReasonText('');
    setErrors({});
  };
  /** Shows why the reason is refused and puts the cursor there; false when the reason is fine. */
  const refuseReason = (): boolean => {
    const problem = reasonProblem(reason);
    if (!problem) return false;
    setErrors((e) => ({ ...e, reason: problem }));
    reasonRef.current?.focus();
    return true;
  };
  return { reason, setReason, errors, setErrors, reset, refuseReason };
}

interface CorrectionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** A red confirmation, for a correction that cannot be undone (Anular). */
  danger?: boolean;
  busy: boolean;
  form: ReturnType<typeof useCorrectionForm>;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  onSubmit: () => void;
  /** Fields before the reason (the amount that arrived). */
  children?: ReactNode;
  /** Focused on open; else the reason. */
  initialFocus?: RefObject<HTMLElement | null>;
  formId: string;
}

/**
 * A correction that asks only a reason ("Anular donación", "Reabrir"): the form, the request, closing
 * (not while it is sent) and sending (the reason checked first, the API's refusal shown in the dialog).
 */
export function useReasonCorrection(kind: 'void' | 'reopen', donationId: number, done: string, onClose: () => void) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const form = useCorrectionForm(reasonRef);
  const correct = useCorrectDonation();
  const close = () => {
    if (correct.isPending) return;
    form.reset();
    onClose();
  };
  const submit = useSingleFlight(async () => {
    if (form.refuseReason()) return;
    try {
      await correct.mutateAsync({ kind, id: donationId, reason: form.reason.trim() });
      toast.success(done);
      form.reset();
      onClose();
    } catch (err) {
      form.setErrors(refusalOf(err));
    }
  });
  return { form, reasonRef, busy: correct.isPending, close, submit };
}

export function CorrectionDialog(props: CorrectionDialogProps) {
  const { open, onClose, title, description, confirmLabel, danger, busy, form, reasonRef, onSubmit, children, initialFocus, formId } = props;
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      dismissible={!busy}
      title={title}
      description={description}
      initialFocus={initialFocus ?? reasonRef}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {p.cancel}
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <TextArea
          ref={reasonRef}
          label={p.reasonLabel}
          name="reason"
          required
          rows={3}
          maxLength={500}
          hint={p.reasonHint}
          value={form.reason}
          onChange={(e) => form.setReason(e.target.value)}
          error={form.errors.reason}
        />
        <ErrorMessage message={form.errors.form ?? null} />
      </form>
    </Modal>
  );
}
