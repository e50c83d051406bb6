// /donor/programs (docs/product.md#screens-and-routes): the active programs with their progress.
import { HandHeart } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useActivePrograms } from '../api/get-active-programs';
import { ProgramCard } from '../components/program-card';

const t = memberMessages.programs;

export default function DonorProgramsPage() {
  useDocumentTitle(t.title);
  const programs = useActivePrograms();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={
          <ButtonLink to={paths.donate} variant="accent" icon={<HandHeart aria-hidden="true" className="size-5" />}>
            {t.donateTo}
          </ButtonLink>
        }
      />
      {programs.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : programs.isError ? (
        <ErrorState message={screensMessages.dashboardLoadError} onRetry={() => programs.refetch()} retrying={programs.isFetching} />
      ) : programs.data.length === 0 ? (
        <EmptyState title={memberMessages.dashboard.programsEmpty} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {programs.data.map((p) => (
            <ProgramCard key={p.id} program={p} />
          ))}
        </div>
      )}
    </div>
  );
}
