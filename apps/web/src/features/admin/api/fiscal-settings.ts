// GET/PUT /admin/settings/fiscal (ADMIN): the organisation's fiscal identity printed on receipts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalSettings, FiscalSettingsInput } from '@donaciones/shared/schemas/fiscal';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

const fiscalSettingsKey = () => [...systemKeys.all, 'fiscal'] as const;

export async function getFiscalSettings(): Promise<FiscalSettings> {
  const { data } = await api.get<FiscalSettings>('/admin/settings/fiscal', { skipErrorToast: true });
  return data;
}

export function useFiscalSettings() {
  return useQuery({ queryKey: fiscalSettingsKey(), queryFn: getFiscalSettings });
}

export async function updateFiscalSettings(values: FiscalSettingsInput): Promise<FiscalSettings> {
  // Field refusals (a NIT's check digit, the signature's bytes) are shown on their fields.
  const { data } = await api.put<FiscalSettings>('/admin/settings/fiscal', values, { skipErrorToast: true });
  return data;
}

export function useUpdateFiscalSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFiscalSettings, onSuccess: (saved) => queryClient.setQueryData(fiscalSettingsKey(), saved) });
}
