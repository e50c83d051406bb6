// GET /users/me/donations/{id}: one of the signed-in account's own gifts, in full and of any status, for
// the donor area's page; another's gift, even a completed one, answers 404 as an unknown id.
import { useQuery } from '@tanstack/react-query';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { donationKeys } from './keys';

export async function getOwnDonation(id: number): Promise<Donation> {
  const { data } = await api.get<Donation>(`/users/me/donations/${id}`, { skipErrorToast: true });
  return data;
}

export function useOwnDonation(id: number | null) {
  const session = useSession();
  const viewerId = session.user?.id ?? null;
  return useQuery({ queryKey: donationKeys.ownDetail(id ?? 0, viewerId), queryFn: () => getOwnDonation(id ?? 0), enabled: id !== null && !session.isLoading });
}
