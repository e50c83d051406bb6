// Query keys of the donor and user area: everything under ['member'], so a sign-out or a new
// donation can invalidate the whole area at once.
import type { DonationStatus } from '@donaciones/shared/constants';
import { queryRoots } from '@/lib/query-keys';

export const memberKeys = {
  all: queryRoots.member,
  stats: () => [...memberKeys.all, 'dashboard-stats'] as const,
  levels: () => [...memberKeys.all, 'levels'] as const,
  impact: () => [...memberKeys.all, 'impact'] as const,
  programs: () => [...memberKeys.all, 'programs'] as const,
  events: () => [...memberKeys.all, 'events'] as const,
  donations: (params: { limit: number; offset: number; status?: DonationStatus }) => [...memberKeys.all, 'donations', params] as const,
  history: () => [...memberKeys.all, 'history'] as const,
  receipts: () => [...memberKeys.all, 'receipts'] as const,
  monthlyGifts: () => [...memberKeys.all, 'monthly-gifts'] as const,
};

/** The monthly gift a signed link opens (no session), by its token. */
export const managedGiftKeys = {
  all: queryRoots.managedMonthlyGift,
  gift: (token: string) => [...managedGiftKeys.all, token] as const,
};

/** The person's own profile and preferences, under their own root: refreshing the member area does not refetch them. */
export const settingsKeys = {
  all: queryRoots.settings,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
};
