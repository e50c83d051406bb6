// POST /auth/resend-verification: a new confirmation link for the signed-in account, asked from the
// member area's banner (the auth feature has its own for the verify screen).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';

export async function resendVerification(): Promise<z.infer<typeof messageResponseSchema>> {
  const { data } = await api.post<z.infer<typeof messageResponseSchema>>('/auth/resend-verification', undefined, { skipErrorToast: true });
  return data;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
