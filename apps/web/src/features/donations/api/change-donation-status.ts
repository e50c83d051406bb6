// POST /donations/{id}/process (ADMIN) and /cancel (ADMIN or the owner): the answer is the updated
// donation, which replaces the one on screen. 409 once it is no longer pending.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { donationKeys } from './keys';

export type DonationAction = 'process' | 'cancel';

export async function changeDonationStatus(id: number, action: DonationAction): Promise<Donation> {
  // The screen shows its own toast ('No se pudo procesar la donación', 'No se pudo cancelar la donación').
  const { data } = await api.post<Donation>(`/donations/${id}/${action}`, undefined, { skipErrorToast: true });
  return data;
}

export function useChangeDonationStatus() {
  const queryClient = useQueryClient();
  const viewerId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DonationAction }) => changeDonationStatus(id, action),
    onSuccess: (donation) => {
      queryClient.setQueryData(donationKeys.detail(donation.id, viewerId), donation);
      // The donor area's page of the viewer's own gift, when it is open: never written for a gift that is not theirs.
      queryClient.setQueryData<Donation>(donationKeys.ownDetail(donation.id, viewerId), (own) => own && donation);
    },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: donationKeys.stats() }),
        // After a failure (409: someone else changed it) the detail (and the own gift's, under it) shows the donation as it is now.
        queryClient.invalidateQueries({ queryKey: donationKeys.detail(id, viewerId), refetchType: 'active' }),
        // The admin review, reports and the donor area read the same ledger.
        queryClient.invalidateQueries({ queryKey: queryRoots.admin }),
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  });
}
