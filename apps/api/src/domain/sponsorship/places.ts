// Choosing a child (docs/product.md#sponsorship): the waiting list, the child's public profile, the
// hold of one of the child's places for the person who chose it, and its release when it runs out
// unpaid. Two people can never take the same place: the child's row is locked while a place is
// chosen, and the partial unique index sponsorships_child_place_taken_key refuses a second holder.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, gte, isNull, lte, lt, sql, type SQL } from 'drizzle-orm';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import { type PublicChildrenQuery, type SponsorshipSettings, sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipAmountFor } from '@donaciones/shared/schemas/sponsorship-amounts';
import type { Db, Database } from '../../db/client';
import { programs, sponsoredChildren, sponsorships } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/reference-codes';
import { getSettings } from '../../platform/settings';
import { releasedTransferHolds } from './start-transfer';
import { childView, readChildren, takenPlaces } from './views';

/**
 * A child the public may see: waiting, with a place not taken by a sponsor, an unexpired hold or a
 * grace period (decision 0051). The list, the profile and the photo (photos.ts) all read this one.
 */
export const openToSponsor = sql`${sponsoredChildren.status} = 'waiting' and ${takenPlaces} < ${sponsoredChildren.sponsorPlaces}`;
const longestWaiting = [asc(sponsoredChildren.waitingSince), asc(sponsoredChildren.id)];

/**
 * Birth dates of a child aged between `minAge` and `maxAge` whole years on Guatemala's day today. The
 * upper bound is cast back to a date before adding a day (a timestamp plus an integer is no operator).
 */
function ageFilters(q: PublicChildrenQuery): SQL[] {
  const out: SQL[] = [];
  const today = sponsorshipToday();
  if (q.minAge != null) out.push(lte(sponsoredChildren.birthDate, sql`(${today}::date - make_interval(years => ${q.minAge}))::date`));
  if (q.maxAge != null) out.push(gte(sponsoredChildren.birthDate, sql`(${today}::date - make_interval(years => ${q.maxAge + 1}))::date + 1`));
  return out;
}

export async function sponsorshipSettings(db: Db): Promise<SponsorshipSettings> {
  return getSettings(db, 'sponsorship');
}

export async function waitingChildren(db: Db, q: PublicChildrenQuery) {
  const where = and(
    openToSponsor,
    q.department ? eq(sponsoredChildren.department, q.department) : undefined,
    q.programId ? eq(sponsoredChildren.programId, q.programId) : undefined,
    ...ageFilters(q),
  );
  const rows = await readChildren(db, where, longestWaiting);
  const settings = await sponsorshipSettings(db);
  const programList = await db
    .select({ id: programs.id, name: programs.name })
    .from(programs)
    .where(sql`${programs.isActive} and exists (select 1 from ${sponsoredChildren} c where c.program_id = ${programs.id} and c.status = 'waiting')`)
    .orderBy(programs.sortOrder, programs.id);
  // "Donde más se necesite" costs what the child waiting longest costs (their programme's amount, decision 0055).
  const [mostNeeded] = await db.select({ programId: sponsoredChildren.programId }).from(sponsoredChildren).where(openToSponsor).orderBy(...longestWaiting).limit(1);
  return { children: rows.map((r) => childView(r)), monthlyAmount: sponsorshipAmountFor(settings, mostNeeded?.programId ?? null), programs: programList };
}

/** A waiting child's public profile; any other child is not found (a sponsored child is not public). */
export async function waitingChild(db: Db, id: number) {
  const [read] = await readChildren(db, and(eq(sponsoredChildren.id, id), openToSponsor));
  if (!read) throw notFound(m.childNotFound);
  return childView(read);
}

/** Holds that ran out unpaid give their place back (also read as free by every query meanwhile). */
export async function releaseExpiredHolds(db: Db, childId?: number): Promise<number> {
  const released = await db
    .update(sponsorships)
    .set({ status: 'released', endedAt: sql`now()`, endReason: 'hold_expired', updatedAt: sql`now()` })
    .where(and(eq(sponsorships.status, 'held'), lt(sponsorships.heldUntil, sql`now()`), childId != null ? eq(sponsorships.childId, childId) : undefined))
    .returning({ id: sponsorships.id, recurringGiftId: sponsorships.recurringGiftId, childId: sponsorships.childId });
  // A hold started by transfer whose first transfer did not arrive: its gift is cancelled, the sponsor told.
  await releasedTransferHolds(db, released);
  return released.length;
}

/** The child waiting longest with a free place ("Donde más se necesite"). */
export async function mostNeededChildId(tx: Db): Promise<number> {
  const [first] = await tx.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(openToSponsor).orderBy(...longestWaiting).limit(1);
  if (!first) throw conflict(m.nobodyWaiting);
  return first.id;
}

export async function takePlace(
  tx: Db,
  childId: number,
  input: { userId: number | null; minutes: number; settings: SponsorshipSettings; heldFrom?: string | null },
) {
  // Locks the child: a second chooser waits here, then sees the place taken.
  const [child] = await tx.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, childId)).for('update');
  // Unknown, not waiting or every place taken: one answer, so an id's existence is not revealed.
  if (!child || child.status !== 'waiting') throw conflict(m.notAvailable);
  await releaseExpiredHolds(tx, childId);
  const taken = await tx
    .select({ place: sponsorships.place })
    .from(sponsorships)
    // A place whose sponsor stopped stays taken during its grace period (decision 0051).
    .where(and(eq(sponsorships.childId, childId), sql`(${sponsorships.status} in ('held', 'active') or ${sponsorships.placeFreeAt} > now())`));
  const used = new Set(taken.map((t) => t.place));
  const place = Array.from({ length: child.sponsorPlaces }, (_, i) => i + 1).find((p) => !used.has(p));
  if (place == null) throw conflict(m.notAvailable);
  const [row] = await tx
    .insert(sponsorships)
    .values({
      childId,
      place,
      status: 'held',
      holdToken: randomBytes(24).toString('base64url'),
      heldUntil: sql`now() + make_interval(mins => ${input.minutes})`,
      userId: input.userId,
      heldFrom: input.heldFrom ?? null,
      // The child's programme's amount, else the general one; kept by the sponsorship for good (decision 0055).
      amountCents: sponsorshipAmountFor(input.settings, child.programId) * 100,
    })
    .returning();
  return row;
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/**
 * One internet address holds at most `limit` places unpaid at once (decision 0064): the rate limit
 * alone let a visitor take 20 places a minute and empty the waiting list. A place held from the
 * address and still held (its payment not completed, its time not run out) counts. The server's own
 * machine (loopback) is not counted (the caller checks `isLoopback`): when a proxy in front is not
 * declared (TRUST_PROXY), every visitor arrives from it, and the cap would be one for the whole public.
 */
async function assertConnectionMayHold(tx: Db, ip: string, limit: number): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(sponsorships)
    .where(and(eq(sponsorships.status, 'held'), gt(sponsorships.heldUntil, sql`now()`), eq(sponsorships.heldFrom, ip)));
  if (row.n >= limit) throw conflict(m.tooManyHolds(row.n));
}

/** Holds a place of the child (or of the child waiting longest) for the person who chose it. */
export async function holdPlace(db: Database, input: { childId: number | null; userId: number | null; replaces?: string; ip?: string | null }) {
  try {
    const hold = await db.transaction(async (tx) => {
      // The place this visitor held before goes back to the list, unless its payment already started.
      if (input.replaces) {
        await tx
          .update(sponsorships)
          .set({ status: 'released', endedAt: sql`now()`, endReason: 'hold_replaced', updatedAt: sql`now()` })
          .where(and(eq(sponsorships.holdToken, input.replaces), eq(sponsorships.status, 'held'), isNull(sponsorships.recurringGiftId)));
      }
      const settings = await sponsorshipSettings(tx);
      if (input.ip && !isLoopback(input.ip)) await assertConnectionMayHold(tx, input.ip, settings.holds_per_connection);
      const childId = input.childId ?? (await mostNeededChildId(tx));
      const row = await takePlace(tx, childId, { userId: input.userId, minutes: settings.hold_minutes, settings, heldFrom: input.ip });
      await audit(tx, { actor: null, action: 'sponsorship.held', entityType: 'sponsored_child', entityId: childId, details: { sponsorship_id: row.id, place: row.place }, ip: input.ip });
      return { row, settings };
    });
    const [read] = await readChildren(db, eq(sponsoredChildren.id, hold.row.childId));
    const child = childView(read);
    // The held child is no longer public: the reserva page shows the photo to its holder by the token.
    if (child.photoUrl) child.photoUrl = `${child.photoUrl}?hold=${encodeURIComponent(hold.row.holdToken)}`;
    return { holdToken: hold.row.holdToken, heldUntil: hold.row.heldUntil.toISOString(), monthlyAmount: hold.row.amountCents / 100, child };
  } catch (err) {
    // The index's refusal when two choosers raced past the lock (never expected, always answered).
    if (isUniqueViolation(err, 'sponsorships_child_place_taken_key')) throw conflict(m.notAvailable);
    throw err;
  }
}

/** The hold of a token, only while it still holds its place. */
export async function currentHold(db: Db, token: string) {
  const [row] = await db.select().from(sponsorships).where(eq(sponsorships.holdToken, token));
  if (!row) throw notFound(m.holdNotFound);
  if (row.status !== 'held' || row.heldUntil.getTime() <= Date.now()) throw conflict(m.holdExpired);
  return row;
}
