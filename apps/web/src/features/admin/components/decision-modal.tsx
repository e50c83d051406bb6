// The confirmation of an approve or reject decision, with the explanation of each (docs/product.md#screens-and-routes):
// approving notifies the donor; rejecting asks a reason, which the donor receives by email with the
// contact address, so they can retry or ask, or, for a deposit or a transfer the office entered, bring the
// bank's proof to have it reopened. A gift entered without the donor's email says staff must tell them.
// A deposit's slip and its warnings are shown in the dialog too.
import { useRef, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { isBankPayment } from '@donaciones/shared/bank-payments';
import { formatGiftDate, formatMoney } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { type AdminDonation, rejectDonationSchema } from '@donaciones/shared/schemas/admin';
import { Button } from '@/components/button';
import { TextArea } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { type Decision, useDecideDonation } from '../api/decide-donation';
import { ClosedMonthNote } from './closed-month-note';
import { SlipFlags } from './deposit-slip';
import { emailsDonor } from './donor-email';
import { SlipViewer } from './slip-viewer';

const r = adminMessages.review;
const c = adminMessages.common;

/** The decision's flow: a rejection's reason is checked first (focus goes back to it), then the decision is sent. */
function useDecision(donation: AdminDonation, decision: Decision, emailed: boolean, onClose: () => void) {
  const decide = useDecideDonation();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const approving = decision === 'approve';

  const confirm = useSingleFlight(async () => {
    setError(null);
    let checkedReason: string | undefined;
    if (!approving) {
      const parsed = rejectDonationSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? null);
        reasonRef.current?.focus();
        return;
      }
      setReasonError(null);
      checkedReason = parsed.data.reason;
    }
    try {
      await decide.mutateAsync({ id: donation.id, decision, reason: checkedReason });
      toast.success(approving ? (emailed ? r.approved : r.approvedNoEmail) : r.rejected);
      onClose();
    } catch (err) {
      const fallback = approving ? screensMessages.approveError : screensMessages.rejectError;
      const status = getErrorStatus(err);
      setError(status === 409 || status === 404 || status === 400 ? `${fallback}: ${getErrorMessage(err, '')}` : fallback);
    }
  });
  const changeReason = (value: string) => {
    setReason(value);
    if (reasonError) setReasonError(null);
  };
  return { approving, confirm, pending: decide.isPending, error, reason, changeReason, reasonError, reasonRef };
}

/**
 * What the decision does: a deposit or an office transfer is reopened when the donor brings the bank's proof, another gift
 * is given again; the donor is told by email unless the gift has none (`emailed` false).
 */
function decisionText(donation: AdminDonation, approving: boolean, emailed: boolean): string {
  if (approving) return emailed ? r.approveText : r.approveTextNoEmail;
  if (isBankPayment(donation.payment_method, donation.payment_provider)) return r.rejectTextBank(donation.payment_method === 'bank_transfer', emailed);
  return emailed ? r.rejectText : r.rejectTextNoEmail;
}

export function DecisionModal({ donation, decision, onClose }: { donation: AdminDonation; decision: Decision; onClose: () => void }) {
  const emailed = emailsDonor(donation, useSession().roles);
  const { approving, confirm, pending, error, reason, changeReason, reasonError, reasonRef } = useDecision(donation, decision, emailed, onClose);

  return (
    <Modal
      open
      role="alertdialog"
      onClose={onClose}
      dismissible={!pending}
      title={approving ? r.approveTitle : r.rejectTitle}
      description={decisionText(donation, approving, emailed)}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {c.cancel}
          </Button>
          <Button
            variant={approving ? 'primary' : 'danger'}
            onClick={() => void confirm()}
            loading={pending}
            loadingText={approving ? r.approving : r.rejecting}
            icon={approving ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <XCircle aria-hidden="true" className="size-4" />}
          >
            {approving ? r.approve : r.reject}
          </Button>
        </>
      }
    >
      <DonationSummary donation={donation} />
      {approving && donation.dated_in_closed_month && <ClosedMonthNote className="mt-3" />}
      {/* The slip and its warnings stay in sight at the moment of deciding. */}
      {donation.deposit && (
        <div className="mt-4 flex flex-col gap-2 text-sm">
          <SlipFlags slip={donation.deposit} amount={donation.amount} currency={donation.currency} />
          <SlipViewer slip={donation.deposit} reference={donation.reference_code} compact />
        </div>
      )}
      {!approving && (
        <TextArea
          ref={reasonRef}
          className="mt-4"
          label={r.reasonLabel}
          hint={emailed ? r.reasonHint : r.reasonHintNoEmail}
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={reasonError ?? undefined}
          disabled={pending}
          onChange={(e) => changeReason(e.target.value)}
        />
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}

function DonationSummary({ donation }: { donation: AdminDonation }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-2xl bg-sand-50 px-4 py-3 text-sm ring-1 ring-sand-200">
      <dt className="text-ink-500">{r.colDonor}</dt>
      <dd className="min-w-0 text-right">
        <span className="block font-semibold text-ink-900">{donation.donor_name}</span>
        <span className="block truncate text-ink-600">{donation.donor_email}</span>
      </dd>
      <dt className="text-ink-500">{r.colAmount}</dt>
      <dd className="text-right font-semibold text-ink-900 tabular-nums">{formatMoney(donation.amount, donation.currency)}</dd>
      <dt className="text-ink-500">{r.colReference}</dt>
      <dd className="text-right font-mono text-ink-800">{donation.reference_code}</dd>
      <dt className="text-ink-500">{r.colDate}</dt>
      <dd className="text-right text-ink-800">{formatGiftDate(donation.created_at, donation.dated_by_day)}</dd>
    </dl>
  );
}
