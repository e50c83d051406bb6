// The list's client-side search and filters (docs/product.md#screens-and-routes: applied on the client).
import type { Donation } from '@donaciones/shared/schemas/donations';

/** Lower case without accents, so 'lucia' finds 'Lucía'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export interface DonationFilters {
  /** Matches the donor's name or email, anywhere, ignoring case and accents. */
  search: string;
  status: string;
  type: string;
}

export function filterDonations(donations: readonly Donation[], filters: DonationFilters): Donation[] {
  const needle = fold(filters.search.trim());
  return donations.filter(
    (d) =>
      (!filters.status || d.status === filters.status) &&
      (!filters.type || d.donation_type === filters.type) &&
      (!needle || fold(d.donor_name).includes(needle) || fold(d.donor_email).includes(needle)),
  );
}
