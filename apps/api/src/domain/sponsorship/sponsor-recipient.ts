// Who a sponsorship email goes to (docs/product.md#sponsorship), said once for every such email: the
// account that reads "Mi ahijado/a", else the address given when sponsoring, greeted by first name.

/** The first word of a sponsor's name, for a greeting ("" when none was given). */
export const firstNameOf = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The sponsor's account's email, else the address given when sponsoring; null when neither exists. */
export const sponsorAddress = (row: { accountEmail: string | null; sponsorEmail: string | null }): string | null =>
  row.accountEmail || row.sponsorEmail?.trim() || null;
