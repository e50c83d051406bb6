// "Reportes pendientes" on the staff's sponsorship screen (docs/product.md#sponsorship): how many
// sponsored children are due a progress report, and which, most overdue first, each linked to its record.
import { Link } from 'react-router';
import { formatDay } from '@donaciones/shared/format';
import { progressReportTexts as t } from '@donaciones/shared/messages/progress-reports';
import type { OverdueProgressReport } from '@donaciones/shared/schemas/progress-reports';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { adminSponsorshipChildPath } from '@/lib/paths';
import { useOverdueProgressReports } from '../api/progress-reports';

export function OverdueProgressReports() {
  const overdue = useOverdueProgressReports();
  const count = overdue.data?.length;
  return (
    <Card
      title={t.pendingTitle}
      description={t.pendingIntro}
      actions={count != null && <Badge tone={count > 0 ? 'warning' : 'success'}>{count > 0 ? t.pendingCount(count) : t.pendingNone}</Badge>}
    >
      {overdue.isPending && <Skeleton className="h-24" />}
      {overdue.isError && <ErrorState message="No pudimos cargar los reportes pendientes." onRetry={() => void overdue.refetch()} />}
      {overdue.data && overdue.data.length > 0 && (
        <ResponsiveTable<OverdueProgressReport>
          caption={t.pendingTitle}
          rows={overdue.data}
          getRowKey={(c) => c.childId}
          columns={[
            { key: 'name', header: 'Nombre', primary: true, cell: (c) => <Link className="font-semibold text-brand-700 underline" to={adminSponsorshipChildPath(c.childId)}>{c.fullName}</Link> },
            { key: 'days', header: t.daysOverdue, cell: (c) => <Badge tone="warning">{t.days(c.daysOverdue)}</Badge> },
            { key: 'last', header: t.lastReport, cell: (c) => (c.lastReportDate ? formatDay(c.lastReportDate) : t.noReportYet) },
            { key: 'since', header: t.sponsoredSince, cell: (c) => formatDay(c.sponsoredSince) },
          ]}
        />
      )}
    </Card>
  );
}
