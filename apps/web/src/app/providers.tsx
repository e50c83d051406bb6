// Everything the app runs inside: the query cache, the session, the toaster.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppToaster } from '@/components/toaster';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

export interface AppProvidersProps {
  children: ReactNode;
  onSessionExpired?: () => void;
}

export function AppProviders({ children, onSessionExpired }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSessionExpired={onSessionExpired}>{children}</SessionProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
