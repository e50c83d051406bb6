// POST /admin/donations/{id}/approve and /reject: the ledger's transitions (409 once decided).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './keys';

export type Decision = 'approve' | 'reject';

/** A rejection carries its reason (required by the API, emailed to the donor). */
export async function decideDonation(id: number, decision: Decision, reason?: string): Promise<AdminDonation> {
  const body = decision === 'reject' ? { reason } : undefined;
  const { data } = await api.post<AdminDonation>(`/admin/donations/${id}/${decision}`, body, { skipErrorToast: [400, 404, 409] });
  return data;
}

export function useDecideDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: Decision; reason?: string }) => decideDonation(id, decision, reason),
    // Lists, dashboard and reports all change; so do the public donation views and members' figures.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.donations }),
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  });
}
