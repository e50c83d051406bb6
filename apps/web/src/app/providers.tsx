// Everything the app runs inside: the query cache, the session, the toaster.
import { useState, type ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppToaster } from '@/components/toaster';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

export interface AppProvidersProps {
  children: ReactNode;
  onSessionExpired?: () => void;
  /** The cache, when the entry point has already started filling it (main.tsx); a new one otherwise. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, onSessionExpired, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSessionExpired={onSessionExpired}>{children}</SessionProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
