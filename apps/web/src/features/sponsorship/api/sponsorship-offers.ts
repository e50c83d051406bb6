// "Mi ahijado/a" when a sponsored child left (docs/product.md#sponsorship, decision 0051): the choices
// still open, and the sponsor's choice (another waiting child with the same gift, keep giving, cancel).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildLeftOffers, OfferChoiceInput, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const offerKeys = { mine: () => [...queryRoots.member, 'sponsorship-offers'] as const };

export function useSponsorshipOffers() {
  return useQuery({ queryKey: offerKeys.mine(), queryFn: async () => (await api.get<ChildLeftOffers>('/member/sponsorship-offers')).data.offers });
}

export function useChooseOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ sponsorshipId, body }: { sponsorshipId: number; body: OfferChoiceInput }) =>
      (await api.post<OfferChoiceResponse>(`/member/sponsorship-offers/${sponsorshipId}/choice`, body, { skipErrorToast: [400, 404, 409, 502] })).data,
    // The sponsorships, the monthly gifts and the offers of the member area all change.
    onSuccess: () => client.invalidateQueries({ queryKey: queryRoots.member }),
  });
}
