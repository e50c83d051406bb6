// GET /admin/impact (ADMIN).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImpactSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getImpactSettings(): Promise<ImpactSettings> {
  // The tab shows its own error with a retry.
  const { data } = await api.get<ImpactSettings>('/admin/impact', { skipErrorToast: true });
  return data;
}

export const impactSettingsQueryOptions = () => queryOptions({ queryKey: systemKeys.impact(), queryFn: getImpactSettings });

export function useImpactSettings() {
  return useQuery(impactSettingsQueryOptions());
}
