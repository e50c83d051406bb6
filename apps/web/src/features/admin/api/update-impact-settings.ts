// PUT /admin/impact (ADMIN): validated by the same shared schema as the form.
import { useMutation } from '@tanstack/react-query';
import type { ImpactSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function updateImpactSettings(values: ImpactSettings): Promise<ImpactSettings> {
  const { data } = await api.put<ImpactSettings>('/admin/impact', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdateImpactSettings() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: updateImpactSettings, onSuccess: () => refresh(systemKeys.impact()) });
}
