// Adapts our shared counters to @fastify/rate-limit's store interface, so limits hold across processes.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { CounterStore } from '../platform/counters';
import { UnavailableError } from '../errors';
import { errorMessages } from '../messages/errors';

export function counterRateLimitStore(counters: CounterStore) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: { url?: string; method?: string | string[] } } = {}) {
      const info = options.routeInfo;
      this.prefix = info ? `${String(info.method)}:${info.url}` : 'global';
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counters
        .incr(`route:${this.prefix}:${key}`, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        // The counters live in the database (or Redis): when it does not answer, the request cannot be
        // counted, and the client is told to come back (503 with Retry-After), not that we failed (500).
        .catch(() => callback(new UnavailableError(errorMessages.databaseDown)));
    }
    // The plugin passes the merged route parameters, including `routeInfo`, despite its typings.
    child(routeOptions: object): FastifyRateLimitStore {
      return new CounterRateLimitStore(routeOptions as { routeInfo?: { url?: string; method?: string | string[] } });
    }
  };
}
