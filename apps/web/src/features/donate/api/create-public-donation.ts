// POST /donate: records the checkout's donation (pending). Only the card's last 4 digits and brand
// are sent; the Idempotency-Key makes a retry or a double click answer the same donation. A 409 is
// not toasted here: the page asks about a second identical monthly gift, and toasts any other 409.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationInput, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { DUPLICATE_MONTHLY_GIFT } from '@donaciones/shared/schemas/monthly';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A random UUID v4, also where `crypto.randomUUID` is missing (pages served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function createPublicDonation(body: PublicDonationInput, idempotencyKey: string): Promise<PublicDonationResponse> {
  const { data } = await api.post<PublicDonationResponse>('/donate', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, skipErrorToast: [409] });
  return data;
}

/** The 409 answer to a second active monthly gift of the same email and amount (docs/product.md#monthly-giving). */
export function isDuplicateMonthlyGift(error: unknown): boolean {
  const answer = (error as { response?: { status?: number; data?: { code?: unknown } } } | null)?.response;
  return answer?.status === 409 && answer.data?.code === DUPLICATE_MONTHLY_GIFT;
}

export function useCreatePublicDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PublicDonationInput; idempotencyKey: string }) => createPublicDonation(body, idempotencyKey),
    // The public figures (and a maintenance switch made meanwhile) are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.publicSite }),
  });
}
