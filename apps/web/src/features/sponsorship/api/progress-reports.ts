// Progress reports (docs/product.md#sponsorship): a child's reports and publishing one (staff), their
// photo, "Reportes pendientes", and the sponsor's reports in "Mi ahijado/a".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OverdueProgressReport,
  ProgressReportInput,
  SponsorProgressReports,
  StaffProgressReport,
  StaffProgressReports,
} from '@donaciones/shared/schemas/progress-reports';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const progressReportKeys = {
  staff: (childId: number) => [...queryRoots.admin, 'sponsorship', 'progress-reports', childId] as const,
  overdue: () => [...queryRoots.admin, 'sponsorship', 'progress-reports', 'overdue'] as const,
  sponsor: (sponsorshipId: number) => [...queryRoots.member, 'sponsorships', sponsorshipId, 'progress-reports'] as const,
};

export function useStaffProgressReports(childId: number) {
  return useQuery({
    queryKey: progressReportKeys.staff(childId),
    enabled: Number.isInteger(childId) && childId > 0,
    queryFn: async () => (await api.get<StaffProgressReports>(`/admin/sponsorship/children/${childId}/progress-reports`)).data.reports,
  });
}

export function useOverdueProgressReports() {
  return useQuery({
    queryKey: progressReportKeys.overdue(),
    queryFn: async () => (await api.get<{ children: OverdueProgressReport[] }>('/admin/sponsorship/progress-reports/overdue')).data.children,
  });
}

export function useSponsorProgressReports(sponsorshipId: number) {
  return useQuery({
    queryKey: progressReportKeys.sponsor(sponsorshipId),
    queryFn: async () => (await api.get<SponsorProgressReports>(`/users/me/sponsorships/${sponsorshipId}/progress-reports`, { skipErrorToast: true })).data,
  });
}

const quiet = { skipErrorToast: [400, 404, 413, 415] };

/** Publishes the report, then adds its photo when one was chosen; the lists are read again either way. */
export function usePublishProgressReport(childId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, photo }: { values: ProgressReportInput; photo: File | null }) => {
      const report = (await api.post<StaffProgressReport>(`/admin/sponsorship/children/${childId}/progress-reports`, values, quiet)).data;
      if (!photo) return { report, photoError: null };
      try {
        const withPhoto = await api.put<StaffProgressReport>(`/admin/sponsorship/progress-reports/${report.id}/photo`, photo, { headers: { 'Content-Type': 'application/octet-stream' }, timeout: 120_000, ...quiet });
        return { report: withPhoto.data, photoError: null };
      } catch (error) {
        // The report is published; the photo can be added again from the report.
        return { report, photoError: error };
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: progressReportKeys.staff(childId) });
      void client.invalidateQueries({ queryKey: progressReportKeys.overdue() });
    },
  });
}

export function useAddReportPhoto(childId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportId, photo }: { reportId: number; photo: File }) =>
      (await api.put<StaffProgressReport>(`/admin/sponsorship/progress-reports/${reportId}/photo`, photo, { headers: { 'Content-Type': 'application/octet-stream' }, timeout: 120_000, ...quiet })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: progressReportKeys.staff(childId) }),
  });
}
