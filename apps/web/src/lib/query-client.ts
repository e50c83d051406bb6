// TanStack Query defaults of docs/product.md#limits-and-constants: data fresh and kept for 5 minutes, no refetch on window
// focus, no retry of 4xx answers, otherwise up to 3 retries with exponential backoff capped at
// 30 s; mutations are never retried.
import { QueryClient } from '@tanstack/react-query';
import { getErrorStatus } from './api-client';

export const FIVE_MINUTES = 5 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s, ... never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
