// PUT /admin/organization (ADMIN): validated by the same shared schema as the form.
import { useMutation } from '@tanstack/react-query';
import type { OrganizationSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function updateOrganization(values: OrganizationSettings): Promise<OrganizationSettings> {
  const { data } = await api.put<OrganizationSettings>('/admin/organization', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdateOrganization() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: updateOrganization, onSuccess: () => refresh(systemKeys.organization()) });
}
