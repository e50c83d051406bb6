// POST /admin/events and PUT /admin/events/{id} (ADMIN).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminEvent, eventInputSchema } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export type EventValues = z.output<typeof eventInputSchema>;

export async function saveEvent(id: number | undefined, values: EventValues): Promise<AdminEvent> {
  const { data } = id
    ? await api.put<AdminEvent>(`/admin/events/${id}`, values, { skipErrorToast: [400, 404] })
    : await api.post<AdminEvent>('/admin/events', values, { skipErrorToast: [400] });
  return data;
}

export function useSaveEvent() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: EventValues }) => saveEvent(id, values),
    onSuccess: () => refresh(systemKeys.events()),
  });
}
