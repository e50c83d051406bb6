// GET /admin/reports/export: the report of a period as a file download.
import { useMutation } from '@tanstack/react-query';
import type { ReportPeriod } from '@donaciones/shared/constants';
import type { ExportFormat } from '@donaciones/shared/schemas/admin';
import { downloadFile } from '@/lib/download-file';

export function downloadReport(period: ReportPeriod, format: ExportFormat): Promise<string> {
  return downloadFile('/admin/reports/export', `reporte-${period}.${format}`, { params: { period, format } });
}

export function useDownloadReport() {
  return useMutation({ mutationFn: ({ period, format }: { period: ReportPeriod; format: ExportFormat }) => downloadReport(period, format) });
}
