// GET /admin/events (ADMIN): every event, the latest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getAdminEvents(): Promise<AdminEvent[]> {
  const { data } = await api.get<{ events: AdminEvent[] }>('/admin/events', { skipErrorToast: true });
  return data.events;
}

export const adminEventsQueryOptions = () => queryOptions({ queryKey: systemKeys.events(), queryFn: getAdminEvents });

export function useAdminEvents() {
  return useQuery(adminEventsQueryOptions());
}
