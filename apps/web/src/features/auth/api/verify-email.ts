// GET /auth/verify-email?token=: confirms the address of the welcome email's link. A query (not a
// mutation) so that a double render or a remount asks only once per token.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export async function verifyEmail(token: string): Promise<z.infer<typeof messageResponseSchema>> {
  const { data } = await api.get<z.infer<typeof messageResponseSchema>>('/auth/verify-email', { params: { token }, skipAuthRefresh: true, skipErrorToast: [400] });
  return data;
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...queryRoots.auth, 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled: token.length > 0 });
}
