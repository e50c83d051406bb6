// GET /donations/stats: totals kept by the database (never a scan of the ledger).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationStats } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { donationKeys } from './keys';

export async function getDonationStats(): Promise<DonationStats> {
  const { data } = await api.get<DonationStats>('/donations/stats', { skipErrorToast: true });
  return data;
}

export const donationStatsQueryOptions = () => queryOptions({ queryKey: donationKeys.stats(), queryFn: getDonationStats });

export function useDonationStats() {
  return useQuery(donationStatsQueryOptions());
}
