// "Reabrir" on the staff donation page (docs/product.md#the-donation-ledger): a rejected deposit, or a transfer
// the office entered, is pending again when the donor brings proof, with the reason in its corrections; staff then approve
// or reject it.
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { CorrectionDialog, useReasonCorrection } from './correction-dialog';
import type { CorrectedDonation } from './void-donation-dialog';

const o = correctionsMessages.page.reopen;

export function ReopenDepositDialog({ donation, transfer, open, onClose }: { donation: CorrectedDonation; transfer: boolean; open: boolean; onClose: () => void }) {
  const { form, reasonRef, busy, close, submit } = useReasonCorrection('reopen', donation.id, o.done(donation.reference, transfer), onClose);
  return (
    <CorrectionDialog
      open={open}
      onClose={close}
      title={o.title(donation.reference, transfer)}
      description={o.body(transfer)}
      confirmLabel={o.confirm(transfer)}
      busy={busy}
      form={form}
      reasonRef={reasonRef}
      onSubmit={() => void submit()}
      formId="reopen-deposit"
    />
  );
}
