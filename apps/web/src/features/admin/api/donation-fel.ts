// GET /admin/donations/{id}/fel and POST /admin/donations/{id}/fel/retry (docs/product.md#receipts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReceiptFel } from '@donaciones/shared/schemas/fel';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const donationFelKey = (id: number) => [...adminKeys.donation(id), 'fel'] as const;

export async function getDonationFel(id: number): Promise<AdminReceiptFel | null> {
  const { data } = await api.get<AdminReceiptFel | null>(`/admin/donations/${id}/fel`, { skipErrorToast: true });
  return data;
}

export function useDonationFel(id: number) {
  return useQuery({ queryKey: donationFelKey(id), queryFn: () => getDonationFel(id), enabled: Number.isInteger(id) && id > 0 });
}

export async function retryDonationFel(id: number): Promise<AdminReceiptFel> {
  const { data } = await api.post<AdminReceiptFel>(`/admin/donations/${id}/fel/retry`);
  return data;
}

export function useRetryDonationFel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryDonationFel(id),
    onSuccess: (data) => queryClient.setQueryData(donationFelKey(id), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationFelKey(id) }),
  });
}
