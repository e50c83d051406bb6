// The service view of the ledger (docs/product.md#the-donation-ledger, #screens-and-routes, #donor-privacy): recording, listing,
// statistics from the running totals, and the process/cancel transitions with their permissions.
import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import { type DonationStatus, type DonationType } from '@donaciones/shared/constants';
import { can } from '@donaciones/shared/permissions';
import { fromCents, roundTo, toCents } from '@donaciones/shared/format';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { errorMessages } from '../../messages/errors';
import type {
  CreateDonation,
  Donation,
  DonationList,
  DonationStats,
  ListDonationsFilter,
} from '@donaciones/shared/schemas/donations';
import type { Database, Db } from '../../db/client';
import { donationTotals, donations, userPreferences } from '../../db/schema';
import { forbidden, notFound, serviceUnavailable } from '../../errors';
import { isDatedByDay } from '../ledger/dated-by-day';
import type { LinkContext } from '../ledger/links';
import { type DonationRow, insertDonation, transitionDonation } from '../ledger/transitions';
import { lockGiftOfDonation } from '../monthly/monthly-gifts';
import { settledByProvider } from '../payments/providers';
import { chargeOnProcess } from '../payments/simulated/simulated';
import { receiptSeriesColumn } from '../receipts/receipts';
import { getSettings } from '../../platform/settings';
import { designationOf } from '../content/designation';
import { afterCursor, cursorInstant, pageOf } from '../../platform/keyset';
import { cappedCount, searchCondition } from './donation-search';
import { publicDonor, readsContacts, staffDonor } from './donor-privacy';

/** Who is looking: decides masking (docs/product.md#donor-privacy) and which actions are offered. */
export interface Viewer {
  id: number;
  email: string;
  roles: readonly string[];
}

export interface ViewOptions {
  viewer: Viewer | null;
  /** The donor's account opted in to `show_donations_publicly`; unknown counts as not. */
  donorIsPublic?: boolean | null;
  /** The series of the donation's receipt, read with the row (`receiptSeriesColumn`). */
  receiptSeries?: string | null;
}

/** Staff who may read every donation in full (docs/product.md#roles-and-permissions). */
const isAdmin = (viewer: Viewer | null) => can(viewer?.roles, 'donations.read');

/** Full donor details (the email included) for ADMIN and the donation's owner only. */
export function seesDonor(row: Pick<DonationRow, 'userId'>, options: ViewOptions): boolean {
  return ownsOrStaff(row, options.viewer);
}

/**
 * The donor as the owner and staff see them (docs/product.md#donor-privacy): in full to the owner and to
 * staff who may read donors' details (donors.read); other staff (a VOLUNTEER) get the email masked, and
 * "Anónimo" with no email for a gift given anonymously.
 */
function staffOrOwnerDonor(row: Pick<DonationRow, 'donorName' | 'donorEmail' | 'donorAnonymous' | 'userId'>, viewer: Viewer | null): { name: string; email: string } {
  const owner = viewer != null && row.userId != null && row.userId === viewer.id;
  return staffDonor(row, owner || readsContacts(viewer?.roles));
}

export function canProcess(row: Pick<DonationRow, 'status' | 'paymentProvider' | 'paymentMethod'>, viewer: Viewer | null): boolean {
  return row.status === 'pending' && isAdmin(viewer) && !settledByProvider(row) && row.paymentMethod !== 'bank_deposit';
}

export function canCancel(row: Pick<DonationRow, 'status' | 'userId'>, viewer: Viewer | null): boolean {
  if (row.status !== 'pending' || !viewer) return false;
  return isAdmin(viewer) || (row.userId != null && row.userId === viewer.id);
}

/** Staff and the signed-in owner: they see pending donations, the reference and the receipt number. */
export function ownsOrStaff(row: Pick<DonationRow, 'userId'>, viewer: Viewer | null): boolean {
  return isAdmin(viewer) || (viewer != null && row.userId != null && row.userId === viewer.id);
}

/**
 * Only completed donations are public; a pending (or failed, cancelled...) one is shown to staff and
 * its signed-in owner only, so an anonymous checkout cannot move what visitors see
 * (docs/product.md#donor-privacy).
 */
export function visibleTo(row: Pick<DonationRow, 'userId' | 'status'>, viewer: Viewer | null): boolean {
  return row.status === 'completed' || ownsOrStaff(row, viewer);
}

/** The API shape of one donation for one viewer; shared by every endpoint that shows donations. */
export function toDonationView(row: DonationRow, options: ViewOptions): Donation {
  const full = seesDonor(row, options);
  // The reference and receipt number are the proof for claiming a tax receipt: owner and staff only.
  const proof = ownsOrStaff(row, options.viewer);
  const shown = full ? staffOrOwnerDonor(row, options.viewer) : publicDonor(row, options.donorIsPublic);
  return {
    id: row.id,
    donor_name: shown.name,
    donor_email: shown.email,
    donor_anonymous: row.donorAnonymous,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    donation_type: row.donationType,
    status: row.status,
    description: row.description,
    reference_code: proof ? row.referenceCode : null,
    receipt_number: proof ? row.receiptNumber : null,
    receipt_series: proof && row.receiptNumber != null ? (options.receiptSeries ?? null) : null,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    dated_by_day: isDatedByDay(row),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    donor_masked: shown.name !== row.donorName || shown.email !== row.donorEmail,
    can_process: canProcess(row, options.viewer),
    can_cancel: canCancel(row, options.viewer),
  };
}

/**
 * Newest first, spelled exactly as the indexes are built (`DESC NULLS LAST`): a plain `DESC` means
 * NULLS FIRST to PostgreSQL, does not match them, and turns each page into a sort of the whole ledger.
 */
export const NEWEST_FIRST = [sql`${donations.createdAt} DESC NULLS LAST`, sql`${donations.id} DESC NULLS LAST`] as const;

/**
 * The rows strictly after a list's cursor (decision 0058): `(created_at, id) < (cursor)`, a row
 * comparison in NEWEST_FIRST's order (both columns NOT NULL, so NULLS LAST never applies), which
 * PostgreSQL reads as a range of the `(created_at DESC, id DESC)` indexes: no skipped row is read.
 */
export const afterListCursor = (cursor: string | undefined) => afterCursor(donations.createdAt, donations.id, cursor);

/** Rows with their donor's opt-in, so that toDonationView can decide the masking, and each row's cursor. */
function selectWithOptIn(db: Db) {
  return db
    .select({
      donation: donations,
      donorIsPublic: userPreferences.showDonationsPublicly,
      receiptSeries: receiptSeriesColumn,
      cursorAt: cursorInstant(donations.createdAt),
      id: donations.id,
    })
    .from(donations)
    .leftJoin(userPreferences, eq(userPreferences.userId, donations.userId));
}

/** POST /donations: a pending donation recorded by a signed-in user, who becomes its owner. */
export async function createDonation(db: Database, input: { data: CreateDonation; viewer: Viewer }): Promise<Donation> {
  const system = await getSettings(db, 'system');
  if (system.maintenance_mode) throw serviceUnavailable(errorMessages.maintenance);
  const row = await insertDonation(db, {
    donorName: input.data.donor_name,
    donorEmail: input.data.donor_email,
    amountCents: toCents(input.data.amount),
    currency: input.data.currency,
    donationType: input.data.donation_type,
    description: input.data.description,
    source: 'service',
    userId: input.viewer.id,
  });
  return toDonationView(row, { viewer: input.viewer });
}

/**
 * GET /donations/:id, and with `own` GET /users/me/donations/:id (the donor area's gift page): then only
 * the viewer's own gift, whatever its status; another's, even completed or seen by staff, is not found.
 */
export async function getDonation(db: Db, input: { id: number; viewer: Viewer | null; own?: boolean }): Promise<Donation> {
  const [found] = await selectWithOptIn(db).where(eq(donations.id, input.id)).limit(1);
  const shown = found && (input.own ? input.viewer != null && found.donation.userId === input.viewer.id : visibleTo(found.donation, input.viewer));
  if (!shown) throw notFound(donationsMessages.notFoundApi);
  const view = toDonationView(found.donation, { viewer: input.viewer, donorIsPublic: found.donorIsPublic, receiptSeries: found.receiptSeries });
  return { ...view, designation: await designationOf(db, found.donation.programId) };
}

/** Sums the running totals matching a status and/or type (a few rows, whatever the ledger's size). */
export async function countFromTotals(db: Db, filter: { status?: DonationStatus; type?: DonationType }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${donationTotals.count}), 0)::bigint` })
    .from(donationTotals)
    .where(
      and(
        filter.status ? eq(donationTotals.status, filter.status) : undefined,
        filter.type ? eq(donationTotals.donationType, filter.type) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * One row more than the page tells whether another follows (`next_cursor`); `after` (in `where`)
 * starts the page after the previous one's last row, `offset` (never both: the schema) skips rows.
 * An OFFSET page first picks its ids alone, then reads those rows in full: otherwise every skipped
 * row is built whole, with its donor's opt-in and its receipt's series, before it is dropped (a
 * search's page 50 at 100,000 donations: 26-33 ms that way, 10-12 ms this way; docs/performance.md).
 */
async function readPage(db: Db, page: { where: SQL | undefined; joinsOptIn: boolean; limit: number; offset: number }) {
  if (page.offset === 0) return selectWithOptIn(db).where(page.where).orderBy(...NEWEST_FIRST).limit(page.limit + 1);
  const ids = db.select({ id: donations.id }).from(donations);
  const picked = (page.joinsOptIn ? ids.leftJoin(userPreferences, eq(userPreferences.userId, donations.userId)) : ids)
    .where(page.where)
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit + 1)
    .offset(page.offset);
  return selectWithOptIn(db).where(inArray(donations.id, picked)).orderBy(...NEWEST_FIRST);
}

/**
 * GET /donations: newest first. Filtering by email is an ADMIN tool; for anyone else it only finds
 * their own donations, so the filter cannot be used to learn whether a given address has donated.
 */
export async function listDonations(db: Db, input: { filter: ListDonationsFilter; viewer: Viewer | null }): Promise<DonationList> {
  const { filter, viewer } = input;
  const conditions: SQL[] = [];
  const staff = isAdmin(viewer);
  // A visitor sees completed donations only: asking for another state finds none, said without a
  // query (PostgreSQL would plan `completed AND pending` over the whole ledger before noticing).
  if (!viewer && filter.status && filter.status !== 'completed') {
    return { donations: [], total: 0, total_capped: false, limit: filter.limit, offset: filter.offset, next_cursor: null };
  }
  // Visitors see completed donations; a signed-in member also their own (visibleTo).
  if (!staff) conditions.push(viewer ? (or(eq(donations.status, 'completed'), eq(donations.userId, viewer.id)) as SQL) : eq(donations.status, 'completed'));
  if (filter.status) conditions.push(eq(donations.status, filter.status));
  if (filter.donation_type) conditions.push(eq(donations.donationType, filter.donation_type));
  const email = filter.donor_email?.trim().toLowerCase();
  let needsOptIn = false;
  if (email) {
    conditions.push(eq(donations.donorEmail, email));
    // The public is never shown a full email, so the filter finds only the caller's own donations.
    if (!isAdmin(viewer)) conditions.push(viewer ? eq(donations.userId, viewer.id) : sql`false`);
  }
  const q = filter.q;
  if (q) {
    conditions.push(await searchCondition(db, q, viewer));
    if (!isAdmin(viewer)) needsOptIn = true;
  }
  const where = conditions.length ? and(...conditions) : undefined;

  const read = await readPage(db, { where: and(where, afterListCursor(filter.after)), joinsOptIn: needsOptIn, limit: filter.limit, offset: filter.offset });
  const { page: rows, nextCursor } = pageOf(read, filter.limit);

  let total: number;
  let capped = false;
  if (q) {
    const matching = (limit: number) => {
      const base = db.select({ one: sql`1` }).from(donations);
      return (needsOptIn ? base.leftJoin(userPreferences, eq(userPreferences.userId, donations.userId)) : base).where(where).limit(limit).as('matching');
    };
    ({ total, capped } = await cappedCount(db, matching, filter));
  } else if (!email && (staff || !filter.status || filter.status === 'completed')) {
    // Status and type filters are counted from donation_totals: no count(*) over the ledger; for a
    // member, plus their own donations in other states (by the user index).
    total = await countFromTotals(db, { status: staff ? filter.status : 'completed', type: filter.donation_type });
    if (!staff && viewer && !filter.status) {
      const [own] = await db
        .select({ n: sql<number>`count(*)::bigint` })
        .from(donations)
        .where(and(eq(donations.userId, viewer.id), sql`${donations.status} <> 'completed'`, filter.donation_type ? eq(donations.donationType, filter.donation_type) : undefined));
      total += Number(own?.n ?? 0);
    }
  } else {
    const [row] = await db.select({ n: sql<number>`count(*)::bigint` }).from(donations).where(where);
    total = Number(row?.n ?? 0);
  }

  return {
    donations: rows.map((r) => toDonationView(r.donation, { viewer, donorIsPublic: r.donorIsPublic, receiptSeries: r.receiptSeries })),
    total,
    total_capped: capped,
    limit: filter.limit,
    offset: filter.offset,
    next_cursor: nextCursor,
  };
}

/** The stats read, prepared once per database: Drizzle does not rebuild it, nor PostgreSQL parse it, per batch. */
const statsQuery = (db: Db) =>
  db
    .select({
      status: donationTotals.status,
      count: sql<number>`sum(${donationTotals.count})::bigint`,
      cents: sql<number>`sum(${donationTotals.amountCents})::bigint`,
    })
    .from(donationTotals)
    .groupBy(donationTotals.status)
    .prepare('donation_stats');
const preparedStats = new WeakMap<Db, ReturnType<typeof statsQuery>>();

/**
 * GET /donations/stats, read from donation_totals (kept by a trigger), never from the ledger. The
 * pending figures are for staff only (`withPending`, null otherwise): anyone may start a checkout, so
 * pending money is not a public figure (docs/product.md#figures).
 */
export async function donationStats(db: Db, options: { withPending: boolean }): Promise<DonationStats> {
  let query = preparedStats.get(db);
  if (!query) {
    query = statsQuery(db);
    preparedStats.set(db, query);
  }
  const rows = await query.execute();
  const by = (status: DonationStatus) => {
    const row = rows.find((r) => r.status === status);
    return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  };
  const completed = by('completed');
  // Not shown is null, never 0: a zero would read as "nothing pending" (docs/product.md#figures).
  const pending = options.withPending ? by('pending') : null;
  const failed = by('failed');
  const cancelled = by('cancelled');
  const expired = by('expired');
  const resolved = completed.count + failed.count + cancelled.count + expired.count;
  return {
    total_amount_completed: fromCents(completed.cents),
    total_amount_pending: pending ? fromCents(pending.cents) : null,
    count_completed: completed.count,
    count_pending: pending ? pending.count : null,
    count_failed: failed.count,
    count_cancelled: cancelled.count,
    count_expired: expired.count,
    success_rate: resolved === 0 ? 0 : roundTo((completed.count / resolved) * 100, 1),
  };
}

/**
 * POST /donations/{id}/process (ADMIN) and /cancel (ADMIN or the signed-in owner). The permission
 * is checked before the state, so a stranger gets 403 whatever the donation's status; the state is
 * then checked under the row lock by transitionDonation (409 when no longer pending).
 */
export async function changeDonationStatus(
  db: Database,
  input: { id: number; action: 'process' | 'cancel'; viewer: Viewer; ip?: string | null },
  monthly: LinkContext,
): Promise<Donation> {
  const { viewer } = input;
  if (!isAdmin(viewer)) {
    if (input.action === 'process') throw forbidden();
    const [owner] = await db.select({ userId: donations.userId }).from(donations).where(eq(donations.id, input.id)).limit(1);
    if (!owner) throw notFound(donationsMessages.notFoundApi);
    if (owner.userId == null || owner.userId !== viewer.id) throw forbidden();
  }
  const transition = (on: Db) =>
    transitionDonation(on, {
      id: input.id,
      action: input.action,
      actor: { id: viewer.id, email: viewer.email },
      ip: input.ip,
      // Procesar charges the donation's provider (the demo's simulated card); a monthly gift's charge
      // starts or renews the gift now (the ledger's completion step), the job only charges what is due.
      charge: chargeOnProcess,
      links: monthly,
    });
  // The gift is locked before the donation, in the monthly job's order, so the two never wait on each other.
  const updated =
    input.action === 'process'
      ? await db.transaction(async (tx) => {
          await lockGiftOfDonation(tx, input.id);
          return transition(tx);
        })
      : await transition(db);
  return getDonation(db, { id: updated.id, viewer });
}
