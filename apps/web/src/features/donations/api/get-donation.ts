// GET /donations/{id}: one donation as the viewer may see it (404 for an unknown id).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { donationKeys } from './keys';

export async function getDonation(id: number): Promise<Donation> {
  const { data } = await api.get<Donation>(`/donations/${id}`, { skipErrorToast: true });
  return data;
}

export const donationQueryOptions = (id: number, viewerId: number | null) =>
  queryOptions({ queryKey: donationKeys.detail(id, viewerId), queryFn: () => getDonation(id) });

export function useDonation(id: number | null) {
  const session = useSession();
  return useQuery({ ...donationQueryOptions(id ?? 0, session.user?.id ?? null), enabled: id !== null && !session.isLoading });
}
