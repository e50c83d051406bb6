import { queryRoots } from '@/lib/query-keys';

export const settingsKeys = {
  all: queryRoots.settings,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
};
