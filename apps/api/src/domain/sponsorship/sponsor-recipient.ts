// Who a sponsorship email goes to (docs/product.md#sponsorship), said once for every such email: the
// account that reads "Mi ahijado/a", else the address given when sponsoring, greeted by first name:
// the account's as it is when the email goes (sponsorNameSql, the ledger's greetingName read in the
// email's own query), else the name given when sponsoring. Staff screens name the sponsor by the same rule.
import { sponsorships } from '../../db/schema';
import { greetingNameSql } from '../ledger/greeting';

/** The first word of a sponsor's name, for a greeting ("" when none was given). */
export const firstNameOf = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** A sponsorship's sponsor as emails and staff screens name them, in the query that reads the rows: the account's whole name now, else the name stored when sponsoring (NULL when neither). */
export const sponsorNameSql = greetingNameSql(sponsorships.userId, sponsorships.sponsorName);

/** The sponsor's account's email, else the address given when sponsoring; null when neither exists. */
export const sponsorAddress = (row: { accountEmail: string | null; sponsorEmail: string | null }): string | null =>
  row.accountEmail || row.sponsorEmail?.trim() || null;
