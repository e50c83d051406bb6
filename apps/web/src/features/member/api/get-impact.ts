// GET /dashboard/impact: what the account's completed donations made possible.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Impact } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getImpact(): Promise<Impact> {
  const { data } = await api.get<Impact>('/dashboard/impact', { skipErrorToast: true });
  return data;
}

export const impactQueryOptions = () => queryOptions({ queryKey: memberKeys.impact(), queryFn: getImpact });

export function useImpact() {
  return useQuery(impactQueryOptions());
}
