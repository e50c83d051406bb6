// GET /admin/payments/problems: the payments that need staff (docs/product.md#payments), newest first.
import { useQuery } from '@tanstack/react-query';
import type { PaymentProblemView } from '@donaciones/shared/schemas/payments';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export async function fetchPaymentProblems(): Promise<PaymentProblemView[]> {
  const { data } = await api.get<PaymentProblemView[]>('/admin/payments/problems');
  return data;
}

/** Under the admin root: a refund of a duplicate payment (which refreshes everything admin) updates it. */
export function usePaymentProblems(enabled = true) {
  return useQuery({ queryKey: [...adminKeys.all, 'payment-problems'], queryFn: fetchPaymentProblems, enabled });
}
