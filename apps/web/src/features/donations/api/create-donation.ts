// POST /donations: records a pending donation owned by the signed-in user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDonation, Donation } from '@donaciones/shared/schemas/donations';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { donationKeys } from './keys';

export async function createDonation(input: CreateDonation): Promise<Donation> {
  // The form shows 400 answers next to its fields itself.
  const { data } = await api.post<Donation>('/donations', input, { skipErrorToast: [400] });
  return data;
}

export function useCreateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDonation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: donationKeys.stats() }),
        // The donor area lists the account's own donations.
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  });
}
