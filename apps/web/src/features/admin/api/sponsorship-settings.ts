// GET/PUT /admin/settings/sponsorship: the monthly amount of one sponsorship and how long a chosen
// place is held while the person pays (docs/product.md#sponsorship).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SponsorshipSettings } from '@donaciones/shared/schemas/sponsorship';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

const sponsorshipSettingsKey = () => [...systemKeys.all, 'sponsorship'] as const;

export async function getSponsorshipSettings(): Promise<SponsorshipSettings> {
  const { data } = await api.get<SponsorshipSettings>('/admin/settings/sponsorship', { skipErrorToast: true });
  return data;
}

export const sponsorshipSettingsQueryOptions = () => queryOptions({ queryKey: sponsorshipSettingsKey(), queryFn: getSponsorshipSettings });

export function useSponsorshipSettings() {
  return useQuery(sponsorshipSettingsQueryOptions());
}

export function useUpdateSponsorshipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SponsorshipSettings): Promise<SponsorshipSettings> => {
      const { data } = await api.put<SponsorshipSettings>('/admin/settings/sponsorship', values, { skipErrorToast: true });
      queryClient.setQueryData(sponsorshipSettingsKey(), data);
      return data;
    },
  });
}
