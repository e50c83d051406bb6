// A donor's page (/admin/donantes/:id, docs/product.md#donors): person or company, contact, NIT or CUI,
// consent with its date and source, notes and tags, lifetime and yearly totals, gifts, monthly gifts,
// receipts, deposits and the timeline; "Editar" for staff with donors.manage, whose refusal of an email
// another donor holds offers to merge the two (the merge dialog of "Posibles duplicados").
import { useState } from 'react';
import { ArrowLeft, Pencil } from 'lucide-react';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { can } from '@donaciones/shared/permissions';
import type { Donor, DonorPage } from '@donaciones/shared/schemas/donors';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { RecordError, recordFailure } from '@/components/states';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonorPage } from '../api/donors';
import { DonorEditModal } from '../components/donor-edit-modal';
import { MergeDialog } from '../components/merge-dialog';
import { ConsentNotesCard, ContactCard, GiftsCard, MonthlyReceiptsCards, TimelineCard, TotalsCard } from '../components/donor-sections';

const p = donorsMessages.page;

function DonorSections({ page, canManage }: { page: DonorPage; canManage: boolean }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {page.donor.mergedIntoId && (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200 lg:col-span-2">
          {p.mergedInto(page.donor.mergedIntoId)}
        </p>
      )}
      <ContactCard donor={page.donor} receiptEmailsOff={page.receiptEmailsOff} />
      <TotalsCard page={page} />
      <ConsentNotesCard donor={page.donor} />
      <div className="grid gap-6">
        <MonthlyReceiptsCards page={page} />
      </div>
      <GiftsCard title={p.gifts} caption={p.giftsCaption} gifts={page.gifts} />
      {page.deposits.length > 0 && <GiftsCard title={p.deposits} caption={p.depositsCaption} gifts={page.deposits} />}
      <TimelineCard page={page} canManage={canManage} />
    </div>
  );
}

/** The merge of this donor with the one holding an email, once that donor's record is loaded. */
function MergeWith({ donor, otherId, onClose }: { donor: Donor; otherId: number; onClose: () => void }) {
  const other = useDonorPage(otherId).data?.donor;
  return other ? <MergeDialog a={donor} b={other} onClose={onClose} /> : null;
}

export default function AdminDonorPage() {
  const id = useRouteId();
  const { roles } = useSession();
  const query = useDonorPage(id);
  const [editing, setEditing] = useState(false);
  const [mergingWith, setMergingWith] = useState<number | null>(null);
  const page = query.data;
  const failure = recordFailure(id, query);
  useDocumentTitle(page?.donor.name ?? donorsMessages.list.title);
  const mayEdit = can(roles, 'donors.manage') && page && !page.donor.mergedIntoId;

  const actions = (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={paths.adminDonors} variant="outline" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
        {p.back}
      </ButtonLink>
      {mayEdit && (
        <Button onClick={() => setEditing(true)} icon={<Pencil aria-hidden="true" className="size-4" />}>
          {p.edit}
        </Button>
      )}
    </div>
  );

  return (
    <div>
      <PageHeader
        className="mb-6"
        eyebrow={page ? `${p.eyebrow} #${page.donor.id} · ${donorsMessages.kinds[page.donor.kind]}` : p.eyebrow}
        title={page ? page.donor.name : donorsMessages.list.title}
        actions={actions}
      />
      {failure ? (
        <RecordError failure={failure} notFound={p.notFound} loadFailed={p.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !page ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : (
        <>
          {page.donor.tags.length > 0 && (
            <p className="-mt-3 mb-5 flex flex-wrap gap-1.5">
              {page.donor.tags.map((tag) => (
                <Badge key={tag} tone="brand">{tag}</Badge>
              ))}
            </p>
          )}
          <DonorSections page={page} canManage={can(roles, 'donors.manage')} />
        </>
      )}
      {editing && page && (
        <DonorEditModal
          donor={page.donor}
          onClose={() => setEditing(false)}
          onMerge={(other) => {
            setEditing(false);
            setMergingWith(other.id);
          }}
        />
      )}
      {mergingWith != null && page && <MergeWith donor={page.donor} otherId={mergingWith} onClose={() => setMergingWith(null)} />}
    </div>
  );
}
