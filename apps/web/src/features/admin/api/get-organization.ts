// GET /admin/organization (ADMIN).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getOrganization(): Promise<OrganizationSettings> {
  // The tab shows its own error with a retry.
  const { data } = await api.get<OrganizationSettings>('/admin/organization', { skipErrorToast: true });
  return data;
}

export const organizationQueryOptions = () => queryOptions({ queryKey: systemKeys.organization(), queryFn: getOrganization });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}
