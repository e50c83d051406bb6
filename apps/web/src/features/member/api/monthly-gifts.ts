// The signed-in donor's monthly gifts (docs/product.md#monthly-giving): GET /member/monthly-gifts, and
// cancel, change of amount, pause and early resume, which read the list again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelMonthlyGiftInput, MonthlyCheckout, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { api } from '@/lib/api-client';
import { memberKeys } from './keys';

export async function getMonthlyGifts(): Promise<MonthlyGift[]> {
  const { data } = await api.get<MonthlyGift[]>('/member/monthly-gifts', { skipErrorToast: true });
  return data;
}

export const monthlyGiftsQueryOptions = () => queryOptions({ queryKey: memberKeys.monthlyGifts(), queryFn: getMonthlyGifts });

export function useMonthlyGifts() {
  return useQuery(monthlyGiftsQueryOptions());
}

export async function cancelMonthlyGift(id: number, body: CancelMonthlyGiftInput): Promise<void> {
  await api.post(`/member/monthly-gifts/${id}/cancel`, body);
}

export function useCancelMonthlyGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => cancelMonthlyGift(id, reason ? { reason } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** A new amount from the next charge date; the answer is the provider's page to confirm it on (null with the simulated provider). */
export async function changeMonthlyAmount(id: number, amount: number): Promise<MonthlyCheckout> {
  const { data } = await api.post<MonthlyCheckout>(`/member/monthly-gifts/${id}/change-amount`, { amount }, { skipErrorToast: [400] });
  return data;
}

export function useChangeMonthlyAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) => changeMonthlyAmount(id, amount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** Skip the next 1 to 3 charges; the answer is the provider's page to confirm it on (null with the simulated provider). */
export async function pauseMonthlyGift(id: number, months: number): Promise<MonthlyCheckout> {
  const { data } = await api.post<MonthlyCheckout>(`/member/monthly-gifts/${id}/pause`, { months }, { skipErrorToast: [400, 409] });
  return data;
}

export function usePauseMonthlyGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, months }: { id: number; months: number }) => pauseMonthlyGift(id, months),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** "Reanudar ahora" of a paused gift; the answer is the provider's page to confirm it on (null with the simulated provider). */
export async function resumeMonthlyGift(id: number): Promise<MonthlyCheckout> {
  const { data } = await api.post<MonthlyCheckout>(`/member/monthly-gifts/${id}/resume`, {}, { skipErrorToast: [409] });
  return data;
}

export function useResumeMonthlyGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resumeMonthlyGift(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
