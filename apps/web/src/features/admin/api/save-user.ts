// POST /admin/users and PUT /admin/users/{id}: the same body (docs/product.md#validation-rules "Admin user create or edit").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserValues } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function createUser(values: AdminUserValues): Promise<AdminUser> {
  const { data } = await api.post<AdminUser>('/admin/users', values, { skipErrorToast: [400, 409] });
  return data;
}

export async function updateUser(id: number, values: AdminUserValues): Promise<AdminUser> {
  const { data } = await api.put<AdminUser>(`/admin/users/${id}`, values, { skipErrorToast: [400, 404, 409] });
  return data;
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: AdminUserValues }) => (id ? updateUser(id, values) : createUser(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
