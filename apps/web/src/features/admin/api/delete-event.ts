// DELETE /admin/events/{id} (ADMIN).
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function deleteEvent(id: number): Promise<void> {
  await api.delete(`/admin/events/${id}`, { skipErrorToast: [404] });
}

export function useDeleteEvent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => refresh(systemKeys.events()) });
}
