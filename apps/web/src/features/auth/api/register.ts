// POST /auth/register: creates the account (USER) and the server emails the verification link.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerSchema } from '@donaciones/shared/schemas/auth';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';

export type RegisterValues = z.output<typeof registerSchema>;

export async function registerAccount(body: RegisterValues): Promise<z.infer<typeof messageResponseSchema>> {
  // The form shows validation (400) answers itself. An address that has an account answers as a new one (decision 0066).
  const { data } = await api.post<z.infer<typeof messageResponseSchema>>('/auth/register', body, { skipAuthRefresh: true, skipErrorToast: [400] });
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
