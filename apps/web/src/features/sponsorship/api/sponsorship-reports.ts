// Sponsorship reports and the children's export (docs/product.md#sponsorship, decision 0053): the
// period's figures, and the children's list downloaded as CSV or Excel.
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChildExportRequest, SponsorshipReport, SponsorshipReportQuery } from '@donaciones/shared/schemas/sponsorship-reports';
import { api } from '@/lib/api-client';
import { downloadPosted } from '@/lib/download-file';
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

/** POST /admin/sponsorship/children/export (audited, hence not a GET), saved under the server's file name; returns that name. */
export async function exportChildren(body: ChildExportRequest): Promise<string> {
  return downloadPosted('/admin/sponsorship/children/export', body, `ninas-y-ninos.${body.format}`);
}

export function useExportChildren() {
  return useMutation({ mutationFn: exportChildren });
}
