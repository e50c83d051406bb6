// GET /users/me/profile: the signed-in user's own profile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@donaciones/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export async function getProfile(): Promise<Profile> {
  const { data } = await api.get<Profile>('/users/me/profile', { skipErrorToast: true });
  return data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: settingsKeys.profile(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
