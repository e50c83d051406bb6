// GET /admin/users?q=: accounts matching the search, with the overall count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** The console lists up to this many accounts at once (the API's maximum page). */
export const USERS_PAGE = 500;

export async function getUsers(q: string): Promise<AdminUserList> {
  const { data } = await api.get<AdminUserList>('/admin/users', { params: { q: q || undefined, limit: USERS_PAGE }, skipErrorToast: true });
  return data;
}

export const usersQueryOptions = (q: string) =>
  queryOptions({ queryKey: adminKeys.userList(q), queryFn: () => getUsers(q), placeholderData: keepPreviousData });

export function useUsers(q: string) {
  return useQuery(usersQueryOptions(q));
}
