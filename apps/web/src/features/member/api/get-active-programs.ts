// GET /dashboard/programs/active: the active programs with their progress towards the goal.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveProgram } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getActivePrograms(): Promise<ActiveProgram[]> {
  const { data } = await api.get<ActiveProgram[]>('/dashboard/programs/active', { skipErrorToast: true });
  return data;
}

export const activeProgramsQueryOptions = () => queryOptions({ queryKey: memberKeys.programs(), queryFn: getActivePrograms });

export function useActivePrograms() {
  return useQuery(activeProgramsQueryOptions());
}
