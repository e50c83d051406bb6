// What follows proof that a person controls their account's address (docs/product.md#accounts-and-sessions): opening
// the confirmation link, accepting an invitation, or setting a password through an emailed link.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { linkCompletedDonation } from '../ledger/donor-role';
import { DEPOSIT_PROVIDER } from '../payments/deposit/provider';

/** A bank deposit made through /donate that staff have not settled yet (an office entry has no provider). */
const awaitingDeposit = and(eq(donations.status, 'pending'), eq(donations.paymentProvider, DEPOSIT_PROVIDER));

/** How the address was proven, kept in the audit entry. */
export type EmailProof = 'verify_link' | 'invitation' | 'password_reset';

/**
 * Marks the address verified (keeping the first date) and links to the account the completed donations made
 * with it, adding DONOR, and the bank deposits made with it that still await their slip or staff's review, so
 * the donor finds them in Mis donaciones (decision 0085). Only after such proof: otherwise anyone could
 * register a donor's address and read their history. A pending card checkout is not a gift (it may never be
 * paid) and stays unlinked until it completes; a pending deposit adds no role. Call it inside the transaction
 * that spends the link.
 */
export async function confirmEmailOwnership(
  tx: Db,
  user: { id: number; email: string; emailVerifiedAt: Date | null },
  proof: { via: EmailProof; ip?: string | null },
): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  await tx
    .update(donations)
    .set({ userId: user.id })
    .where(and(sql`lower(${donations.donorEmail}) = ${user.email}`, isNull(donations.userId), or(eq(donations.status, 'completed'), awaitingDeposit)));
  const [completed] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.userId, user.id), eq(donations.status, 'completed')))
    .limit(1);
  if (completed) await linkCompletedDonation(tx, completed);
  // Only the first proof is an event; a reset of an already verified account changes nothing here.
  if (!user.emailVerifiedAt) {
    await audit(tx, { actor: { id: user.id, email: user.email }, action: 'user.email_verified', entityType: 'user', entityId: user.id, details: { via: proof.via }, ip: proof.ip });
  }
}
