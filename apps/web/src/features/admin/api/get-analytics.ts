// GET /admin/analytics?period=: the figures of the reports screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportPeriod } from '@donaciones/shared/constants';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function getAnalytics(period: ReportPeriod): Promise<Analytics> {
  // The screen shows its own error with a retry (never sample data).
  const { data } = await api.get<Analytics>('/admin/analytics', { params: { period }, skipErrorToast: true });
  return data;
}

export const analyticsQueryOptions = (period: ReportPeriod) => queryOptions({ queryKey: adminKeys.analytics(period), queryFn: () => getAnalytics(period) });

export function useAnalytics(period: ReportPeriod) {
  return useQuery(analyticsQueryOptions(period));
}
