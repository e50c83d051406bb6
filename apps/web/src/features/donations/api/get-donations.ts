// GET /donations: one page of the ledger, newest first, searched and filtered by the API.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationList } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type DonationListParams, donationKeys } from './keys';

export async function getDonations(params: DonationListParams): Promise<DonationList> {
  const { data } = await api.get<DonationList>('/donations', { params, skipErrorToast: true });
  return data;
}

export const donationsQueryOptions = (params: DonationListParams, viewerId: number | null) =>
  queryOptions({ queryKey: donationKeys.list(params, viewerId), queryFn: () => getDonations(params), placeholderData: keepPreviousData });

export function useDonations(params: DonationListParams) {
  const session = useSession();
  return useQuery({ ...donationsQueryOptions(params, session.user?.id ?? null), enabled: !session.isLoading });
}
