// A child's progress reports on the staff's record (docs/product.md#sponsorship): every report, newest
// first, with its staff notes and whether the sponsor sees its photo; a photo can be added to a report
// (one of a type the API refuses is refused as soon as it is chosen, and not sent; one over the API's
// limit is redrawn smaller first, as on the new report); then the form for a new one.
import { useState } from 'react';
import { formatDate } from '@donaciones/shared/format';
import { progressReportTexts as t } from '@donaciones/shared/messages/progress-reports';
import type { StaffProgressReport } from '@donaciones/shared/schemas/progress-reports';
import { Badge } from '@/components/badge';
import { TextInput } from '@/components/form-fields';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { PHOTO_TYPES, acceptOf } from '@/lib/file-types';
import { photoToSend } from '@/lib/photo-to-send';
import { useAddReportPhoto, useStaffProgressReports } from '../api/progress-reports';
import { usePhotoUrl } from '../api/sponsorship';
import { ProgressReportFacts } from './progress-report-facts';
import { ProgressReportForm, REPORT_PHOTO } from './progress-report-form';

function ReportPhoto({ report, childId }: { report: StaffProgressReport; childId: number }) {
  const photo = usePhotoUrl(report.staffPhotoUrl);
  const add = useAddReportPhoto(childId);
  const [error, setError] = useState<string | null>(null);
  if (report.staffPhotoUrl) {
    return (
      <figure className="w-32">
        {photo.data ? <img src={photo.data} alt="Foto del informe" className="aspect-square w-32 rounded-lg object-cover" /> : <Skeleton className="h-32 w-32" />}
        <figcaption className="mt-1 text-xs text-ink-600">{report.photoUrl ? t.photoShown : t.photoHidden}</figcaption>
      </figure>
    );
  }
  return (
    <TextInput
      label="Agregar foto"
      type="file"
      accept={acceptOf(PHOTO_TYPES)}
      error={error ?? undefined}
      onChange={async (event) => {
        const input = event.currentTarget;
        const file = input.files?.[0];
        if (!file) return;
        setError(null);
        const ready = await photoToSend(file, REPORT_PHOTO);
        if ('refusal' in ready) {
          setError(ready.refusal);
          input.value = '';
          return;
        }
        add.mutate({ reportId: report.id, photo: ready.photo }, { onError: (err) => setError(getErrorMessage(err, 'No pudimos subir la foto.')) });
      }}
    />
  );
}

export function StaffProgressReports({ childId, childName }: { childId: number; childName: string }) {
  const reports = useStaffProgressReports(childId);
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink-700">{t.staffIntro}</p>
      {reports.isPending && <Skeleton className="h-24" />}
      {reports.isError && <ErrorState message="No pudimos cargar los informes." onRetry={() => void reports.refetch()} />}
      {reports.data?.length === 0 && <p className="text-ink-700">{t.none}</p>}
      {reports.data && reports.data.length > 0 && (
        <ol className="space-y-4" aria-label={t.title}>
          {reports.data.map((r) => (
            <li key={r.id} className="rounded-xl border border-sand-200 p-4">
              <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
                <div>
                  <ProgressReportFacts report={r} />
                  {r.staffNotes && (
                    <p className="mt-2 text-sm text-ink-700">
                      <Badge>{t.staffNotes}</Badge> {r.staffNotes}
                    </p>
                  )}
                  <p className="mt-2 text-xs text-ink-600">{`Publicado el ${formatDate(r.createdAt)}${r.writtenBy ? ` por ${r.writtenBy}` : ''}`}</p>
                </div>
                <ReportPhoto report={r} childId={childId} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <h3 className="mb-3 font-display text-base font-semibold text-ink-900">{t.newReport}</h3>
        <ProgressReportForm childId={childId} childName={childName} />
      </div>
    </div>
  );
}
