// The two views of the staff's sponsorship screen, "Fichas" and "Reportes" (decision 0053), chosen by
// `?vista=reportes` so a view can be linked and survives a reload. The reports load on demand.
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sponsorshipReportTexts as t } from '@donaciones/shared/messages/sponsorship-reports';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';

const SponsorshipReports = lazy(() => import('./sponsorship-reports'));

export type SponsorshipView = 'records' | 'reports';

export function useSponsorshipView(): SponsorshipView {
  const [params] = useSearchParams();
  return params.get('vista') === 'reportes' ? 'reports' : 'records';
}

export function SponsorshipViewTabs({ view }: { view: SponsorshipView }) {
  const tab = (mine: SponsorshipView, label: string, search: string) => (
    <Link
      to={{ search }}
      aria-current={view === mine ? 'page' : undefined}
      className={cn(
        'rounded-lg px-4 py-2 font-semibold',
        view === mine ? 'bg-brand-700 text-white' : 'text-brand-700 underline-offset-4 hover:underline',
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Vistas de apadrinamiento" className="flex gap-2 border-b border-sand-200 pb-3">
      {tab('records', t.tabRecords, '')}
      {tab('reports', t.tabReports, '?vista=reportes')}
    </nav>
  );
}

export function SponsorshipReportsView() {
  return (
    <Suspense fallback={<Skeleton className="h-64" />}>
      <SponsorshipReports />
    </Suspense>
  );
}
