// The DONOR role a completed donation gives its donor's verified account (docs/product.md#accounts-and-sessions).
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { withRole } from '@donaciones/shared/roles';
import type { Db } from '../../db/client';
import { donations, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import type { DonationRow } from './types';

/** The account whose owner proved `email` (its confirmation link, an invitation or a password link), if any. */
export async function verifiedAccountOf(tx: Db, email: string): Promise<{ id: number; roles: string[] } | undefined> {
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return account;
}

/**
 * docs/product.md#accounts-and-sessions: the first completed donation whose email matches a verified account links the
 * donation to it and adds DONOR as the main role (after ADMIN, which stays first for staff).
 */
export async function linkCompletedDonation(tx: Db, donation: DonationRow): Promise<void> {
  const account = await verifiedAccountOf(tx, donation.donorEmail);
  if (!account) return;
  if (donation.userId == null) await tx.update(donations).set({ userId: account.id }).where(eq(donations.id, donation.id));
  if (account.roles.includes('DONOR')) return;
  const roles = withRole(account.roles, 'DONOR');
  await tx.update(users).set({ roles, updatedAt: sql`now()` }).where(eq(users.id, account.id));
  await audit(tx, { actor: null, action: 'user.role_donor_added', entityType: 'user', entityId: account.id, details: { donation_id: donation.id } });
}
