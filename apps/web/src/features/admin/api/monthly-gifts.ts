// The staff side of monthly giving (docs/product.md#monthly-giving): GET /admin/monthly-gifts (filters and
// pages), GET /admin/monthly-gifts/{id} (with its charges) and POST .../cancel with the donor's reason.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMonthlyGiftDetail, AdminMonthlyGiftList } from '@donaciones/shared/schemas/monthly-admin';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './keys';

/** The list's filters as they live in the address: empty strings for "any". */
export interface MonthlyGiftFilters {
  status: string;
  minAmount: string;
  maxAmount: string;
  since: string;
  page: number;
}

export const monthlyGiftKeys = {
  all: [...adminKeys.all, 'monthly-gifts'] as const,
  list: (filters: MonthlyGiftFilters) => [...monthlyGiftKeys.all, 'list', filters] as const,
  detail: (id: number) => [...monthlyGiftKeys.all, 'detail', id] as const,
};

export async function getAdminMonthlyGifts(filters: MonthlyGiftFilters): Promise<AdminMonthlyGiftList> {
  const { data } = await api.get<AdminMonthlyGiftList>('/admin/monthly-gifts', {
    params: {
      status: filters.status || undefined,
      minAmount: filters.minAmount || undefined,
      maxAmount: filters.maxAmount || undefined,
      since: filters.since || undefined,
      page: filters.page > 1 ? filters.page : undefined,
    },
    skipErrorToast: true,
  });
  return data;
}

/** `enabled` false while a filter is invalid (the screen shows the field's message instead). */
export function useAdminMonthlyGifts(filters: MonthlyGiftFilters, enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: monthlyGiftKeys.list(filters), queryFn: () => getAdminMonthlyGifts(filters), placeholderData: keepPreviousData }),
    enabled,
  });
}

export async function getAdminMonthlyGift(id: number): Promise<AdminMonthlyGiftDetail> {
  const { data } = await api.get<AdminMonthlyGiftDetail>(`/admin/monthly-gifts/${id}`, { skipErrorToast: true });
  return data;
}

/** `null`: the page's address names no monthly gift, and nothing is asked. */
export function useAdminMonthlyGift(id: number | null) {
  return useQuery({ queryKey: monthlyGiftKeys.detail(id ?? 0), queryFn: () => getAdminMonthlyGift(id ?? 0), enabled: id !== null });
}

export async function cancelAdminMonthlyGift(id: number, reason: string): Promise<AdminMonthlyGiftDetail> {
  const { data } = await api.post<AdminMonthlyGiftDetail>(`/admin/monthly-gifts/${id}/cancel`, { reason }, { skipErrorToast: [400, 404, 409] });
  return data;
}

export function useCancelAdminMonthlyGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelAdminMonthlyGift(id, reason),
    onSuccess: (gift) => queryClient.setQueryData(monthlyGiftKeys.detail(gift.id), gift),
    // The list, the dashboard card and the reports change; so does the donor's own view.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.member })]),
  });
}
