// GET /dashboard/events/upcoming: future published events, soonest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpcomingEvent } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getUpcomingEvents(): Promise<UpcomingEvent[]> {
  const { data } = await api.get<UpcomingEvent[]>('/dashboard/events/upcoming', { skipErrorToast: true });
  return data;
}

export const upcomingEventsQueryOptions = () => queryOptions({ queryKey: memberKeys.events(), queryFn: getUpcomingEvents });

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQueryOptions());
}
