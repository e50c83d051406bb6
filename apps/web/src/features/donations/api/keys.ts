// Query keys of the donation screens, all under ['donations'] (the admin review invalidates that
// prefix too). Lists and details carry the viewer's id: masking and the allowed actions depend on it.
import { queryRoots } from '@/lib/query-keys';

export interface DonationListParams {
  limit: number;
  /** The page starts after this many rows, or after the row of the cursor `after` (the API's `next_cursor`). */
  offset?: number;
  after?: string;
  /** Searched and filtered by the API over the whole ledger, not on the loaded page. */
  q?: string;
  status?: string;
  donation_type?: string;
}

export const donationKeys = {
  all: queryRoots.donations,
  lists: () => [...donationKeys.all, 'list'] as const,
  list: (params: DonationListParams, viewerId: number | null) => [...donationKeys.lists(), params, viewerId] as const,
  details: () => [...donationKeys.all, 'detail'] as const,
  detail: (id: number, viewerId: number | null) => [...donationKeys.details(), id, viewerId] as const,
  /** The viewer's own gift (GET /users/me/donations/{id}): under its detail's key, so invalidating the detail refreshes it too. */
  ownDetail: (id: number, viewerId: number | null) => [...donationKeys.detail(id, viewerId), 'own'] as const,
  stats: () => [...donationKeys.all, 'stats'] as const,
  /** The pending figures are ADMIN's only (docs/product.md#figures): the answer depends on the viewer too. */
  statsOf: (viewerId: number | null) => [...donationKeys.stats(), viewerId] as const,
  /** Staff gift entry: the form's bounds and programmes, and the donor picker's matches. */
  giftEntryOptions: () => [...donationKeys.all, 'gift-entry-options'] as const,
  donorChoices: (q: string) => [...donationKeys.all, 'donor-choices', q] as const,
};
