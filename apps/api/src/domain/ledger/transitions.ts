// The donation ledger's core (docs/product.md#the-donation-ledger): recording a donation and its only transitions,
// out of `pending`, atomically, audited, never applied twice.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DonationStatus } from '@donaciones/shared/constants';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { withRole } from '@donaciones/shared/roles';
import type { Database, Db } from '../../db/client';
import { donations, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { type Actor, audit } from '../../platform/audit';
import { type PaymentProvider, simulatedPaymentProvider } from '../payments/simulated/simulated';
import { issueReceipt } from '../receipts/receipts';
import { newReferenceCode } from '../../platform/reference-codes';

export type DonationRow = typeof donations.$inferSelect;
export type NewDonation = Omit<typeof donations.$inferInsert, 'id' | 'referenceCode' | 'status' | 'receiptNumber'>;

/** How many fresh references are tried before giving up (a collision is one in 100 million per row). */
const REFERENCE_ATTEMPTS = 6;

/**
 * Inserts a pending donation with a fresh unique reference, retrying the rare collision. A collision
 * returns no row (ON CONFLICT DO NOTHING) instead of raising, so no savepoint is needed to keep the
 * caller's transaction usable: one round trip per attempt, which matters on the checkout's hot path.
 */
export async function insertDonation(db: Db, values: NewDonation): Promise<DonationRow> {
  for (let attempt = 1; ; attempt++) {
    const [row] = await db
      .insert(donations)
      .values({ ...values, referenceCode: newReferenceCode(), status: 'pending' })
      .onConflictDoNothing({ target: donations.referenceCode })
      .returning();
    if (row) return row;
    if (attempt >= REFERENCE_ATTEMPTS) throw new Error(`no free donation reference after ${REFERENCE_ATTEMPTS} attempts`);
  }
}

/** `pay` and `decline` are the payment provider's outcomes of a checkout (docs/product.md#payments). */
export type TransitionAction = 'process' | 'cancel' | 'approve' | 'reject' | 'expire' | 'pay' | 'decline';

/** What the provider reported about the payment; stored with the outcome in the same update. */
export interface PaymentDetails {
  paymentId?: string | null;
  paymentMethod?: string | null;
  cardLast4?: string | null;
  cardNetwork?: string | null;
  feeCents?: number | null;
  vatWithheldCents?: number | null;
  failureReason?: string | null;
}

export interface TransitionHooks {
  /**
   * Runs inside the transition's transaction, after the new status is written, so what it writes
   * (the donor's email in the outbox, an audit entry) commits with the new status or not at all: a
   * transition that fails or rolls back leaves no email queued, and a committed one always has its
   * email. The outbox job sends it only after the commit (docs/product.md#email).
   */
  inTransaction?: (tx: Db, donation: DonationRow) => Promise<void>;
}

/**
 * A real provider's checkout is settled by the provider's own answer (webhook, status poll or
 * reconciliation), never by a staff click; only the demo's simulated charge runs on Procesar
 * (docs/product.md#payments).
 */
export const settledByProvider = (row: Pick<DonationRow, 'paymentProvider'>): boolean =>
  row.paymentProvider != null && row.paymentProvider !== 'simulated';

/**
 * Moves one pending donation to its next status. The row is locked for the whole transaction, so a
 * concurrent second transition waits, then finds it no longer pending and gets 409.
 */
export async function transitionDonation(
  db: Database,
  input: {
    id: number;
    action: TransitionAction;
    actor: Actor | null;
    ip?: string | null;
    provider?: PaymentProvider;
    payment?: PaymentDetails;
    /** Why staff rejected it: stored as the failure reason, in the audit entry and the donor's email. */
    reason?: string | null;
  } & TransitionHooks,
): Promise<DonationRow> {
  const provider = input.provider ?? simulatedPaymentProvider;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, input.id)).for('update').limit(1);
    if (!current) throw notFound(donationsMessages.notFoundApi);
    // Money the provider received completes the donation even after a declined attempt or the end of
    // its wait: the donor may have paid with another card on the same checkout (docs/product.md#payments).
    const payable = input.action === 'pay' && (current.status === 'failed' || current.status === 'expired' || current.status === 'cancelled');
    if (current.status !== 'pending' && !payable) throw conflict(donationsMessages.notPending);

    let status: DonationStatus;
    let failureReason: string | null = null;
    let paymentReference: string | null = current.paymentReference;
    switch (input.action) {
      case 'approve':
        status = 'completed';
        break;
      case 'reject':
        status = 'failed';
        failureReason = input.reason?.trim() || 'Rechazada por un administrador';
        break;
      case 'cancel':
        status = 'cancelled';
        break;
      case 'expire':
        status = 'expired';
        break;
      case 'pay':
        status = 'completed';
        break;
      case 'decline':
        status = 'failed';
        failureReason = input.payment?.failureReason ?? 'Pago rechazado';
        break;
      case 'process': {
        if (settledByProvider(current)) throw conflict(paymentMessages.providerSettles);
        // A deposit is confirmed by staff against its slip and the bank (approve), never charged.
        if (current.paymentMethod === 'bank_deposit') throw conflict(paymentMessages.depositNotCharged);
        if (current.donationType === 'monetary') {
          const result = await provider.charge({
            reference: current.referenceCode,
            amountCents: current.amountCents,
            currency: current.currency,
            cardLast4: current.cardLast4,
            cardBrand: current.cardBrand,
          });
          status = result.ok ? 'completed' : 'failed';
          if (result.ok) paymentReference = result.providerReference;
          else failureReason = result.failureReason;
        } else {
          // Goods and services are marked as received.
          status = 'completed';
        }
        break;
      }
    }

    const completed = status === 'completed';
    const payment = input.payment;
    const [updated] = await tx
      .update(donations)
      .set({
        status,
        failureReason,
        paymentReference: payment?.paymentId ?? paymentReference,
        ...(payment
          ? {
              paymentMethod: payment.paymentMethod ?? current.paymentMethod,
              cardLast4: payment.cardLast4 ?? current.cardLast4,
              cardBrand: payment.cardNetwork ?? current.cardBrand,
              feeCents: payment.feeCents ?? current.feeCents,
              vatWithheldCents: payment.vatWithheldCents ?? current.vatWithheldCents,
            }
          : {}),
        updatedAt: sql`now()`,
        completedAt: completed ? sql`now()` : null,
      })
      .where(and(eq(donations.id, input.id), eq(donations.status, current.status)))
      .returning();

    await audit(tx, {
      actor: input.actor,
      action: `donation.${input.action}`,
      entityType: 'donation',
      entityId: updated.id,
      details: { from: current.status, to: status, reference: updated.referenceCode, ...(failureReason ? { failure_reason: failureReason } : {}) },
      ip: input.ip,
    });
    let result = updated;
    if (completed) {
      await linkCompletedDonation(tx, updated);
      // The fiscal receipt is issued here, once, for every path that completes a donation
      // (docs/product.md#receipts): its number is taken in this transaction and kept on the donation.
      const receipt = await issueReceipt(tx, updated.id);
      result = { ...updated, receiptNumber: receipt.number };
    }
    await input.inTransaction?.(tx, result);
    return result;
  });
}

/**
 * docs/product.md#accounts-and-sessions: the first completed donation whose email matches a verified account links the
 * donation to it and adds DONOR as the main role (after ADMIN, which stays first for staff).
 */
export async function linkCompletedDonation(tx: Db, donation: DonationRow): Promise<void> {
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, donation.donorEmail.toLowerCase()), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (!account) return;
  if (donation.userId == null) await tx.update(donations).set({ userId: account.id }).where(eq(donations.id, donation.id));
  if (account.roles.includes('DONOR')) return;
  const roles = withRole(account.roles, 'DONOR');
  await tx.update(users).set({ roles, updatedAt: sql`now()` }).where(eq(users.id, account.id));
  await audit(tx, { actor: null, action: 'user.role_donor_added', entityType: 'user', entityId: account.id, details: { donation_id: donation.id } });
}
