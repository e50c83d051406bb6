// GET /admin/settings (ADMIN).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getSystemSettings(): Promise<SystemSettings> {
  // The tab shows its own error with a retry.
  const { data } = await api.get<SystemSettings>('/admin/settings', { skipErrorToast: true });
  return data;
}

export const systemSettingsQueryOptions = () => queryOptions({ queryKey: systemKeys.settings(), queryFn: getSystemSettings });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}
