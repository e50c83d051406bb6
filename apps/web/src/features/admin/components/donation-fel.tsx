// A donation's receipt certification with SAT in the admin console (docs/product.md#receipts): its
// state, SAT's authorization (UUID, series and number, date, link to SAT's verification) once
// certified, SAT's reason when rejected or the last error when it failed, and "Reintentar
// certificación" for those two. Nothing while the donation has no receipt.
import type { ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { formatDateTime } from '@donaciones/shared/format';
import { felMessages } from '@donaciones/shared/messages/fel';
import { can } from '@donaciones/shared/permissions';
import type { FelStatus } from '@donaciones/shared/schemas/fel';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useSession } from '@/lib/session';
import { useDonationFel, useRetryDonationFel } from '../api/donation-fel';

const m = felMessages;

const tones: Record<FelStatus, BadgeTone> = { not_required: 'neutral', pending: 'warning', certified: 'success', rejected: 'danger', failed: 'danger' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function DonationFel({ id }: { id: number }) {
  const query = useDonationFel(id);
  const retry = useRetryDonationFel(id);
  // Sending a receipt to SAT again is the fiscal side's (fiscal.manage); others read the state.
  const mayRetry = can(useSession().roles, 'fiscal.manage');
  const fel = query.data;

  if (query.isError) return <ErrorState message={m.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) return <Skeleton className="h-32" />;
  if (!fel) return null;

  const onRetry = async () => {
    await retry.mutateAsync();
    toast.success(m.retried);
  };

  return (
    <Card
      title={m.cardTitle}
      actions={
        fel.can_retry && mayRetry ? (
          <Button variant="outline" size="sm" onClick={() => void onRetry().catch(() => undefined)} loading={retry.isPending} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            {m.retry}
          </Button>
        ) : undefined
      }
    >
      <dl className="divide-y divide-sand-200" data-testid="receipt-fel">
        <Row label={m.status}>
          <Badge tone={tones[fel.status]}>{m.statuses[fel.status]}</Badge>
        </Row>
        {fel.uuid && (
          <Row label={m.uuid}>
            <span className="font-mono">{fel.uuid}</span>
          </Row>
        )}
        {fel.series && fel.number && <Row label={m.seriesNumber}>{`${fel.series} · ${fel.number}`}</Row>}
        {fel.certified_at && <Row label={m.certifiedAt}>{formatDateTime(fel.certified_at)}</Row>}
        {fel.error && (
          <Row label={m.error}>
            <span className="text-red-800">{fel.error}</span>
          </Row>
        )}
        {fel.status !== 'not_required' && fel.status !== 'certified' && <Row label={m.attempts}>{fel.attempts}</Row>}
        {fel.next_attempt_at && <Row label={m.nextAttempt}>{formatDateTime(fel.next_attempt_at)}</Row>}
        {fel.verification_url && (
          <Row label={m.verification}>
            <a href={fel.verification_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-800">
              {m.verify}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </Row>
        )}
      </dl>
    </Card>
  );
}
