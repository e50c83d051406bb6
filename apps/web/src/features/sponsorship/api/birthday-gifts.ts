// Birthday gifts (docs/product.md#sponsorship, decision 0055): the sponsor sends one from "Mi ahijado/a";
// staff list the paid ones to deliver (all, or one child's) and mark one delivered.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import type { BirthdayGiftAnswer, BirthdayGiftInput, BirthdayGiftsQuery, StaffBirthdayGift } from '@donaciones/shared/schemas/sponsorship-amounts';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { sponsorshipKeys } from './sponsorship';

export const birthdayGiftKeys = {
  all: () => [...queryRoots.admin, 'sponsorship', 'birthday-gifts'] as const,
  list: (q: BirthdayGiftsQuery) => [...birthdayGiftKeys.all(), q] as const,
};

/** One key per attempt: a second press of the same form answers the same gift. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useSendBirthdayGift(sponsorshipId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: BirthdayGiftInput; key: string }) =>
      (await api.post<BirthdayGiftAnswer>(`/member/sponsorships/${sponsorshipId}/birthday-gift`, body, { headers: { [IDEMPOTENCY_HEADER]: key }, skipErrorToast: [400, 402, 404, 409] })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: sponsorshipKeys.mine() }),
  });
}

export function useBirthdayGifts(q: BirthdayGiftsQuery) {
  return useQuery({
    queryKey: birthdayGiftKeys.list(q),
    queryFn: async () => (await api.get<{ gifts: StaffBirthdayGift[] }>('/admin/sponsorship/birthday-gifts', { params: q })).data.gifts,
  });
}

export function useMarkBirthdayGiftDelivered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<StaffBirthdayGift>(`/admin/sponsorship/birthday-gifts/${id}/delivered`, {}, { skipErrorToast: [409] })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: birthdayGiftKeys.all() }),
  });
}
