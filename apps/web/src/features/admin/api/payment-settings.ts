// GET/PUT /admin/settings/payments (ADMIN): the fee a donor may cover and the dollar's rate.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '@donaciones/shared/schemas/payments';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

const paymentSettingsKey = () => [...systemKeys.all, 'payments'] as const;

export async function getPaymentSettings(): Promise<PaymentSettings> {
  const { data } = await api.get<PaymentSettings>('/admin/settings/payments', { skipErrorToast: true });
  return data;
}

export function usePaymentSettings() {
  return useQuery({ queryKey: paymentSettingsKey(), queryFn: getPaymentSettings });
}

export async function updatePaymentSettings(values: PaymentSettings): Promise<PaymentSettings> {
  const { data } = await api.put<PaymentSettings>('/admin/settings/payments', values, { skipErrorToast: true });
  return data;
}

export function useUpdatePaymentSettings() {
  const refresh = useRefreshContent();
  // The public site carries the fee and the rate for the checkout: it is refreshed too.
  return useMutation({ mutationFn: updatePaymentSettings, onSuccess: () => refresh(paymentSettingsKey()) });
}
