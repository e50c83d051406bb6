// Sponsorship reports and the children's export (docs/product.md#sponsorship, decision 0053): the
// period's figures, and the children's list downloaded as CSV or Excel.
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SponsorshipReport, SponsorshipReportQuery } from '@donaciones/shared/schemas/sponsorship-reports';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { queryRoots } from '@/lib/query-keys';

export const sponsorshipReportKeys = {
  report: (q: SponsorshipReportQuery) => [...queryRoots.admin, 'sponsorship', 'reports', q] as const,
};

export const sponsorshipReportQuery = (q: SponsorshipReportQuery) =>
  queryOptions({
    queryKey: sponsorshipReportKeys.report(q),
    queryFn: async () => (await api.get<SponsorshipReport>('/admin/sponsorship/reports', { params: q, skipErrorToast: true })).data,
    placeholderData: keepPreviousData,
  });

export function useSponsorshipReport(q: SponsorshipReportQuery) {
  return useQuery(sponsorshipReportQuery(q));
}

/** GET /admin/sponsorship/children/export, saved under the server's file name; returns that name. */
export function useExportChildren() {
  return useMutation({
    mutationFn: ({ format, staffFields }: { format: 'csv' | 'xlsx'; staffFields: boolean }) =>
      downloadFile('/admin/sponsorship/children/export', `ninas-y-ninos.${format}`, { params: { format, staffFields: String(staffFields) } }),
  });
}
