// GET /auth/password-link?token=: whether an emailed reset or invitation link can still set a password, and
// which of the two it is; asked when /reset-password opens, so a used link shows no form. Spends nothing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordLink } from '@donaciones/shared/schemas/auth';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export async function checkPasswordLink(token: string): Promise<PasswordLink> {
  const { data } = await api.get<PasswordLink>('/auth/password-link', { params: { token }, skipAuthRefresh: true, skipErrorToast: [400] });
  return data;
}

export const passwordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...queryRoots.auth, 'password-link', token],
    queryFn: () => checkPasswordLink(token),
    retry: false,
    // Asked afresh on every visit: the link may have been used in another tab meanwhile.
    staleTime: 0,
    gcTime: 0,
  });

export function usePasswordLink(token: string) {
  return useQuery({ ...passwordLinkQueryOptions(token), enabled: token.length >= 10 });
}
