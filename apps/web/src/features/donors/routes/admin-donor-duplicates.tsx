// "Posibles duplicados" (/admin/donantes/duplicados, docs/product.md#donors, donors.manage): the pairs of
// donors with the same NIT or CUI, a shared email, or a similar name with the same phone, each with
// "Fusionar…" (preview first). A merge is undone from the surviving donor's page.
import { useState } from 'react';
import { Link } from 'react-router';
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
  const l = donorsMessages.list;
  return (
    <div className="min-w-0 rounded-xl border border-sand-200 p-3">
      <Link to={adminDonorDetailPath(d.id)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
        {d.name} · #{d.id}
      </Link>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-ink-700">
        {[
          [donorsMessages.page.emails, d.email ?? none],
          [l.colTaxId, d.taxId ?? none],
          [l.colPhone, d.phone ?? none],
          [l.colGifts, String(d.giftCount)],
          [l.colTotal, formatCents(d.lifetimeCents)],
        ].map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-600">{label}</dt>
            <dd className="[overflow-wrap:anywhere] tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
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
