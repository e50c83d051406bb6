// GET/PUT /admin/settings/slip-storage: the slip quotas and retention, and what the slips take now
// (docs/product.md#bank-deposits). Read by the settings screen and by the dashboard's warning.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlipStorageAnswer, SlipStorageSettings } from '@donaciones/shared/schemas/deposits';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

const slipStorageKey = () => [...systemKeys.all, 'slip-storage'] as const;

export async function getSlipStorage(): Promise<SlipStorageAnswer> {
  // The card shows its own error with a retry; the dashboard's warning stays quiet.
  const { data } = await api.get<SlipStorageAnswer>('/admin/settings/slip-storage', { skipErrorToast: true });
  return data;
}

export const slipStorageQueryOptions = () => queryOptions({ queryKey: slipStorageKey(), queryFn: getSlipStorage });

export function useSlipStorage(options: { enabled?: boolean } = {}) {
  return useQuery({ ...slipStorageQueryOptions(), enabled: options.enabled ?? true });
}

export function useUpdateSlipStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SlipStorageSettings): Promise<SlipStorageSettings> => {
      const { data } = await api.put<SlipStorageAnswer>('/admin/settings/slip-storage', values, { skipErrorToast: true });
      queryClient.setQueryData(slipStorageKey(), data);
      return data.settings;
    },
  });
}
