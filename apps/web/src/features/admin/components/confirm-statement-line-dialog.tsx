// "Confirmar" on a bank statement line approves a deposit (or an office transfer) and emails its donor, unless the
// office entered it without the donor's email: staff are asked first, with the donor, the amount and the line named
// (docs/product.md#bank-deposits).
import { formatDay, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { StatementCandidate, StatementLine } from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { ClosedMonthNote } from './closed-month-note';

const m = bankStatementsMessages.screen;

export interface PendingConfirmation {
  line: StatementLine;
  candidate: StatementCandidate;
}

export function ConfirmStatementLineDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: PendingConfirmation | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (pending: PendingConfirmation) => void;
}) {
  return (
    <Modal
      open={pending != null}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      dismissible={!busy}
      title={m.confirmTitle(pending?.candidate.payment_method === 'bank_transfer')}
      description={
        pending &&
        m.confirmQuestion(
          pending.candidate.donor_name,
          formatMoney(pending.candidate.amount, pending.candidate.currency),
          pending.candidate.reference_code,
          pending.line.line_number,
          formatDay(pending.line.posted_on),
          pending.candidate.donor_has_email,
        )
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {m.confirmCancel}
          </Button>
          <Button loading={busy} onClick={() => pending && onConfirm(pending)}>
            {m.confirmAccept(pending?.candidate.donor_has_email ?? true)}
          </Button>
        </>
      }
    >
      {pending?.candidate.dated_in_closed_month && <ClosedMonthNote />}
    </Modal>
  );
}
