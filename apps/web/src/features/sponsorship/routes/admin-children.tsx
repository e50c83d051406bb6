// /admin/apadrinamiento (sponsorship.manage, docs/product.md#sponsorship): the children's records with
// their status and places, and a new child's record.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { childStatusLabels, sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import type { StaffChild } from '@donaciones/shared/schemas/sponsorship';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { adminSponsorshipChildPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateChild, useStaffChildren } from '../api/sponsorship';
import { BirthdayGiftsToDeliver } from '../components/birthday-gifts-staff';
import { ChildForm } from '../components/child-form';
import { OverdueProgressReports } from '../components/overdue-progress-reports';
import { SponsorshipReportsView, SponsorshipViewTabs, useSponsorshipView } from '../components/sponsorship-view-tabs';

const tone = { waiting: 'warning', sponsored: 'success', paused: 'neutral', left: 'danger' } as const;

export default function AdminChildrenPage() {
  useDocumentTitle(t.staffNav);
  const children = useStaffChildren();
  const create = useCreateChild();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const view = useSponsorshipView();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Apadrinamiento"
        title="Niñas y niños"
        description="Fichas completas (solo personal). El público ve únicamente primer nombre, edad, departamento, programa, historia aprobada y foto con consentimiento vigente."
        actions={view === 'records' && <Button onClick={() => setAdding((v) => !v)}>{adding ? 'Cerrar' : 'Nueva ficha'}</Button>}
      />
      <SponsorshipViewTabs view={view} />
      {view === 'reports' && <SponsorshipReportsView />}
      {view === 'records' && adding && (
        <Card title="Nueva ficha">
          <ChildForm submitLabel="Crear ficha" pending={create.isPending} onSubmit={async (v) => navigate(adminSponsorshipChildPath((await create.mutateAsync(v)).child.id))} />
        </Card>
      )}
      {view === 'records' && <OverdueProgressReports />}
      {view === 'records' && <BirthdayGiftsToDeliver />}
      {view === 'records' && children.isPending && <Skeleton className="h-48" />}
      {view === 'records' && children.isError && <ErrorState message="No pudimos cargar las fichas." onRetry={() => void children.refetch()} />}
      {view === 'records' && children.data && (
        <ResponsiveTable<StaffChild>
          caption="Fichas de niñas y niños"
          rows={children.data}
          getRowKey={(c) => c.id}
          empty="Aún no hay fichas."
          columns={[
            { key: 'name', header: 'Nombre', cell: (c) => <Link className="font-semibold text-brand-700 underline" to={adminSponsorshipChildPath(c.id)}>{c.fullName}</Link> },
            { key: 'age', header: 'Edad', cell: (c) => t.years(c.age) },
            { key: 'department', header: 'Departamento', cell: (c) => c.department },
            { key: 'status', header: 'Estado', cell: (c) => <Badge tone={tone[c.status]}>{childStatusLabels[c.status]}</Badge> },
            { key: 'places', header: 'Lugares', cell: (c) => `${c.takenPlaces} de ${c.sponsorPlaces}` },
            { key: 'photo', header: 'Foto', cell: (c) => (c.photoUrl ? 'Visible' : 'Oculta') },
          ]}
        />
      )}
    </div>
  );
}
