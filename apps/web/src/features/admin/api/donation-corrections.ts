// GET /admin/donations/{id}/corrections and the three corrections staff make on the donation page
// (docs/product.md#the-donation-ledger, decision 0041): POST .../void, .../adjust-amount, .../reopen.
// Each refreshes every admin view (the donation, its corrections, history, payment, receipt, the
// lists and figures) and the public and members' figures, as the donation leaves or changes the totals.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import type { DonationCorrection } from '@donaciones/shared/schemas/corrections';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './keys';

export const donationCorrectionsKey = (id: number) => [...adminKeys.donation(id), 'corrections'] as const;

export async function getDonationCorrections(id: number): Promise<DonationCorrection[]> {
  const { data } = await api.get<DonationCorrection[]>(`/admin/donations/${id}/corrections`, { skipErrorToast: true });
  return data;
}

export function useDonationCorrections(id: number) {
  return useQuery({ queryKey: donationCorrectionsKey(id), queryFn: () => getDonationCorrections(id), enabled: Number.isInteger(id) && id > 0 });
}

export type CorrectionRequest =
  | { kind: 'void'; id: number; reason: string }
  | { kind: 'adjust-amount'; id: number; reason: string; amount: number }
  | { kind: 'reopen'; id: number; reason: string };

/** 400 (field errors) and 409 (the rule refused, a closed month) are shown in the dialog, not as a toast. */
export async function correctDonation({ kind, id, ...body }: CorrectionRequest): Promise<AdminDonation> {
  const { data } = await api.post<AdminDonation>(`/admin/donations/${id}/${kind}`, body, { skipErrorToast: [400, 404, 409] });
  return data;
}

export function useCorrectDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctDonation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.donations }),
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  });
}
