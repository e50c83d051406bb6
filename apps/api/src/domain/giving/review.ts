// Donation review by staff (docs/product.md#screens-and-routes, #the-donation-ledger, #email): the admin view of
// the ledger, and approve/reject through the ledger's own atomic transitions.
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_DONATION_STATUS, type DonationStatus } from '@donaciones/shared/constants';
import { fromCents } from '@donaciones/shared/format';
import type { AdminDonation, AdminDonationList } from '@donaciones/shared/schemas/admin';
import type { Database, Db } from '../../db/client';
import { donations } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import { isDatedByDay } from '../ledger/dated-by-day';
import { type DonationRow, transitionDonation } from '../ledger/transitions';
import { cappedCount, emailCondition, foldedLike, searchPattern, staffNameMatch } from './donation-search';
import { NEWEST_FIRST, afterListCursor, countFromTotals } from './donations';
import { staffDonor } from './donor-privacy';
import { cursorInstant, pageOf } from '../../platform/keyset';
import { conflict, notFound } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { depositReviewsOf } from '../deposits/slip-review';
import { officeEntriesOf } from './office-entry';
import { needsManualReview } from '../payments/providers';
import { pendingBankPayment } from '../deposits/bank-payments';
import { inClosedMonth, latestClosedMonth } from '../accounting/periods';

type AdminStatus = AdminDonation['status'];

const STORED_STATUS = Object.fromEntries(Object.entries(ADMIN_DONATION_STATUS).map(([stored, admin]) => [admin, stored])) as Record<
  AdminStatus,
  DonationStatus
>;

export function toAdminDonation(
  row: Pick<
    DonationRow,
    | 'id'
    | 'donorName'
    | 'donorEmail'
    | 'donorAnonymous'
    | 'amountCents'
    | 'currency'
    | 'gtqCents'
    | 'donationType'
    | 'status'
    | 'createdAt'
    | 'receivedOn'
    | 'source'
    | 'referenceCode'
    | 'paymentProvider'
    | 'paymentMethod'
  >,
  /** Whether the caller may read donors' contact details (donors.read); else the email is masked. */
  contacts: boolean,
): AdminDonation {
  // `contacts` false (staff without donors.read): the email masked, "Anónimo" for a gift given anonymously.
  const donor = staffDonor(row, contacts);
  return {
    id: row.id,
    donor_name: donor.name,
    donor_email: donor.email,
    donor_anonymous: row.donorAnonymous,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    gtq_amount: row.currency !== 'GTQ' && row.gtqCents != null ? fromCents(row.gtqCents) : null,
    donation_type: row.donationType,
    status: ADMIN_DONATION_STATUS[row.status],
    created_at: row.createdAt.toISOString(),
    dated_by_day: isDatedByDay(row),
    reference_code: row.referenceCode,
    payment_provider: row.paymentProvider,
    manual_review: needsManualReview(row),
    payment_method: row.paymentMethod,
  };
}

/**
 * One donation as the review queue shows it (with its slip), for its own page; `contacts` false masks
 * the donor's email (staff without donors.read).
 */
export async function adminDonationOf(db: Db, id: number, contacts: boolean): Promise<AdminDonation> {
  const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!row) throw notFound();
  return (await forReview(db, [row], contacts))[0]!;
}

/** The review's view of donations: each with its slip, its office entry and whether its month is closed. */
async function forReview(db: Db, rows: DonationRow[], contacts: boolean): Promise<AdminDonation[]> {
  const [deposits, office, closed] = await Promise.all([depositReviewsOf(db, rows), officeEntriesOf(db, rows), latestClosedMonth(db)]);
  return rows.map((row) => ({
    ...toAdminDonation(row, contacts),
    deposit: deposits.get(row.id) ?? null,
    office_entry: office.get(row.id) ?? null,
    dated_in_closed_month: inClosedMonth(row.createdAt, closed),
  }));
}

/** A card donation is settled by its payment provider (simulated or real), never by a staff click. */
async function assertManualReview(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ paymentProvider: donations.paymentProvider }).from(donations).where(eq(donations.id, id)).limit(1);
  if (row && !needsManualReview(row)) throw conflict(paymentMessages.providerSettles);
}

export async function listAdminDonations(
  db: Db,
  input: { status?: AdminStatus; q?: string; pendingDeposits?: boolean; limit: number; offset: number; after?: string },
  /** Whether the caller may read donors' contact details (donors.read); else every email is masked. */
  contacts: boolean,
): Promise<AdminDonationList> {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(donations.status, STORED_STATUS[input.status]));
  // "Depósitos y transferencias por verificar" (docs/product.md#bank-deposits): deposits and the office's transfers, as the statement matches them.
  if (input.pendingDeposits) conditions.push(pendingBankPayment);
  const q = input.q?.trim();
  if (q) {
    // Case and accents ignored, answered by the search's trigram index (./donation-search.ts).
    const pattern = searchPattern(q);
    // The email is matched only for staff who may read it: a masked address must not be found by guessing.
    const byEmail = contacts ? [emailCondition(q, pattern)] : [];
    const byName = staffNameMatch(foldedLike(sql`${donations.searchName}`, pattern), contacts);
    conditions.push(or(...byEmail, byName, foldedLike(sql`${donations.searchReference}`, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = { limit: input.limit, offset: input.offset };
  // One row more than the page tells whether another follows; `after` (keyset, decision 0058) or `offset`.
  const [read, counted] = await Promise.all([
    db
      .select({ row: donations, cursorAt: cursorInstant(donations.createdAt), id: donations.id })
      .from(donations)
      .where(and(where, afterListCursor(input.after)))
      .orderBy(...NEWEST_FIRST)
      .limit(input.limit + 1)
      .offset(input.offset),
    q
      ? cappedCount(db, (limit) => db.select({ one: sql`1` }).from(donations).where(where).limit(limit).as('matching'), page)
      : input.pendingDeposits
        ? db.select({ n: count() }).from(donations).where(where).then(([row]) => ({ total: row.n, capped: false }))
        : // The whole queue or one status: counted from donation_totals, never a count(*) over the ledger.
          countFromTotals(db, { status: input.status ? STORED_STATUS[input.status] : undefined }).then((n) => ({ total: n, capped: false })),
  ]);
  const { page: shown, nextCursor } = pageOf(read, input.limit);
  return {
    donations: await forReview(db, shown.map((r) => r.row), contacts),
    total: counted.total,
    total_capped: counted.capped,
    limit: input.limit,
    offset: input.offset,
    next_cursor: nextCursor,
  };
}


/**
 * Approves a pending donation; the donor's email is queued in the same transaction (docs/product.md#email).
 * `alsoInTransaction` lets the bank reconciliation mark its statement line in that same transaction.
 */
export async function approveDonation(
  db: Database,
  input: {
    id: number;
    actor: Actor;
    ip?: string | null;
    /** Whether the answer may show the donor's email in full (the caller holds donors.read). */
    contacts: boolean;
    alsoInTransaction?: (tx: Db, donation: DonationRow) => Promise<void>;
  },
): Promise<AdminDonation> {
  await assertManualReview(db, input.id);
  // The bank reconciliation marks its statement line in the approval's own transaction.
  const row = await db.transaction(async (tx) => {
    const approved = await transitionDonation(tx, { id: input.id, action: 'approve', actor: input.actor, ip: input.ip });
    await input.alsoInTransaction?.(tx, approved);
    return approved;
  });
  return toAdminDonation(row, input.contacts);
}

/**
 * Rejects a pending donation (stored `failed`, shown DECLINED). The reason given by staff is stored as
 * the failure reason and in the audit entry, and the donor is told it by email with the contact
 * address of the system settings, so they can retry or ask (docs/product.md#email).
 */
export async function rejectDonation(
  db: Database,
  input: { id: number; reason: string; actor: Actor; ip?: string | null; contacts: boolean },
): Promise<AdminDonation> {
  await assertManualReview(db, input.id);
  const row = await transitionDonation(db, { id: input.id, action: 'reject', reason: input.reason, actor: input.actor, ip: input.ip });
  return toAdminDonation(row, input.contacts);
}
