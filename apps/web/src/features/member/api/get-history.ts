// GET /users/me/history: own donations grouped by year and month, with totals; the donations come a
// page at a time (keyset cursor), the totals of every year and month with each page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DonationHistory } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getHistory(cursor?: string): Promise<DonationHistory> {
  const { data } = await api.get<DonationHistory>('/users/me/history', { params: cursor ? { cursor } : undefined, skipErrorToast: true });
  return data;
}

export const historyQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: memberKeys.history(),
    queryFn: ({ pageParam }) => getHistory(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useHistory() {
  return useInfiniteQuery(historyQueryOptions());
}

/**
 * The pages read so far as one history: the totals of the newest page, and in each year and month
 * the donations loaded so far (years and months with none loaded yet are left out until they are).
 */
export function mergeHistoryPages(pages: DonationHistory[]): DonationHistory {
  const latest = pages[pages.length - 1];
  const loaded = new Map<string, DonationHistory['years'][number]['months'][number]['donations']>();
  for (const page of pages) {
    for (const y of page.years) for (const m of y.months) loaded.set(`${y.year}-${m.month}`, [...(loaded.get(`${y.year}-${m.month}`) ?? []), ...m.donations]);
  }
  const years = latest.years
    .map((y) => ({ ...y, months: y.months.map((m) => ({ ...m, donations: loaded.get(`${y.year}-${m.month}`) ?? [] })).filter((m) => m.donations.length > 0) }))
    .filter((y) => y.months.length > 0);
  return { ...latest, years };
}
