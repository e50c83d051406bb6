// POST /auth/reset-password: sets the new password with the emailed single-use token.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResetPasswordInput } from '@donaciones/shared/schemas/auth';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';

export async function resetPassword(body: ResetPasswordInput): Promise<z.infer<typeof messageResponseSchema>> {
  const { data } = await api.post<z.infer<typeof messageResponseSchema>>('/auth/reset-password', body, { skipAuthRefresh: true, skipErrorToast: [400] });
  return data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
