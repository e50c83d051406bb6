// The return page's calls (docs/product.md#payments): the status of a donation by its reference
// (the server asks the provider while it is pending), and "Intentar de nuevo" (a new checkout).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DonationPaymentStatus } from '@donaciones/shared/schemas/payments';
import { api } from '@/lib/api-client';

/** While pending the page asks again this often; webhooks or the server's poll settle it meanwhile. */
export const STATUS_POLL_MS = 2_000;

export const paymentStatusKey = (reference: string) => ['donate', 'status', reference] as const;

export async function getPaymentStatus(reference: string): Promise<DonationPaymentStatus> {
  const { data } = await api.get<DonationPaymentStatus>('/donate/status', { params: { ref: reference }, skipErrorToast: true });
  return data;
}

export function usePaymentStatus(reference: string | null, options: { poll: boolean }) {
  return useQuery({
    queryKey: paymentStatusKey(reference ?? ''),
    queryFn: () => getPaymentStatus(reference ?? ''),
    enabled: reference != null,
    retry: false,
    refetchInterval: (query) => (options.poll && query.state.data?.status === 'pending' ? STATUS_POLL_MS : false),
  });
}

export async function retryPayment(reference: string): Promise<DonationPaymentStatus> {
  const { data } = await api.post<DonationPaymentStatus>('/donate/retry', { ref: reference });
  return data;
}

export function useRetryPayment() {
  return useMutation({ mutationFn: retryPayment });
}
