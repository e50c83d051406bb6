// GET /admin/donations/{id}/review: the donation as the queue shows it (with its slip) and its history,
// for its own page, where staff decide.
import { useQuery } from '@tanstack/react-query';
import type { AdminDonationReview } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function getDonationReview(id: number): Promise<AdminDonationReview> {
  const { data } = await api.get<AdminDonationReview>(`/admin/donations/${id}/review`, { skipErrorToast: true });
  return data;
}

export function useDonationReview(id: number) {
  return useQuery({ queryKey: [...adminKeys.donation(id), 'review'] as const, queryFn: () => getDonationReview(id), enabled: Number.isInteger(id) && id > 0 });
}
