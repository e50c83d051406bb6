// PUT /admin/levels (ADMIN): validated by the same shared schema as the form.
import { useMutation } from '@tanstack/react-query';
import type { LevelSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function updateLevelSettings(values: LevelSettings): Promise<LevelSettings> {
  const { data } = await api.put<LevelSettings>('/admin/levels', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdateLevelSettings() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: updateLevelSettings, onSuccess: () => refresh(systemKeys.levels()) });
}
