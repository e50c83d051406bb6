// What staff and the public are shown of a donor (docs/product.md#donor-privacy): masked emails and
// names, and the donor of a gift as the public sees it.
import { can } from '@donaciones/shared/permissions';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { DonationRow } from '../ledger/transitions';

/** `maria.garcia@gmail.com` -> `m***@gmail.com` */
export function maskEmail(email: string): string {
  // A gift the office entered without an email has none to mask: '***' would say there is one.
  if (email.trim() === '') return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * A donor's email as a member of staff is shown it (docs/product.md#donor-privacy): in full to staff who
 * may read donors' contact details (donors.read), else masked, as gift entry's donor choices show it
 * (a VOLUNTEER or COMMUNICATIONS sees no contact details). A gift without an email stays empty.
 */
export function staffEmail(email: string, contacts: boolean): string {
  return contacts || email === '' ? email : maskEmail(email);
}

/**
 * The donor of a gift as a member of staff is shown them (docs/product.md#donor-privacy, decision 0070): in
 * full to staff who may read donors' details (donors.read); to the others the email masked, and "Anónimo"
 * with no email for a gift given anonymously.
 */
export function staffDonor(row: Pick<DonationRow, 'donorName' | 'donorEmail' | 'donorAnonymous'>, contacts: boolean): { name: string; email: string } {
  if (!contacts && row.donorAnonymous) return { name: donateMessages.anonymousDonor, email: '' };
  return { name: row.donorName, email: staffEmail(row.donorEmail, contacts) };
}

/** Whether these roles may read donors' contact details (email, phone, address, NIT). */
export const readsContacts = (roles: readonly string[] | null | undefined): boolean => can(roles, 'donors.read');

/** Lower-case particles of compound surnames ("de León", "de la Cruz"): never taken as the surname. */
export const NAME_PARTICLES = ['de', 'del', 'la', 'las', 'los', 'y'] as const;

/**
 * The given name and the initial of the first surname, the main one in Guatemala
 * (docs/product.md#donor-privacy). Names are written given names, then the paternal and the maternal
 * surname, particles aside: with two words the second is the surname ("Lucía Hernández" -> "Lucía H."),
 * with three or more the first surname is the second-to-last word ("Lucía Hernández Toj" -> "Lucía H.",
 * "Ana María López García" -> "Ana L.", "Carlos de León Pérez" -> "Carlos L."). One word is shown as is.
 * donor_masked_name (migration 0014) computes the same in the database for the list's search.
 */
export function maskName(name: string): string {
  const all = name.trim().split(/\s+/).filter(Boolean);
  const kept = all.filter((w) => !(NAME_PARTICLES as readonly string[]).includes(w.toLowerCase()));
  const words = kept.length ? kept : all;
  if (words.length === 0) return '';
  if (words.length === 1) return words[0];
  const surname = words.length === 2 ? words[1] : words[words.length - 2];
  return `${words[0]} ${Array.from(surname)[0].toUpperCase()}.`;
}

/**
 * What the public (anyone but ADMIN and the owner) is shown of the donor (docs/product.md#donor-privacy):
 * "Anónimo" and nothing else for a gift given anonymously; the full name of a donor whose account
 * chose to be shown publicly; else the masked name. The email is never shown in full to the public.
 */
export function publicDonor(row: Pick<DonationRow, 'donorName' | 'donorEmail' | 'donorAnonymous'>, donorIsPublic: boolean | null | undefined): { name: string; email: string } {
  if (row.donorAnonymous) return { name: donateMessages.anonymousDonor, email: '' };
  return { name: donorIsPublic === true ? row.donorName : maskName(row.donorName), email: maskEmail(row.donorEmail) };
}
