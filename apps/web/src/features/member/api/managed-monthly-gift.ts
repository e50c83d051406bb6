// The monthly gift opened by the signed link of its emails, without signing in
// (docs/product.md#monthly-giving): GET /monthly-gifts/manage?token=, change of amount, pause, early
// resume, cancel and card update.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedMonthlyGift, MonthlyCheckout } from '@donaciones/shared/schemas/monthly';
import { api, getErrorStatus } from '@/lib/api-client';
import { managedGiftKeys } from './keys';

export async function getManagedMonthlyGift(token: string): Promise<ManagedMonthlyGift> {
  // The page says itself when the link is not valid; no session is tried for it.
  const { data } = await api.get<ManagedMonthlyGift>('/monthly-gifts/manage', { params: { token }, skipErrorToast: true, skipAuthRefresh: true });
  return data;
}

export const managedMonthlyGiftQueryOptions = (token: string) =>
  queryOptions({ queryKey: managedGiftKeys.gift(token), queryFn: () => getManagedMonthlyGift(token), retry: false });

export function useManagedMonthlyGift(token: string) {
  return useQuery({ ...managedMonthlyGiftQueryOptions(token), enabled: token !== '' });
}

/** A link that expired while the page was open (401) is read again, so the page says it is no longer valid. */
function rereadOnExpiry(queryClient: ReturnType<typeof useQueryClient>, token: string) {
  return (error: unknown) => {
    if (getErrorStatus(error) === 401) void queryClient.resetQueries({ queryKey: managedGiftKeys.gift(token) });
  };
}

export function useCancelManagedGift(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason?: string) => {
      await api.post('/monthly-gifts/manage/cancel', { token, ...(reason ? { reason } : {}) }, { skipAuthRefresh: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedGiftKeys.gift(token) }),
    onError: rereadOnExpiry(queryClient, token),
  });
}

export function useUpdateManagedCard(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    onError: rereadOnExpiry(queryClient, token),
    mutationFn: async (): Promise<MonthlyCheckout> => {
      const { data } = await api.post<MonthlyCheckout>('/monthly-gifts/manage/update-card', { token }, { skipAuthRefresh: true });
      return data;
    },
  });
}

/** "Cambiar monto" or "Pausar" from the link: the page's gift is read again once done. */
function useManagedAction(token: string, path: 'change-amount' | 'pause', field: 'amount' | 'months') {
  const queryClient = useQueryClient();
  return useMutation({
    onError: rereadOnExpiry(queryClient, token),
    mutationFn: async (value: number): Promise<MonthlyCheckout> => {
      const { data } = await api.post<MonthlyCheckout>(`/monthly-gifts/manage/${path}`, { token, [field]: value }, { skipAuthRefresh: true, skipErrorToast: [400, 409] });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedGiftKeys.gift(token) }),
  });
}

export const useChangeManagedAmount = (token: string) => useManagedAction(token, 'change-amount', 'amount');
export const usePauseManagedGift = (token: string) => useManagedAction(token, 'pause', 'months');

/** "Reanudar ahora" of a paused gift from the link (decision 0069): the page's gift is read again once done. */
export function useResumeManagedGift(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    onError: rereadOnExpiry(queryClient, token),
    mutationFn: async (): Promise<MonthlyCheckout> => {
      const { data } = await api.post<MonthlyCheckout>('/monthly-gifts/manage/resume', { token }, { skipAuthRefresh: true, skipErrorToast: [409] });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedGiftKeys.gift(token) }),
  });
}
