// The "Correcciones" card of the staff donation page (docs/product.md#the-donation-ledger, decision
// 0041): every correction of the donation (date, who, kind, status and amount before -> after,
// reason), and, for staff holding corrections.manage, the corrections the API allows on it:
// "Anular donación" (completed, not paid by card, or a card gift the gateway cannot refund), "Corregir monto" (a pending deposit
// or office transfer) and "Reabrir" (a rejected one). A closed month is refused by the API, and the dialog says so.
import { useState } from 'react';
import { Ban, Pencil, RotateCcw } from 'lucide-react';
import { isBankPayment } from '@donaciones/shared/bank-payments';
import { formatDateTime, formatMoney } from '@donaciones/shared/format';
import { correctionsMessages } from '@donaciones/shared/messages/corrections';
import { donationStatusLabel } from '@donaciones/shared/messages/donations';
import { can } from '@donaciones/shared/permissions';
import type { DonationCorrection } from '@donaciones/shared/schemas/corrections';
import type { DonationStatus } from '@donaciones/shared/constants';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useSession } from '@/lib/session';
import { useDonationCorrections } from '../api/donation-corrections';
import { useDonationFel } from '../api/donation-fel';
import { useDonationPayment } from '../api/donation-payment';
import { AdjustAmountDialog } from './adjust-amount-dialog';
import { emailsDonor } from './donor-email';
import { ReopenDepositDialog } from './reopen-deposit-dialog';
import { type CorrectedDonation, VoidDonationDialog } from './void-donation-dialog';

const m = correctionsMessages;
const p = m.page;
const statusLabel = (status: string) => donationStatusLabel(status as DonationStatus) ?? status;

function CorrectionItem({ c }: { c: DonationCorrection }) {
  const changes = [
    c.from_status !== c.to_status ? `${statusLabel(c.from_status)} → ${statusLabel(c.to_status)}` : null,
    c.from_amount !== c.to_amount ? `${formatMoney(c.from_amount, c.currency)} → ${formatMoney(c.to_amount, c.currency)}` : null,
  ].filter(Boolean);
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="correction">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-ink-900">{m.kinds[c.kind]}</p>
        <p className="text-sm text-ink-600 [overflow-wrap:anywhere]">
          <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time> · {c.actor_email ?? p.system}
        </p>
      </div>
      {changes.length > 0 && (
        <p className="mt-1 text-sm text-ink-800">
          <span className="sr-only">{p.change}: </span>
          {changes.join(' · ')}
        </p>
      )}
      <p className="mt-1 text-sm text-ink-800 [overflow-wrap:anywhere]">
        <span className="font-semibold">{p.reason}:</span> {c.reason}
      </p>
    </li>
  );
}

type Action = 'void' | 'adjust' | 'reopen';

/** The buttons the API would accept on this donation, and their dialogs (corrections.manage only). */
function CorrectionActions({ donation }: { donation: Donation }) {
  const { roles } = useSession();
  const payment = useDonationPayment(donation.id).data;
  const fel = useDonationFel(donation.id).data;
  const [open, setOpen] = useState<Action | null>(null);
  if (!payment || !donation.reference_code) return null;

  // A deposit (made through /donate or entered by the office) or a transfer the office entered: checked against the bank.
  const deposit = isBankPayment(payment.payment_method, payment.payment_provider);
  const allowed: Record<Action, boolean> = {
    // A card gift is refunded, or voided once its money went back by another way when the gateway cannot refund it.
    void: donation.status === 'completed' && (payment.manual_review || payment.refund_unavailable != null),
    adjust: donation.status === 'pending' && deposit,
    reopen: donation.status === 'failed' && deposit,
  };
  const target: CorrectedDonation = {
    id: donation.id,
    reference: donation.reference_code,
    amount: donation.amount,
    currency: donation.currency,
    emailed: emailsDonor(donation, roles),
  };
  const close = () => setOpen(null);
  const icon = 'size-4';
  return (
    <>
      {allowed.adjust && (
        <Button variant="outline" size="sm" onClick={() => setOpen('adjust')} icon={<Pencil aria-hidden="true" className={icon} />}>
          {p.adjust.action}
        </Button>
      )}
      {allowed.reopen && (
        <Button variant="outline" size="sm" onClick={() => setOpen('reopen')} icon={<RotateCcw aria-hidden="true" className={icon} />}>
          {p.reopen.action}
        </Button>
      )}
      {allowed.void && (
        <Button variant="outline" size="sm" onClick={() => setOpen('void')} icon={<Ban aria-hidden="true" className={icon} />}>
          {p.void.action}
        </Button>
      )}
      <AdjustAmountDialog donation={target} entered={payment.entry != null} open={open === 'adjust'} onClose={close} />
      <ReopenDepositDialog donation={target} transfer={payment.payment_method === 'bank_transfer'} open={open === 'reopen'} onClose={close} />
      <VoidDonationDialog donation={target} open={open === 'void'} onClose={close} felCertified={fel?.status === 'certified'} />
    </>
  );
}

export function DonationCorrections({ donation }: { donation: Donation }) {
  const { roles } = useSession();
  const query = useDonationCorrections(donation.id);
  const manage = can(roles, 'corrections.manage');

  if (query.isError) return <ErrorState message={p.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <Card title={p.cardTitle} description={p.cardDescription} actions={manage ? <CorrectionActions donation={donation} /> : undefined}>
      {!query.data ? (
        <Skeleton className="h-16" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-ink-600">{p.empty}</p>
      ) : (
        <ul aria-label={p.listLabel} className="divide-y divide-sand-200">
          {query.data.map((c) => (
            <CorrectionItem key={c.id} c={c} />
          ))}
        </ul>
      )}
    </Card>
  );
}
