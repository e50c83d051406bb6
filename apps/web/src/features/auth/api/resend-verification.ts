// POST /auth/resend-verification: a new verification link for the signed-in account.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';

export async function resendVerification(): Promise<z.infer<typeof messageResponseSchema>> {
  const { data } = await api.post<z.infer<typeof messageResponseSchema>>('/auth/resend-verification');
  return data;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
