// GET /dashboard/stats for DONOR and USER: the account's own totals, streak and recent activity.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDashboardStats } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getDashboardStats(): Promise<MemberDashboardStats> {
  // The dashboard shows its own error with a retry.
  const { data } = await api.get<MemberDashboardStats>('/dashboard/stats', { skipErrorToast: true });
  return data;
}

export const dashboardStatsQueryOptions = () => queryOptions({ queryKey: memberKeys.stats(), queryFn: getDashboardStats });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
