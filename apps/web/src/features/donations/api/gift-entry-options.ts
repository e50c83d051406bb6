// GET /admin/gifts/options and /admin/gifts/donor-choices: the settings' bounds, the programmes a gift
// may go to, and the donor picker's matches (names and masked emails only).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DonorChoices, GiftEntryOptions } from '@donaciones/shared/schemas/gift-entry';
import { api } from '@/lib/api-client';
import { donationKeys } from './keys';

export async function getGiftEntryOptions(): Promise<GiftEntryOptions> {
  const { data } = await api.get<GiftEntryOptions>('/admin/gifts/options', { skipErrorToast: true });
  return data;
}

export const giftEntryOptionsQueryOptions = () => queryOptions({ queryKey: donationKeys.giftEntryOptions(), queryFn: getGiftEntryOptions });

export function useGiftEntryOptions() {
  return useQuery(giftEntryOptionsQueryOptions());
}

export async function getDonorChoices(q: string): Promise<DonorChoices> {
  const { data } = await api.get<DonorChoices>('/admin/gifts/donor-choices', { params: { q }, skipErrorToast: true });
  return data;
}

/** Asked once the search has at least 2 characters. */
export function useDonorChoices(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: donationKeys.donorChoices(term),
    queryFn: () => getDonorChoices(term),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
