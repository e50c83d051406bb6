// POST /user/change-password: the server checks the current password and signs out the other sessions.
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@donaciones/shared/schemas/profile';
import { api } from '@/lib/api-client';

export async function changePassword(body: ChangePasswordInput): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>('/user/change-password', body, { skipErrorToast: [400] });
  return data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
