// GET /user/levels: the donor's level, the next one and the progress towards it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Levels } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { memberKeys } from './keys';

export async function getLevels(): Promise<Levels> {
  const { data } = await api.get<Levels>('/user/levels', { skipErrorToast: true });
  return data;
}

export const levelsQueryOptions = () => queryOptions({ queryKey: memberKeys.levels(), queryFn: getLevels });

/** Asked only while signed in: a card still mounting as the person signs out must not ask (a 401). */
export function useLevels() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...levelsQueryOptions(), enabled: isAuthenticated });
}
