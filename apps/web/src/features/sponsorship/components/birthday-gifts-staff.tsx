// Birthday gifts for staff (docs/product.md#sponsorship, decision 0055): "Regalos de cumpleaños por
// entregar" on the sponsorship screen (paid, not yet delivered, the oldest paid first) and every gift of
// one child on their record; staff mark one delivered once they handed it over (audited by the API).
import { formatDate, formatMoney } from '@donaciones/shared/format';
import { birthdayGiftTexts as bt } from '@donaciones/shared/messages/birthday-gifts';
import { MONTH_NAMES } from '@donaciones/shared/messages/sponsorship';
import type { StaffBirthdayGift } from '@donaciones/shared/schemas/sponsorship-amounts';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { adminSponsorshipChildPath } from '@/lib/paths';
import { useBirthdayGifts, useMarkBirthdayGiftDelivered } from '../api/birthday-gifts';

const birthday = (g: StaffBirthdayGift) => `${MONTH_NAMES[g.birthdayMonth - 1]} ${g.birthdayYear}`;

function GiftState({ gift }: { gift: StaffBirthdayGift }) {
  if (gift.deliveredAt) {
    return (
      <span>
        <Badge tone="success">{bt.deliveredOn(formatDate(gift.deliveredAt))}</Badge>
        {gift.deliveredBy && <span className="mt-1 block text-xs text-ink-600">{bt.deliveredBy(gift.deliveredBy)}</span>}
      </span>
    );
  }
  if (gift.donationStatus !== 'completed') return <Badge tone="neutral">{bt.pending}</Badge>;
  return <Badge tone="warning">{bt.toDeliver}</Badge>;
}

function MarkDelivered({ gift }: { gift: StaffBirthdayGift }) {
  const mark = useMarkBirthdayGiftDelivered();
  if (gift.deliveredAt || gift.donationStatus !== 'completed') return null;
  return (
    <div>
      <Button size="sm" variant="outline" loading={mark.isPending} onClick={() => mark.mutate(gift.id)} aria-label={`${bt.markDelivered}: ${gift.childFirstName}, ${gift.referenceCode}`}>
        {bt.markDelivered}
      </Button>
      {mark.isError && <p role="alert" className="mt-1 text-sm font-semibold text-danger-700">{getErrorMessage(mark.error, bt.failed)}</p>}
    </div>
  );
}

function GiftsTable({ gifts, caption, empty, withChild }: { gifts: StaffBirthdayGift[]; caption: string; empty: string; withChild: boolean }) {
  return (
    <ResponsiveTable<StaffBirthdayGift>
      caption={caption}
      rows={gifts}
      getRowKey={(g) => g.id}
      empty={<p className="text-sm text-ink-600">{empty}</p>}
      columns={[
        ...(withChild
          ? [{ key: 'child', header: bt.child, primary: true, cell: (g: StaffBirthdayGift) => <Link className="font-semibold text-brand-700 underline" to={adminSponsorshipChildPath(g.childId)}>{g.childFullName}</Link> }]
          : []),
        { key: 'birthday', header: bt.birthday, cell: (g) => birthday(g) },
        { key: 'sponsor', header: bt.sponsor, cell: (g) => g.sponsorName ?? '—' },
        { key: 'amount', header: 'Monto', cell: (g) => <span className="tabular-nums">{formatMoney(g.amount, g.currency)}</span> },
        { key: 'paid', header: bt.paidOn, cell: (g) => (g.completedAt ? formatDate(g.completedAt) : '—') },
        { key: 'state', header: 'Estado', cell: (g) => <GiftState gift={g} /> },
        { key: 'action', header: <span className="sr-only">Acción</span>, cell: (g) => <MarkDelivered gift={g} /> },
      ]}
    />
  );
}

/** "Regalos de cumpleaños por entregar", on the sponsorship screen. */
export function BirthdayGiftsToDeliver() {
  const gifts = useBirthdayGifts({ state: 'to_deliver' });
  return (
    <Card title={bt.staffTitle} description={bt.staffIntro}>
      {gifts.isPending && <Skeleton className="h-24" />}
      {gifts.isError && <ErrorState message="No pudimos cargar los regalos de cumpleaños." onRetry={() => void gifts.refetch()} />}
      {gifts.data && <GiftsTable gifts={gifts.data} caption={bt.staffTitle} empty={bt.staffEmpty} withChild />}
    </Card>
  );
}

/** Every birthday gift of one child, on their record. */
export function ChildBirthdayGifts({ childId }: { childId: number }) {
  const gifts = useBirthdayGifts({ state: 'all', childId });
  if (gifts.isPending) return <Skeleton className="h-16" />;
  if (gifts.isError) return <ErrorState message="No pudimos cargar los regalos de cumpleaños." onRetry={() => void gifts.refetch()} />;
  return <GiftsTable gifts={gifts.data} caption={bt.staffChildTitle} empty={bt.staffChildEmpty} withChild={false} />;
}
