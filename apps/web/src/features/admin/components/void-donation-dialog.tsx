// "Anular donación" on the staff donation page (docs/product.md#the-donation-ledger, decision 0041):
// a completed gift not paid by card leaves the totals, its receipt is annulled (with SAT when FEL
// certified it) and the donor is told. The dialog names the reference and amount and asks the reason.
import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import { formatMoney } from '@donaciones/shared/format';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { useCorrectDonation } from '../api/donation-corrections';
import { CorrectionDialog, refusalOf, useCorrectionForm } from './correction-dialog';

const v = correctionsMessages.page.void;

export interface CorrectedDonation {
  id: number;
  reference: string;
  amount: number;
  currency: string;
}

export function VoidDonationDialog({ donation, open, onClose, felCertified }: { donation: CorrectedDonation; open: boolean; onClose: () => void; felCertified: boolean }) {
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
      await correct.mutateAsync({ kind: 'void', id: donation.id, reason: form.reason.trim() });
      toast.success(v.done(donation.reference));
      form.reset();
      onClose();
    } catch (err) {
      form.setErrors(refusalOf(err));
    }
  };

  const amount = formatMoney(donation.amount, donation.currency);
  return (
    <CorrectionDialog
      open={open}
      onClose={close}
      title={v.title(donation.reference)}
      description={felCertified ? `${v.body(amount)} ${v.felNote}` : v.body(amount)}
      confirmLabel={v.confirm}
      danger
      busy={correct.isPending}
      form={form}
      reasonRef={reasonRef}
      onSubmit={() => void submit()}
      formId="void-donation"
    />
  );
}
