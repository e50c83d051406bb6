// GET /users/me/donations: the account's own donations, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationStatus } from '@donaciones/shared/constants';
import type { MyDonationList } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export interface MyDonationsParams {
  limit: number;
  offset: number;
  status?: DonationStatus;
}

export async function getMyDonations(params: MyDonationsParams): Promise<MyDonationList> {
  const { data } = await api.get<MyDonationList>('/users/me/donations', { params, skipErrorToast: true });
  return data;
}

export const myDonationsQueryOptions = (params: MyDonationsParams) =>
  queryOptions({ queryKey: memberKeys.donations(params), queryFn: () => getMyDonations(params), placeholderData: keepPreviousData });

export function useMyDonations(params: MyDonationsParams) {
  return useQuery(myDonationsQueryOptions(params));
}
