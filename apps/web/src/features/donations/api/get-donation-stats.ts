// GET /donations/stats: totals kept by the database (never a scan of the ledger).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationStats } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { donationKeys } from './keys';

export async function getDonationStats(): Promise<DonationStats> {
  const { data } = await api.get<DonationStats>('/donations/stats', { skipErrorToast: true });
  return data;
}

export const donationStatsQueryOptions = (viewerId: number | null) => queryOptions({ queryKey: donationKeys.statsOf(viewerId), queryFn: getDonationStats });

/** Waits for a stored session to get its token: asked too early, ADMIN would get the public answer. */
export function useDonationStats() {
  const session = useSession();
  return useQuery({ ...donationStatsQueryOptions(session.user?.id ?? null), enabled: !session.isLoading });
}
