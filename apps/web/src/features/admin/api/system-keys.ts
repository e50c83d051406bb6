// Query keys of the Sistema tab (ADMIN): settings and organisation content under ['system'].
import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys';

export const systemKeys = {
  all: queryRoots.system,
  settings: () => [...systemKeys.all, 'settings'] as const,
  organization: () => [...systemKeys.all, 'organization'] as const,
  impact: () => [...systemKeys.all, 'impact'] as const,
  levels: () => [...systemKeys.all, 'levels'] as const,
  programs: () => [...systemKeys.all, 'programs'] as const,
  events: () => [...systemKeys.all, 'events'] as const,
};

/** After a change of organisation content: the tab, the public site and the members' dashboards. */
export function useRefreshContent() {
  const queryClient = useQueryClient();
  return (key: readonly unknown[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: queryRoots.publicSite }),
      queryClient.invalidateQueries({ queryKey: queryRoots.member }),
    ]);
}
