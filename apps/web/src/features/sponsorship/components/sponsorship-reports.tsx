// "Reportes" on the staff's sponsorship screen (docs/product.md#sponsorship, decision 0053): the
// period chosen, its figures, and the children's list as CSV or Excel. The staff-fields box shows only
// to people holding sponsorship.export_staff_fields; the API checks it again.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { guatemalaDay, formatDay } from '@donaciones/shared/format';
import { can } from '@donaciones/shared/permissions';
import { sponsorshipReportTexts as t } from '@donaciones/shared/messages/sponsorship-reports';
import { type SponsorshipReportQuery, sponsorshipReportQuerySchema } from '@donaciones/shared/schemas/sponsorship-reports';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { Checkbox, TextInput } from '@/components/form-fields';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useExportChildren, useSponsorshipReport } from '../api/sponsorship-reports';
import { ConsentsSection, FollowUpSection, PlacesSection, WaitingAndRetention } from './report-sections';

/** The year so far, in Guatemala days. */
export function defaultPeriod(now = new Date()): SponsorshipReportQuery {
  const today = guatemalaDay(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

function PeriodForm({ value, onChange }: { value: SponsorshipReportQuery; onChange: (q: SponsorshipReportQuery) => void }) {
  const form = useForm<SponsorshipReportQuery>({ resolver: zodResolver(sponsorshipReportQuerySchema), defaultValues: value });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label="Período del reporte" className="flex flex-col gap-4 sm:flex-row sm:items-start" onSubmit={form.handleSubmit(onChange)}>
      <TextInput type="date" label={t.from} error={errors.from?.message} className="sm:w-48" {...form.register('from')} />
      <TextInput type="date" label={t.to} error={errors.to?.message} className="sm:w-48" {...form.register('to')} />
      <Button type="submit" variant="secondary" className="sm:mt-7">{t.apply}</Button>
    </form>
  );
}

function ExportCard() {
  const mayExportStaffFields = can(useSession().roles, 'sponsorship.export_staff_fields');
  const [staffFields, setStaffFields] = useState(false);
  const exporter = useExportChildren();
  const [done, showDone] = useFlash();
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setFailure(null);
    try {
      showDone(t.exportDone(await exporter.mutateAsync({ format, staffFields: mayExportStaffFields && staffFields })));
    } catch (error) {
      setFailure(getErrorMessage(error, t.exportError));
    }
  };
  const pending = exporter.isPending ? exporter.variables?.format : null;
  return (
    <Card title={t.exportTitle} description={t.exportDescription} headingLevel="h3">
      <div className="space-y-4">
        {mayExportStaffFields && <Checkbox label={t.exportStaffFields} checked={staffFields} onChange={(e) => setStaffFields(e.target.checked)} />}
        <div className="flex flex-wrap gap-3">
          <Button icon={<Download className="size-4" />} loading={pending === 'csv'} disabled={exporter.isPending} onClick={() => void download('csv')}>{t.exportCsv}</Button>
          <Button icon={<Download className="size-4" />} variant="secondary" loading={pending === 'xlsx'} disabled={exporter.isPending} onClick={() => void download('xlsx')}>{t.exportXlsx}</Button>
        </div>
        <SuccessMessage message={done} />
        <ErrorMessage message={failure} />
      </div>
    </Card>
  );
}

export default function SponsorshipReports() {
  const [period, setPeriod] = useState(defaultPeriod);
  const report = useSponsorshipReport(period);
  return (
    <section aria-labelledby="reportes-titulo" className="space-y-6">
      <div>
        <h2 id="reportes-titulo" className="text-2xl font-semibold">{t.title}</h2>
        <p className="mt-1 max-w-3xl text-ink-600">{t.description}</p>
      </div>
      <Card>
        <PeriodForm value={period} onChange={setPeriod} />
        {report.data && <p className="mt-3 text-sm text-ink-600">{t.periodLabel(formatDay(report.data.from), formatDay(report.data.to))}</p>}
      </Card>
      {report.isPending && <Skeleton className="h-64" />}
      {report.isError && <ErrorState message={t.loadError} onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <PlacesSection report={report.data} />
          <WaitingAndRetention report={report.data} />
          <FollowUpSection report={report.data} />
          <ConsentsSection report={report.data} />
        </>
      )}
      <ExportCard />
    </section>
  );
}
