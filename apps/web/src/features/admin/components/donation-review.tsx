// Where staff decide on a donation's own page (docs/product.md#bank-deposits): a deposit's slip at full size
// beside what the donor declared and its warnings, Aprobar and Rechazar while it waits for staff, and
// the donation's history from the audit log.
import { useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { isBankPayment } from '@donaciones/shared/bank-payments';
import { formatDateTime } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { can } from '@donaciones/shared/permissions';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useSession } from '@/lib/session';
import type { Decision } from '../api/decide-donation';
import { useDonationReview } from '../api/donation-review';
import { DecisionModal } from './decision-modal';
import { DeclaredData, NoSlip, SlipFlags } from './deposit-slip';
import { SlipViewer } from './slip-viewer';

const m = bankStatementsMessages.review;
const r = adminMessages.review;

/** What to compare before deciding: a donor's slip, the bank's statement for what the office entered, or the money in hand. */
function decisionHint(donation: AdminDonation): string {
  if (isBankPayment(donation.payment_method, donation.payment_provider) && donation.office_entry) return m.pendingDecisionOffice;
  return donation.payment_method === 'bank_deposit' ? m.pendingDecision : m.pendingDecisionReceived;
}

function DecisionButtons({ donation, onDecide }: { donation: AdminDonation; onDecide: (decision: Decision) => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
      <p className="text-sm text-ink-700">{decisionHint(donation)}</p>
      <div className="flex flex-wrap gap-2">
        <Button aria-label={r.approveLabel(donation.reference_code)} onClick={() => onDecide('approve')} icon={<CheckCircle2 aria-hidden="true" className="size-4" />}>
          {r.approve}
        </Button>
        <Button
          variant="outline"
          className="text-red-700 hover:border-red-300 hover:bg-red-50"
          aria-label={r.rejectLabel(donation.reference_code)}
          onClick={() => onDecide('reject')}
          icon={<XCircle aria-hidden="true" className="size-4" />}
        >
          {r.reject}
        </Button>
      </div>
    </div>
  );
}

export function DonationReview({ id }: { id: number }) {
  const query = useDonationReview(id);
  const { roles } = useSession();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  if (query.isError) return <ErrorState message={r.detailLoadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Skeleton className="h-48" />;
  const { donation: d, history } = query.data;
  const slip = d.deposit ?? null;
  const isDeposit = d.payment_method === 'bank_deposit';
  // A card donation is completed or failed by its payment provider, never by a click here.
  const canDecide = d.status === 'PENDING' && d.manual_review && can(roles, 'donations.decide');

  return (
    <div className="flex flex-col gap-6">
      {(isDeposit || canDecide) && (
        <Card title={isDeposit ? m.slipTitle : m.decisionTitle}>
          <div className={isDeposit ? 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]' : undefined}>
            {isDeposit && (slip ? <SlipViewer slip={slip} reference={d.reference_code} /> : <NoSlip office={d.office_entry} />)}
            <div className="flex min-w-0 flex-col gap-4 text-sm">
              {slip && <DeclaredData slip={slip} currency={d.currency} />}
              {slip && <SlipFlags slip={slip} amount={d.amount} currency={d.currency} />}
              {canDecide && <DecisionButtons donation={d} onDecide={setDeciding} />}
            </div>
          </div>
        </Card>
      )}
      <Card title={m.historyTitle}>
        {history.length === 0 ? (
          <p className="text-sm text-ink-600">{m.historyEmpty}</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {history.map((h, i) => (
              <li key={`${h.timestamp}-${i}`} className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
                <time dateTime={h.timestamp} className="text-ink-600">
                  {formatDateTime(h.timestamp)}
                </time>
                <span className="min-w-0 break-words text-ink-900">{h.message}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {deciding && <DecisionModal donation={d} decision={deciding} onClose={() => setDeciding(null)} />}
    </div>
  );
}
