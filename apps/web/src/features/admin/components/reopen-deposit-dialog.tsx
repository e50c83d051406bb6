// "Reabrir" on the staff donation page (docs/product.md#the-donation-ledger): a rejected deposit is
// pending again when the donor brings proof, with the reason in its corrections; staff then approve
// or reject it.
import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { useCorrectDonation } from '../api/donation-corrections';
import { CorrectionDialog, refusalOf, useCorrectionForm } from './correction-dialog';
import type { CorrectedDonation } from './void-donation-dialog';

const o = correctionsMessages.page.reopen;

export function ReopenDepositDialog({ donation, open, onClose }: { donation: CorrectedDonation; open: boolean; onClose: () => void }) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const form = useCorrectionForm(reasonRef);
  const correct = useCorrectDonation();

  const close = () => {
    if (correct.isPending) return;
    form.reset();
    onClose();
  };

  const submit = async () => {
    if (form.refuseReason()) return;
    try {
      await correct.mutateAsync({ kind: 'reopen', id: donation.id, reason: form.reason.trim() });
      toast.success(o.done(donation.reference));
      form.reset();
      onClose();
    } catch (err) {
      form.setErrors(refusalOf(err));
    }
  };

  return (
    <CorrectionDialog
      open={open}
      onClose={close}
      title={o.title(donation.reference)}
      description={o.body}
      confirmLabel={o.confirm}
      busy={correct.isPending}
      form={form}
      reasonRef={reasonRef}
      onSubmit={() => void submit()}
      formId="reopen-deposit"
    />
  );
}
