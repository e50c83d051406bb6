// The donation ledger's core (docs/product.md#the-donation-ledger): recording a donation and its only transitions,
// out of `pending`, atomically, audited, never applied twice.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DonationStatus } from '@donaciones/shared/constants';
import { guatemalaDay } from '@donaciones/shared/format';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import type { Db } from '../../db/client';
import { donations } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { newReferenceCode } from '../../platform/reference-codes';
import { inClosedMonth, latestClosedMonth, monthOf } from '../accounting/periods';
import { type CompletionInput, completeTransition } from './completion';
import type { ChargeResult, DonationRow, NewDonation, PaymentDetails, TransitionAction } from './types';

export type { ChargeResult, DonationRow, NewDonation, PaymentDetails, TransitionAction } from './types';

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

/** Runs `work` in the caller's transaction, or in a new one when given the database itself. */
async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // An open transaction has rollback(); the database does not. A nested transaction would only add
  // a savepoint's round trips to every webhook and job that settles a charge inside its own.
  return 'rollback' in db ? work(db) : db.transaction(work);
}

export interface TransitionInput extends Omit<CompletionInput, 'action'> {
  id: number;
  action: TransitionAction;
  actor: Actor | null;
  ip?: string | null;
  /** What the provider reported about the payment (pay, decline). */
  payment?: PaymentDetails;
  /** Staff's Procesar: the charge of the donation's provider (the demo's simulated card), or its refusal. */
  charge?: (row: DonationRow) => Promise<ChargeResult>;
  /** Why staff rejected it: stored as the failure reason, in the audit entry and the donor's email. */
  reason?: string | null;
  /** When the money arrived, for a gift staff enter as already received (its receipt is dated then). */
  completedAt?: Date;
}

interface Outcome {
  status: DonationStatus;
  failureReason: string | null;
  paymentReference: string | null;
}

/** The status an action leads to, with its failure reason and the payment's reference. */
async function outcomeOf(current: DonationRow, input: TransitionInput): Promise<Outcome> {
  const kept = current.paymentReference;
  switch (input.action) {
    case 'approve':
    case 'pay':
      return { status: 'completed', failureReason: null, paymentReference: kept };
    case 'reject':
      return { status: 'failed', failureReason: input.reason?.trim() || 'Rechazada por un administrador', paymentReference: kept };
    case 'cancel':
      return { status: 'cancelled', failureReason: null, paymentReference: kept };
    case 'expire':
      return { status: 'expired', failureReason: null, paymentReference: kept };
    case 'decline':
      return { status: 'failed', failureReason: input.payment?.failureReason ?? 'Pago rechazado', paymentReference: kept };
    case 'process': {
      if (!input.charge) throw new Error("process needs the charge of the donation's provider");
      const result = await input.charge(current);
      return result.ok
        ? { status: 'completed', failureReason: null, paymentReference: result.providerReference ?? kept }
        : { status: 'failed', failureReason: result.failureReason, paymentReference: kept };
    }
  }
}

/**
 * A gift completed after the month of its date was closed (docs/product.md#the-register-and-the-close),
 * a deposit pledged on 28 October and approved on 10 November after October's close, is dated when it
 * completed, in the open month: a closed month's figures never change. Null when its month is open.
 */
async function dateAfterClose(tx: Db, current: DonationRow, completedAt: Date | undefined): Promise<{ createdAt: Date | SQL; closed: string } | null> {
  // A month is closed only once it has ended: a gift of this month, nearly every payment, needs no lookup.
  if (monthOf(current.createdAt) >= monthOf(new Date())) return null;
  const closed = await latestClosedMonth(tx);
  if (closed === null || !inClosedMonth(current.createdAt, closed)) return null;
  return { createdAt: completedAt && !inClosedMonth(completedAt, closed) ? completedAt : sql`now()`, closed };
}

/**
 * Moves one pending donation to its next status. The row is locked for the whole transaction, so a
 * concurrent second transition waits, then finds it no longer pending and gets 409.
 */
export async function transitionDonation(db: Db, input: TransitionInput): Promise<DonationRow> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(donations).where(eq(donations.id, input.id)).for('update').limit(1);
    if (!current) throw notFound(donationsMessages.notFoundApi);
    // Money the provider received completes the donation even after a declined attempt or the end of
    // its wait: the donor may have paid with another card on the same checkout (docs/product.md#payments).
    const payable = input.action === 'pay' && (current.status === 'failed' || current.status === 'expired' || current.status === 'cancelled');
    if (current.status !== 'pending' && !payable) throw conflict(donationsMessages.notPending);

    const { status, failureReason, paymentReference } = await outcomeOf(current, input);
    const completed = status === 'completed';
    const redated = completed ? await dateAfterClose(tx, current, input.completedAt) : null;
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
        completedAt: completed ? (input.completedAt ?? sql`now()`) : null,
        ...(redated ? { createdAt: redated.createdAt } : {}),
      })
      .where(and(eq(donations.id, input.id), eq(donations.status, current.status)))
      .returning();

    await audit(tx, {
      actor: input.actor,
      action: `donation.${input.action}`,
      entityType: 'donation',
      entityId: updated.id,
      details: {
        from: current.status,
        to: status,
        reference: updated.referenceCode,
        ...(failureReason ? { failure_reason: failureReason } : {}),
        // The history says the gift's new date, and the date and closed month it had.
        ...(redated ? { dated_from: guatemalaDay(current.createdAt), dated_on: guatemalaDay(updated.createdAt), closed_month: redated.closed } : {}),
      },
      ip: input.ip,
    });
    return completeTransition(tx, updated, { action: input.action, source: input.source, links: input.links });
  });
}
