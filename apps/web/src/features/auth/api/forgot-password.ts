// POST /auth/forgot-password: the server answers the same whether the account exists or not.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForgotPasswordInput } from '@donaciones/shared/schemas/auth';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';

export async function requestPasswordReset(body: ForgotPasswordInput): Promise<z.infer<typeof messageResponseSchema>> {
  const { data } = await api.post<z.infer<typeof messageResponseSchema>>('/auth/forgot-password', body, { skipAuthRefresh: true, skipErrorToast: [400] });
  return data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
