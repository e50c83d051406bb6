// Query keys of the admin console: everything under ['admin'], so a decision can refresh the
// lists, the dashboard and the reports at once.
import type { ReportPeriod } from '@donaciones/shared/constants';
import { queryRoots } from '@/lib/query-keys';

export interface DonationFilters {
  q: string;
  status: string;
  /** "Depósitos y transferencias por verificar" (docs/product.md#bank-deposits). */
  pendingDeposits?: boolean;
  limit: number;
  /** The page starts after this many rows, or after the row of the cursor `after` (the API's `next_cursor`). */
  offset?: number;
  after?: string;
}

export const adminKeys = {
  all: queryRoots.admin,
  stats: () => [...adminKeys.all, 'dashboard-stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (q: string) => [...adminKeys.users(), { q }] as const,
  donations: () => [...adminKeys.all, 'donations'] as const,
  donationList: (filters: DonationFilters) => [...adminKeys.donations(), filters] as const,
  donation: (id: number) => [...adminKeys.donations(), 'detail', id] as const,
  analytics: (period: ReportPeriod) => [...adminKeys.all, 'analytics', period] as const,
};
