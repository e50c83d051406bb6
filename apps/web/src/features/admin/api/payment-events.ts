// POST /admin/payment-events/{id}/refund: staff refund a duplicate payment (docs/product.md#payments).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentEventView } from '@donaciones/shared/schemas/payments';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function refundDuplicatePayment(eventId: number): Promise<PaymentEventView> {
  const { data } = await api.post<PaymentEventView>(`/admin/payment-events/${eventId}/refund`, undefined, { skipErrorToast: [409, 502] });
  return data;
}

export function useRefundDuplicatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => refundDuplicatePayment(eventId),
    // Only the second payment goes back: the donation and its totals stay; its payment panel changes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
