// "Posibles duplicados" (/admin/donantes/duplicados, docs/product.md#donors, donors.manage): the pairs of
// donors with the same NIT or CUI, a shared email, or a similar name with the same phone, each with
// "Fusionar…" (preview first). A merge is undone from the surviving donor's page.
import { useState } from 'react';
import { ArrowLeft, Copy, GitMerge } from 'lucide-react';
import { formatCents } from '@donaciones/shared/format';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import type { DonorSummary, DuplicateProposal } from '@donaciones/shared/schemas/donors';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { adminDonorDetailPath, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDuplicates } from '../api/donors';
import { MergeDialog } from '../components/merge-dialog';

const t = donorsMessages.duplicates;
const none = donorsMessages.list.none;

function DonorBox({ d }: { d: DonorSummary }) {
  return (
    <div className="min-w-0 rounded-xl border border-sand-200 p-3">
      <ButtonLink to={adminDonorDetailPath(d.id)} variant="ghost" size="sm" className="-ml-2 font-semibold">
        {d.name} · #{d.id}
      </ButtonLink>
      <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">{d.email ?? none}</p>
      <p className="text-sm text-ink-700">
        {d.taxId ?? none} · {d.phone ?? none}
      </p>
      <p className="text-sm text-ink-700 tabular-nums">
        {d.giftCount} · {formatCents(d.lifetimeCents)}
      </p>
    </div>
  );
}

function Proposal({ item, onMerge }: { item: DuplicateProposal; onMerge: () => void }) {
  return (
    <Card>
      <div className="flex flex-col gap-3" role="group" aria-label={t.pairLabel(item.a.name, item.b.name)}>
        <Badge tone="warning" className="self-start">{donorsMessages.duplicateReasons[item.reason]}</Badge>
        <div className="grid gap-3 sm:grid-cols-2">
          <DonorBox d={item.a} />
          <DonorBox d={item.b} />
        </div>
        <Button variant="secondary" className="self-start" onClick={onMerge} aria-label={t.mergeLabel(item.a.name, item.b.name)} icon={<GitMerge aria-hidden="true" className="size-4" />}>
          {t.merge}
        </Button>
      </div>
    </Card>
  );
}

export default function AdminDonorDuplicatesPage() {
  useDocumentTitle(t.title);
  const query = useDuplicates();
  const [merging, setMerging] = useState<DuplicateProposal | null>(null);
  const back = (
    <ButtonLink to={paths.adminDonors} variant="outline" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
      {t.back}
    </ButtonLink>
  );
  return (
    <div>
      <PageHeader className="mb-6" title={t.title} description={t.subtitle} actions={back} />
      {query.isError ? (
        <ErrorState message={t.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : query.data.length === 0 ? (
        <EmptyState title={t.emptyTitle} description={t.emptyText} icon={<Copy aria-hidden="true" className="size-6" />} />
      ) : (
        <div className="flex flex-col gap-4">
          {query.data.map((item) => (
            <Proposal key={`${item.a.id}-${item.b.id}`} item={item} onMerge={() => setMerging(item)} />
          ))}
        </div>
      )}
      {merging && <MergeDialog a={merging.a} b={merging.b} onClose={() => setMerging(null)} />}
    </div>
  );
}
