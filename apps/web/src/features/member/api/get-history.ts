// GET /users/me/history: own donations grouped by year and month, with totals.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationHistory } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getHistory(): Promise<DonationHistory> {
  const { data } = await api.get<DonationHistory>('/users/me/history', { skipErrorToast: true });
  return data;
}

export const historyQueryOptions = () => queryOptions({ queryKey: memberKeys.history(), queryFn: getHistory });

export function useHistory() {
  return useQuery(historyQueryOptions());
}
