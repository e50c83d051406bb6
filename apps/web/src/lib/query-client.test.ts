import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client';

function httpError(status: number) {
  return new HttpError(`status ${status}`, status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', undefined, { status, data: {}, headers: {}, config: undefined! });
}

describe('retry rules (docs/product.md#limits-and-constants)', () => {
  it('never retries 4xx answers', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499]) expect(shouldRetryQuery(0, httpError(status))).toBe(false);
  });

  it('retries other failures up to 3 times', () => {
    for (const error of [httpError(500), httpError(503), new HttpError('Network Error', 'ERR_NETWORK', undefined), new Error('boom')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('keeps data fresh 5 minutes, caches 5 minutes, no refetch on focus, never retries mutations', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.gcTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});

describe('the client applies them', () => {
  it('a 404 query runs once; a 500 query runs 1 + 3 times', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const notFound = vi.fn().mockRejectedValue(httpError(404));
      const broken = vi.fn().mockRejectedValue(httpError(500));
      const a = client.fetchQuery({ queryKey: ['a'], queryFn: notFound }).catch(() => 'failed');
      const b = client.fetchQuery({ queryKey: ['b'], queryFn: broken, retry: client.getDefaultOptions().queries?.retry }).catch(() => 'failed');
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 100);
      expect(await a).toBe('failed');
      expect(await b).toBe('failed');
      expect(notFound).toHaveBeenCalledTimes(1);
      expect(broken).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failing mutation is not retried', async () => {
    const client = createQueryClient();
    const fn = vi.fn().mockRejectedValue(httpError(503));
    const mutation = client.getMutationCache().build(client, { mutationFn: fn });
    await expect(mutation.execute(undefined)).rejects.toThrow();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
