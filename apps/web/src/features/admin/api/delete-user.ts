// DELETE /admin/users/{id}: the account goes, its donations stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/admin/users/${id}`, { skipErrorToast: [400, 404, 409] });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
