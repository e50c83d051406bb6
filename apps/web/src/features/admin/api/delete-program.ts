// DELETE /admin/programs/{id} (ADMIN): its donations stay.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export async function deleteProgram(id: number): Promise<void> {
  await api.delete(`/admin/programs/${id}`, { skipErrorToast: [404] });
}

export function useDeleteProgram() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: deleteProgram, onSuccess: () => refresh(systemKeys.programs()) });
}
