// PUT /admin/settings (ADMIN): the five system settings of docs/product.md#limits-and-constants and the days before a pending donation expires.
import { useMutation } from '@tanstack/react-query';
import type { SystemSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function updateSystemSettings(values: SystemSettings): Promise<SystemSettings> {
  // The tab shows 'Error al guardar la configuración del sistema' itself.
  const { data } = await api.put<SystemSettings>('/admin/settings', values, { skipErrorToast: true });
  return data;
}

export function useUpdateSystemSettings() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: updateSystemSettings, onSuccess: () => refresh(systemKeys.settings()) });
}
