// GET /users/me/receipts: completed donations with receipt numbers, and the years with a statement.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipts } from '@donaciones/shared/schemas/member';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getReceipts(): Promise<Receipts> {
  const { data } = await api.get<Receipts>('/users/me/receipts', { skipErrorToast: true });
  return data;
}

export const receiptsQueryOptions = () => queryOptions({ queryKey: memberKeys.receipts(), queryFn: getReceipts });

export function useReceipts() {
  return useQuery(receiptsQueryOptions());
}
