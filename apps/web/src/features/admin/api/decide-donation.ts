// POST /admin/donations/{id}/approve and /reject: the ledger's transitions (409 once decided).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export type Decision = 'approve' | 'reject';

export async function decideDonation(id: number, decision: Decision): Promise<AdminDonation> {
  const { data } = await api.post<AdminDonation>(`/admin/donations/${id}/${decision}`, undefined, { skipErrorToast: [404, 409] });
  return data;
}

export function useDecideDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) => decideDonation(id, decision),
    // Lists, dashboard and reports all change; so do the public donation views and members' figures.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['donations'] }),
        queryClient.invalidateQueries({ queryKey: ['member'] }),
      ]),
  });
}
