// GET /donations/{id} as ADMIN (donor in full): the detail of a donation inside the console.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function getAdminDonation(id: number): Promise<Donation> {
  const { data } = await api.get<Donation>(`/donations/${id}`, { skipErrorToast: true });
  return data;
}

export const adminDonationQueryOptions = (id: number) => queryOptions({ queryKey: adminKeys.donation(id), queryFn: () => getAdminDonation(id) });

/** `null`: the page's address names no donation, and nothing is asked. */
export function useAdminDonation(id: number | null) {
  return useQuery({ ...adminDonationQueryOptions(id ?? 0), enabled: id !== null });
}
