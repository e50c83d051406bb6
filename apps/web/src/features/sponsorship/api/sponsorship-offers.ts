// "Mi ahijado/a" when a sponsored child left (docs/product.md#sponsorship, decision 0051): the choices
// still open, and the sponsor's choice (another waiting child with the same gift, keep giving, cancel);
// the same for a sponsor without an account, through the signed link of their email.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildLeftOffer, ChildLeftOffers, OfferChoiceInput, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { sponsorshipKeys } from './sponsorship';

/** A choice; `childName` (not sent) is the chosen child's, for saying which one could not be sponsored. */
export interface OfferChoiceVariables {
  sponsorshipId: number;
  body: OfferChoiceInput;
  childName?: string;
}

export const offerKeys = { mine: () => [...queryRoots.member, 'sponsorship-offers'] as const };

export function useSponsorshipOffers() {
  return useQuery({ queryKey: offerKeys.mine(), queryFn: async () => (await api.get<ChildLeftOffers>('/member/sponsorship-offers')).data.offers });
}

export function useChooseOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ sponsorshipId, body }: OfferChoiceVariables) =>
      (await api.post<OfferChoiceResponse>(`/member/sponsorship-offers/${sponsorshipId}/choice`, body, { skipErrorToast: [400, 404, 409, 502] })).data,
    // The sponsorships, the monthly gifts and the offers of the member area all change.
    onSuccess: () => client.invalidateQueries({ queryKey: queryRoots.member }),
    // A child who could not be sponsored leaves the list shown with the offer.
    onError: () => client.invalidateQueries({ queryKey: sponsorshipKeys.waitingAll() }),
  });
}

const linkKey = (token: string) => ['sponsorship-offer-link', token] as const;
const linkPath = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

/** The open choice of a signed link (GET /sponsorship/offer); a 401 or 409 is the page's to say. */
export function useLinkOffer(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: async () => (await api.get<ChildLeftOffer>(linkPath('/sponsorship/offer', token), { skipErrorToast: [401, 409] })).data,
    enabled: token !== '',
    retry: false,
  });
}

/** The choice sent with the signed link; the offer is then closed, so it is not asked for again. */
export function useChooseLinkOffer(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body }: OfferChoiceVariables) =>
      (await api.post<OfferChoiceResponse>(linkPath('/sponsorship/offer/choice', token), body, { skipErrorToast: [400, 401, 404, 409, 502] })).data,
    onSuccess: () => client.removeQueries({ queryKey: linkKey(token) }),
    onError: () => client.invalidateQueries({ queryKey: sponsorshipKeys.waitingAll() }),
  });
}
