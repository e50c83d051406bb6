// POST /donate: records the checkout's donation (pending). Only the card's last 4 digits and brand
// are sent; the Idempotency-Key makes a retry or a double click answer the same donation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { PublicDonationInput, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
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
  const { data } = await api.post<PublicDonationResponse>('/donate', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return data;
}

export function useCreatePublicDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PublicDonationInput; idempotencyKey: string }) => createPublicDonation(body, idempotencyKey),
    // The public figures (and a maintenance switch made meanwhile) are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.publicSite }),
  });
}
