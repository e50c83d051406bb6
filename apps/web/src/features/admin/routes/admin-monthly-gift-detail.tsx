// A monthly gift inside the admin console (/admin/monthly-gifts/:id, docs/product.md#monthly-giving): the
// donor, the gift, its charges (the ledger donations it produced) and the cancellation on the donor's
// request while it is not over, offered only to staff who may make it (corrections.manage, as the API
// requires): VOLUNTEER and the others who read donations see no action.
import { type ReactNode, useState } from 'react';
import { ArrowLeft, Eye, XCircle } from 'lucide-react';
import { can } from '@donaciones/shared/permissions';
import { formatDate, formatDateTime, formatLongDate, formatMoney, fromCents } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { sponsorshipTransferMessages as tm } from '@donaciones/shared/messages/sponsorship-transfer';
import type { AdminMonthlyGiftDetail, MonthlyCharge } from '@donaciones/shared/schemas/monthly-admin';
import { StatusBadge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { RecordError, recordFailure } from '@/components/states';
import { adminDonationDetailPath, adminMonthlyGiftDetailPath, adminSponsorshipChildPath, paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminMonthlyGift } from '../api/monthly-gifts';
import { CancelMonthlyGiftModal } from '../components/cancel-monthly-gift-modal';
import { MonthlyStatusBadge } from '@/components/monthly-status-badge';

const d = monthlyAdminMessages.detail;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const chargeColumns: Column<MonthlyCharge>[] = [
  { key: 'date', header: d.colDate, primary: true, cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.createdAt)}</span> },
  { key: 'amount', header: d.colAmount, className: 'text-right', cell: (c) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(fromCents(c.amountCents), c.currency)}</span> },
  { key: 'status', header: d.colStatus, cell: (c) => <StatusBadge status={c.status} /> },
  { key: 'reference', header: d.colReference, cell: (c) => <span className="font-mono whitespace-nowrap">{c.referenceCode}</span> },
  {
    key: 'view',
    header: <span className="sr-only">{d.colCharge}</span>,
    className: 'text-right',
    cell: (c) => (
      <ButtonLink to={adminDonationDetailPath(c.id)} variant="ghost" size="sm" aria-label={`${d.colCharge} #${c.id}`} icon={<Eye aria-hidden="true" className="size-4" />}>
        #{c.id}
      </ButtonLink>
    ),
  },
];

/** The gift's facts: status (with a pause or a pending change), amounts, where it goes, provider, links and its end. */
/** The sponsorship a gift pays: the child's name and a link for sponsorship staff; its state alone for the rest. */
function GiftSponsorship({ sponsorship, method }: { sponsorship: NonNullable<AdminMonthlyGiftDetail['sponsorship']>; method: string }) {
  const status = tm.staffStatus[sponsorship.status];
  if (sponsorship.childId === null || sponsorship.childFirstName === null) {
    return (
      <span data-testid="gift-sponsorship">
        {tm.giftSponsorshipUnnamed(status, method)}
        <span className="block text-sm text-ink-600">{tm.giftSponsorshipUnnamedHint}</span>
      </span>
    );
  }
  return (
    <ButtonLink to={adminSponsorshipChildPath(sponsorship.childId)} variant="ghost" size="sm" data-testid="gift-sponsorship">
      {tm.giftSponsorship(sponsorship.childFirstName, status, method)}
    </ButtonLink>
  );
}

function GiftFacts({ gift }: { gift: AdminMonthlyGiftDetail }) {
  return (
    <dl className="divide-y divide-sand-200">
      <Field label={d.status}>
        <MonthlyStatusBadge status={gift.status} />
        {gift.status === 'paused' && gift.pausedUntil && (
          <span className="ml-2 text-sm font-semibold text-brand-900" data-testid="paused-until">
            {monthlyMessages.pausedUntil(formatLongDate(gift.pausedUntil))}
          </span>
        )}
        {gift.status !== 'cancelled' && gift.pendingAmountCents != null && gift.pendingFrom && (
          <span className="block text-sm font-semibold text-brand-900" data-testid="pending-change">
            {monthlyMessages.pendingChange(formatMoney(fromCents(gift.pendingAmountCents), gift.currency), formatLongDate(gift.pendingFrom))}
          </span>
        )}
      </Field>
      <Field label={d.amount}>
        <span className="font-semibold tabular-nums">{formatMoney(fromCents(gift.amountCents), gift.currency)}</span>
      </Field>
      {/* A sponsorship's gift goes to the sponsorship, as the donor's own page says ("Apadrinamiento de …"). */}
      <Field label={designationMessages.label}>{gift.sponsorship ? tm.giftSponsorshipLabel : (gift.programName ?? designationMessages.whereMostNeeded)}</Field>
      <Field label={d.started}>{gift.startedAt ? formatDate(gift.startedAt) : monthlyAdminMessages.list.none}</Field>
      {gift.nextChargeAt && <Field label={d.nextCharge}>{formatDate(gift.nextChargeAt)}</Field>}
      <Field label={d.charges}>{gift.chargesCount}</Field>
      <Field label={d.totalGiven}>
        <span className="tabular-nums">{formatMoney(fromCents(gift.totalGivenCents), gift.currency)}</span>
      </Field>
      <Field label={d.provider}>{gift.transferReference ? tm.transfer : (paymentsMessages.providers[gift.provider] ?? gift.provider)}</Field>
      {gift.transferReference && (
        <Field label={tm.giftReferenceLabel}>
          <span className="font-mono" data-testid="gift-transfer-reference">{gift.transferReference}</span>
        </Field>
      )}
      {gift.sponsorship && (
        <Field label={tm.giftSponsorshipLabel}>
          <GiftSponsorship sponsorship={gift.sponsorship} method={gift.transferReference ? tm.staffMark : tm.staffCard} />
        </Field>
      )}
      {gift.subscriptionId && (
        <Field label={d.subscription}>
          <span className="font-mono">{gift.subscriptionId}</span>
        </Field>
      )}
      {gift.pastDueReason && gift.status === 'past_due' && <Field label={d.pastDueReason}>{gift.pastDueReason}</Field>}
      {gift.replacesGiftId && (
        <Field label={d.replaces}>
          <ButtonLink to={adminMonthlyGiftDetailPath(gift.replacesGiftId)} variant="ghost" size="sm">
            #{gift.replacesGiftId}
          </ButtonLink>
        </Field>
      )}
      {gift.cancelledAt && <Field label={d.cancelled}>{formatDateTime(gift.cancelledAt)}</Field>}
      {gift.cancelledBy && <Field label={d.cancelledBy}>{monthlyAdminMessages.cancelledByLabels[gift.cancelledBy]}</Field>}
      {gift.cancelReason && <Field label={d.cancelReason}>{gift.cancelReason}</Field>}
      <Field label={d.created}>{formatDateTime(gift.createdAt)}</Field>
    </dl>
  );
}

/** `onCancel` is absent for staff who may not cancel: then there is no Acciones card at all. */
function GiftCards({ gift, onCancel }: { gift: AdminMonthlyGiftDetail; onCancel?: () => void }) {
  const ended = gift.status === 'cancelled';
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card title={d.donor}>
        <dl className="divide-y divide-sand-200">
          <Field label={d.name}>{gift.donorName}</Field>
          <Field label={d.email}>{gift.donorEmail}</Field>
          <Field label={d.account}>{gift.userId ? d.accountLinked : d.accountNone}</Field>
        </dl>
      </Card>
      <Card title={d.gift}>
        <GiftFacts gift={gift} />
      </Card>
      {onCancel && (
        <Card title={d.actions} className="lg:col-span-2">
          {ended ? (
            <p className="text-ink-700">{d.alreadyEnded}</p>
          ) : (
            <Button variant="danger" onClick={onCancel} icon={<XCircle aria-hidden="true" className="size-4" />}>
              {d.cancel}
            </Button>
          )}
        </Card>
      )}
      <Card title={d.chargesTitle} className="lg:col-span-2">
        <ResponsiveTable
          caption={d.chargesCaption}
          columns={chargeColumns}
          rows={gift.charges}
          getRowKey={(c) => c.id}
          empty={<p className="rounded-card bg-sand-100/60 px-4 py-6 text-center text-sm text-ink-600">{d.chargesEmpty}</p>}
        />
      </Card>
    </div>
  );
}

export default function AdminMonthlyGiftDetailPage() {
  const id = useRouteId();
  useDocumentTitle(d.title(id));
  const query = useAdminMonthlyGift(id);
  const [cancelling, setCancelling] = useState(false);
  // POST /admin/monthly-gifts/:id/cancel requires corrections.manage (ADMIN, FINANCE).
  const mayCancel = can(useSession().roles, 'corrections.manage');
  const gift = query.data;
  const failure = recordFailure(id, query);

  const back = (
    <ButtonLink to={paths.adminMonthlyGifts} variant="outline" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
      {d.back}
    </ButtonLink>
  );

  return (
    <div>
      <PageHeader className="mb-6" eyebrow={d.eyebrow} title={d.title(id)} actions={back} />
      {failure ? (
        <RecordError failure={failure} notFound={d.notFound} loadFailed={d.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !gift ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-72" />
        </div>
      ) : (
        <GiftCards gift={gift} onCancel={mayCancel ? () => setCancelling(true) : undefined} />
      )}
      {mayCancel && cancelling && gift && <CancelMonthlyGiftModal gift={gift} onClose={() => setCancelling(false)} />}
    </div>
  );
}
