// Who a sponsorship email goes to (docs/product.md#sponsorship), said once for every such email: the
// account that reads "Mi ahijado/a", else the address given when sponsoring, greeted by first name:
// the account's as it is when the email goes (the ledger's greetingName, as monthly emails greet),
// else the name given when sponsoring. Staff screens name the sponsor by the same rule (sponsorNameSql).
import type { Db } from '../../db/client';
import { sponsorships } from '../../db/schema';
import { greetingName, greetingNameSql } from '../ledger/greeting';

/** The first word of a sponsor's name, for a greeting ("" when none was given). */
export const firstNameOf = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The first name a sponsorship email greets: the sponsor's account's now, else the name stored when sponsoring. */
export async function sponsorFirstName(tx: Db, sponsor: { userId: number | null; name: string | null }): Promise<string> {
  return firstNameOf(await greetingName(tx, { userId: sponsor.userId, donorName: sponsor.name ?? '' }));
}

/** A sponsorship's sponsor as staff screens name them, in the query that reads the list: the account's whole name now, else the name stored when sponsoring (NULL when neither). */
export const sponsorNameSql = greetingNameSql(sponsorships.userId, sponsorships.sponsorName);

/** The sponsor's account's email, else the address given when sponsoring; null when neither exists. */
export const sponsorAddress = (row: { accountEmail: string | null; sponsorEmail: string | null }): string | null =>
  row.accountEmail || row.sponsorEmail?.trim() || null;
