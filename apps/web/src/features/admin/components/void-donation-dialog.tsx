// "Anular donación" on the staff donation page (docs/product.md#the-donation-ledger, decision 0041):
// a completed gift not paid by card (or by card, when the gateway cannot refund it) leaves the totals,
// its receipt is annulled (with SAT when FEL certified it) and the donor is told by email, unless the gift has
// none. The dialog names the reference and amount and asks the reason.
import { formatMoney } from '@donaciones/shared/format';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { CorrectionDialog, useReasonCorrection } from './correction-dialog';

const v = correctionsMessages.page.void;

export interface CorrectedDonation {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  /** False for a gift entered without the donor's email: nothing is emailed, and the dialogs say so. */
  emailed: boolean;
}

export function VoidDonationDialog({ donation, open, onClose, felCertified }: { donation: CorrectedDonation; open: boolean; onClose: () => void; felCertified: boolean }) {
  const { form, reasonRef, busy, close, submit } = useReasonCorrection('void', donation.id, v.done(donation.reference), onClose);
  const body = v.body(formatMoney(donation.amount, donation.currency), donation.emailed);
  return (
    <CorrectionDialog
      open={open}
      onClose={close}
      title={v.title(donation.reference)}
      description={felCertified ? `${body} ${v.felNote}` : body}
      confirmLabel={v.confirm}
      danger
      busy={busy}
      form={form}
      reasonRef={reasonRef}
      onSubmit={() => void submit()}
      formId="void-donation"
    />
  );
}
