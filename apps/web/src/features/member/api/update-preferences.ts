// PUT /users/me/preferences. The dashboard's favourite program falls back to the favourite cause, so
// the member area is read again too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@donaciones/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { settingsKeys } from './keys';

export async function updatePreferences(values: Preferences): Promise<Preferences> {
  const { data } = await api.put<Preferences>('/users/me/preferences', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(settingsKeys.preferences(), preferences);
      void queryClient.invalidateQueries({ queryKey: queryRoots.member });
    },
  });
}
