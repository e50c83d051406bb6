// GET /users/me/receipts: completed donations with receipt numbers, a page at a time (keyset cursor),
// and every year with a statement.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Receipts } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getReceipts(cursor?: string): Promise<Receipts> {
  const { data } = await api.get<Receipts>('/users/me/receipts', { params: cursor ? { cursor } : undefined, skipErrorToast: true });
  return data;
}

export const receiptsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: memberKeys.receipts(),
    queryFn: ({ pageParam }) => getReceipts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useReceipts() {
  return useInfiniteQuery(receiptsQueryOptions());
}
