// GET /admin/donations: the admin view of the ledger (docs/product.md#the-donation-ledger), searched and paged.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDonationList } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys, type DonationFilters } from './keys';

export async function getAdminDonations(filters: DonationFilters): Promise<AdminDonationList> {
  const { data } = await api.get<AdminDonationList>('/admin/donations', {
    params: {
      q: filters.q || undefined,
      status: filters.status || undefined,
      pendingDeposits: filters.pendingDeposits ? 'true' : undefined,
      limit: filters.limit,
      offset: filters.offset,
      after: filters.after,
    },
    skipErrorToast: true,
  });
  return data;
}

export const adminDonationsQueryOptions = (filters: DonationFilters) =>
  queryOptions({ queryKey: adminKeys.donationList(filters), queryFn: () => getAdminDonations(filters), placeholderData: keepPreviousData });

export function useAdminDonations(filters: DonationFilters) {
  return useQuery(adminDonationsQueryOptions(filters));
}
