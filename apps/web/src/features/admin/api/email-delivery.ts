// GET/PUT /admin/settings/email-delivery: the emails sent per minute at most and how long sent emails
// are kept (docs/product.md#email).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailDeliverySettings } from '@donaciones/shared/schemas/email-delivery';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

const emailDeliveryKey = () => [...systemKeys.all, 'email-delivery'] as const;

export async function getEmailDelivery(): Promise<EmailDeliverySettings> {
  const { data } = await api.get<EmailDeliverySettings>('/admin/settings/email-delivery', { skipErrorToast: true });
  return data;
}

export const emailDeliveryQueryOptions = () => queryOptions({ queryKey: emailDeliveryKey(), queryFn: getEmailDelivery });

export function useEmailDelivery() {
  return useQuery(emailDeliveryQueryOptions());
}

export function useUpdateEmailDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: EmailDeliverySettings): Promise<EmailDeliverySettings> => {
      const { data } = await api.put<EmailDeliverySettings>('/admin/settings/email-delivery', values, { skipErrorToast: true });
      queryClient.setQueryData(emailDeliveryKey(), data);
      return data;
    },
  });
}
