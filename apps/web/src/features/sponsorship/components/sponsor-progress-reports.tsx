// "Mi ahijado/a": the progress reports of one sponsorship, newest first, as the sponsor reads them
// (sponsor-level fields only; the photo only while a current consent covers it).
import { progressReportTexts as t } from '@donaciones/shared/messages/progress-reports';
import type { SponsorProgressReport } from '@donaciones/shared/schemas/progress-reports';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useSponsorProgressReports } from '../api/progress-reports';
import { usePhotoUrl } from '../api/sponsorship';
import { ProgressReportFacts } from './progress-report-facts';

function Report({ report, childName }: { report: SponsorProgressReport; childName: string }) {
  const photo = usePhotoUrl(report.photoUrl);
  return (
    <li className="grid gap-4 rounded-xl border border-sand-200 p-4 sm:grid-cols-[1fr_10rem]">
      <ProgressReportFacts report={report} headingLevel="h4" />
      {report.photoUrl &&
        (photo.data ? <img src={photo.data} alt={t.photoAlt(childName)} className="aspect-square w-40 rounded-lg object-cover" /> : <Skeleton className="h-40 w-40" />)}
    </li>
  );
}

export function SponsorProgressReports({ sponsorshipId, childName }: { sponsorshipId: number; childName: string }) {
  const reports = useSponsorProgressReports(sponsorshipId);
  return (
    <section className="mt-6" aria-labelledby={`informes-${sponsorshipId}`}>
      <h3 id={`informes-${sponsorshipId}`} className="mb-3 font-display text-lg font-semibold text-ink-900">{t.sponsorTitle}</h3>
      {reports.isPending && <Skeleton className="h-24" />}
      {reports.isError && <ErrorState message="No pudimos cargar los informes de avance." onRetry={() => void reports.refetch()} />}
      {reports.data?.reports.length === 0 && <p className="text-ink-700">{t.sponsorNone}</p>}
      {reports.data && reports.data.reports.length > 0 && (
        <ol className="space-y-4">
          {reports.data.reports.map((r) => <Report key={r.id} report={r} childName={childName} />)}
        </ol>
      )}
    </section>
  );
}
