// GET /admin/donations/{id}/payment and POST /admin/donations/{id}/refund (docs/product.md#payments).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './keys';

export const donationPaymentKey = (id: number) => [...adminKeys.donation(id), 'payment'] as const;

export async function getDonationPayment(id: number): Promise<AdminDonationPayment> {
  const { data } = await api.get<AdminDonationPayment>(`/admin/donations/${id}/payment`, { skipErrorToast: true });
  return data;
}

export function useDonationPayment(id: number) {
  return useQuery({ queryKey: donationPaymentKey(id), queryFn: () => getDonationPayment(id), enabled: Number.isInteger(id) && id > 0 });
}

export async function refundDonation(id: number, reason: string): Promise<AdminDonationPayment> {
  const { data } = await api.post<AdminDonationPayment>(`/admin/donations/${id}/refund`, { reason }, { skipErrorToast: [400] });
  return data;
}

export function useRefundDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => refundDonation(id, reason),
    // The donation leaves the completed totals: every admin figure and the public ones change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.donations }),
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  });
}
