// GET /admin/levels (ADMIN).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getLevelSettings(): Promise<LevelSettings> {
  // The tab shows its own error with a retry.
  const { data } = await api.get<LevelSettings>('/admin/levels', { skipErrorToast: true });
  return data;
}

export const levelSettingsQueryOptions = () => queryOptions({ queryKey: systemKeys.levels(), queryFn: getLevelSettings });

export function useLevelSettings() {
  return useQuery(levelSettingsQueryOptions());
}
