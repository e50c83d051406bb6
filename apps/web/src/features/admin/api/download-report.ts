// GET /admin/reports/export: the file is generated on the server and fetched with the bearer token
// (kept in memory, so a plain link could not send it), then handed to the browser as a download.
import { useMutation } from '@tanstack/react-query';
import type { ReportPeriod } from '@donaciones/shared/constants';
import type { ExportFormat } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';

/** `attachment; filename="reporte.csv"` -> `reporte.csv` */
export function filenameFrom(disposition: string | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export async function downloadReport(period: ReportPeriod, format: ExportFormat): Promise<string> {
  const res = await api.get<Blob>('/admin/reports/export', { params: { period, format }, responseType: 'blob', skipErrorToast: true });
  const filename = filenameFrom(res.headers['content-disposition'] as string | undefined, `reporte-${period}.${format}`);
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export function useDownloadReport() {
  return useMutation({ mutationFn: ({ period, format }: { period: ReportPeriod; format: ExportFormat }) => downloadReport(period, format) });
}
