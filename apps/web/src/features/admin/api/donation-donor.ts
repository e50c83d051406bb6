// GET /admin/donations/{id}/donor (ADMIN): the donor's phone and NIT, CUI or CF of one donation.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDonationDonor } from '@donaciones/shared/schemas/fiscal';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function getDonationDonor(id: number): Promise<AdminDonationDonor> {
  const { data } = await api.get<AdminDonationDonor>(`/admin/donations/${id}/donor`, { skipErrorToast: true });
  return data;
}

export const donationDonorQueryOptions = (id: number) => queryOptions({ queryKey: [...adminKeys.donation(id), 'donor'], queryFn: () => getDonationDonor(id) });

export function useDonationDonor(id: number) {
  return useQuery({ ...donationDonorQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
