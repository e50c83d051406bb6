// Whether a gift's donor is told by email, read from the donor's email as the API shows it to this member of staff
// (docs/product.md#staff-gift-entry, #donor-privacy): the dialogs that say "se avisa al donante por correo" ask it.
import { can } from '@donaciones/shared/permissions';

/**
 * False for a gift entered without the donor's email, to which the API sends nothing (its hasEmail). Staff with
 * donors.read are shown the email in full, '' when there is none; the others are shown it masked ('l***@correo.gt'),
 * still '' when there is none, but a gift given anonymously reads "Anónimo" with no email whether it has one or not:
 * there the screen cannot tell, and keeps the words of a gift with an email. (Only ADMIN and FINANCE decide and
 * correct, and both read donors.)
 */
export function emailsDonor(donation: { donor_email: string; donor_anonymous?: boolean }, roles: readonly string[] | null | undefined): boolean {
  if (donation.donor_email.trim() !== '') return true;
  return donation.donor_anonymous === true && !can(roles, 'donors.read');
}
