// The tests' one factory: `donation({...})` writes a ledger row with exact values, `signIn` gives a
// new account with a live session. Everything not given gets a plain, unique default.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { toCents } from '@donaciones/shared/format';
import type { Database } from '../../src/db/client';
import { donations, userPreferences } from '../../src/db/schema';
import { issueReceipt, voidReceipt } from '../../src/domain/receipts/receipts';
import { newReferenceCode } from '../../src/platform/reference-codes';
import { type Caller, createUser, openSession } from './helpers';

export type DonationValues = Partial<typeof donations.$inferInsert> & {
  /** The amount in the donation's currency units (185.5), instead of amountCents. */
  amount?: number;
};

let counter = 0;

/**
 * One donation written straight into the ledger, bypassing the flow: completed by default (dated
 * `createdAt`, now unless given) and then with its receipt, issued as a completion issues it (not
 * emailed); a refunded one's receipt is voided. Any column may be given; the amount defaults to Q100.
 */
export async function donation(db: Database, values: DonationValues = {}): Promise<typeof donations.$inferSelect> {
  counter += 1;
  const { amount, ...columns } = values;
  const status = columns.status ?? 'completed';
  const createdAt = columns.createdAt ?? new Date();
  const [row] = await db
    .insert(donations)
    .values({
      referenceCode: newReferenceCode(),
      donorName: `Donante Prueba${counter}`,
      donorEmail: `donante${counter}.${randomBytes(3).toString('hex')}@prueba.gt`,
      amountCents: amount === undefined ? 10_000 : toCents(amount),
      currency: 'GTQ',
      donationType: 'monetary',
      source: 'service',
      createdAt,
      updatedAt: createdAt,
      completedAt: status === 'completed' ? createdAt : null,
      // A bank deposit names its provider, as the checkout and the statements record it.
      paymentProvider: columns.paymentMethod === 'bank_deposit' ? 'deposit' : null,
      ...columns,
      status,
    })
    .returning();
  if (row.status !== 'completed' && row.status !== 'refunded') return row;
  const receipt = await issueReceipt(db, row.id, { email: false });
  if (row.status === 'refunded') await voidReceipt(db, row.id, row.refundReason ?? 'Reembolso');
  return { ...row, receiptNumber: receipt.number };
}

/**
 * A new account (verified, role USER unless given) with a live session and its bearer token, as
 * after a real sign-in; `showPublicly` sets the preference to show its donations publicly.
 */
export async function signIn(
  app: FastifyInstance,
  db: Database,
  options: Parameters<typeof createUser>[1] & { showPublicly?: boolean } = {},
): Promise<Caller> {
  const { showPublicly, ...account } = options;
  const user = await createUser(db, account);
  if (showPublicly) await db.update(userPreferences).set({ showDonationsPublicly: true }).where(eq(userPreferences.userId, user.id));
  return { id: user.id, email: user.email, token: (await openSession(app, db, user.id)).token };
}
