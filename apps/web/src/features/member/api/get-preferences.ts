// GET /users/me/preferences: favourite cause, communication and privacy settings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '@donaciones/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export async function getPreferences(): Promise<Preferences> {
  const { data } = await api.get<Preferences>('/users/me/preferences', { skipErrorToast: true });
  return data;
}

export const preferencesQueryOptions = () => queryOptions({ queryKey: settingsKeys.preferences(), queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
