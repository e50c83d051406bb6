// GET /dashboard/stats as ADMIN: the organisation's totals, growth and recent activity.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function getAdminStats(): Promise<AdminDashboardStats> {
  // The dashboard shows its own error with a retry.
  const { data } = await api.get<AdminDashboardStats>('/dashboard/stats', { skipErrorToast: true });
  return data;
}

export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats(), queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
