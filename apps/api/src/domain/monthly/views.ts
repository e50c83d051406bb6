// What donors see of their monthly gifts and do with them (docs/product.md#monthly-giving): the member
// area's list and cancel, and the no-login page the emails' signed link opens.
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ManagedMonthlyGift, MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { paymentCurrency } from '@donaciones/shared/schemas/payments';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { donations, programs, recurringGifts, users } from '../../db/schema';
import { notFound, unauthorized } from '../../errors';
import { monthlyApiMessages as mm } from '../../messages/monthly';
import type { Actor } from '../../platform/audit';
import { cancelMonthlyGift } from './cancel';
import { earlyResumeChargeAt, lastChargeOf } from './schedule';
import { confirmTrialCheckout } from './trial-replacement';
import { type GiftRow, type MonthlyContext, giftById } from './monthly-gifts';

/** The names of the programmes the gifts are designated to (decision 0044), by id. */
async function programNames(db: Db, gifts: GiftRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(gifts.flatMap((g) => (g.programId == null ? [] : [g.programId])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: programs.id, name: programs.name }).from(programs).where(inArray(programs.id, ids));
  return new Map(rows.map((p) => [p.id, p.name]));
}

/** The first name of the child each gift sponsors now (held or active), so the donor knows which gift is whose. */
async function sponsoredChildren(db: Db, gifts: GiftRow[]): Promise<Map<number, string>> {
  const rows = await db.execute(sql`
    SELECT s.recurring_gift_id AS gift_id, c.first_name FROM sponsorships s JOIN sponsored_children c ON c.id = s.child_id
    WHERE s.recurring_gift_id IN (${sql.join(gifts.map((g) => sql`${g.id}`), sql`, `)}) AND s.status IN ('held', 'active')`);
  return new Map(rowsOf<{ gift_id: number; first_name: string }>(rows).map((r) => [Number(r.gift_id), r.first_name]));
}

async function viewOf(db: Db, gifts: GiftRow[]): Promise<MonthlyGift[]> {
  if (gifts.length === 0) return [];
  const children = await sponsoredChildren(db, gifts);
  const [sums, names] = await Promise.all([
    db
      .select({
        giftId: donations.recurringGiftId,
        count: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)::bigint`,
      })
      .from(donations)
      .where(and(inArray(donations.recurringGiftId, gifts.map((g) => g.id)), eq(donations.status, 'completed')))
      .groupBy(donations.recurringGiftId),
    programNames(db, gifts),
  ]);
  // "Reanudar ahora" of a paused gift: its next charge comes no sooner than a month after the last one.
  const lastCharges = new Map(await Promise.all(gifts.filter((g) => g.status === 'paused').map(async (g) => [g.id, await lastChargeOf(db, g)] as const)));
  return gifts.map((g) => {
    const sum = sums.find((s) => s.giftId === g.id);
    return {
      id: g.id,
      amountCents: g.amountCents,
      currency: paymentCurrency(g.currency),
      status: g.status,
      startedAt: g.startedAt?.toISOString() ?? null,
      nextChargeAt: g.status === 'cancelled' ? null : (g.nextChargeAt?.toISOString() ?? null),
      chargesCount: Number(sum?.count ?? 0),
      totalGivenCents: Number(sum?.cents ?? 0),
      cancelledAt: g.cancelledAt?.toISOString() ?? null,
      cancelReason: g.cancelReason,
      pendingAmountCents: g.status === 'cancelled' ? null : g.pendingAmountCents,
      pendingFrom: g.status === 'cancelled' ? null : (g.pendingFrom?.toISOString() ?? null),
      pausedUntil: g.status === 'paused' ? (g.pausedUntil?.toISOString() ?? null) : null,
      resumeChargeAt: earlyResumeChargeAt(g, lastCharges.get(g.id) ?? null)?.toISOString() ?? null,
      programName: g.programId == null ? null : (names.get(g.programId) ?? null),
      sponsoredChildFirstName: children.get(g.id) ?? null,
    };
  });
}

/** The gifts of an account: made while signed in, or with its email once verified (as donations link). */
function ownedBy(user: { id: number; email: string | null }) {
  const mine = eq(recurringGifts.userId, user.id);
  return user.email ? or(mine, sql`lower(${recurringGifts.donorEmail}) = ${user.email.toLowerCase()}`) : mine;
}

async function verifiedEmail(db: Db, userId: number): Promise<{ id: number; email: string | null } | null> {
  const [user] = await db.select({ id: users.id, email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  return { id: user.id, email: user.verified ? user.email : null };
}

export async function listMemberGifts(db: Db, userId: number): Promise<MonthlyGift[]> {
  const user = await verifiedEmail(db, userId);
  if (!user) return [];
  const gifts = await db
    .select()
    .from(recurringGifts)
    // Started gifts, and a new one while its first payment is still open; an abandoned checkout is
    // not a monthly gift the donor has.
    .where(
      and(
        ownedBy(user),
        or(
          isNotNull(recurringGifts.startedAt),
          sql`EXISTS (SELECT 1 FROM donations d WHERE d.recurring_gift_id = ${recurringGifts.id} AND d.status = 'pending')`,
        ),
      ),
    )
    .orderBy(desc(recurringGifts.createdAt), desc(recurringGifts.id));
  return viewOf(db, gifts);
}

/** A gift of the signed-in account, or 404 (the same answer for someone else's gift as for none). */
export async function memberGift(db: Db, userId: number, giftId: number): Promise<GiftRow> {
  const user = await verifiedEmail(db, userId);
  if (!user) throw notFound(mm.notFound);
  const [gift] = await db.select().from(recurringGifts).where(and(eq(recurringGifts.id, giftId), ownedBy(user))).limit(1);
  if (!gift) throw notFound(mm.notFound);
  return gift;
}

export async function cancelMemberGift(db: Database, ctx: MonthlyContext, input: { userId: number; actor: Actor; giftId: number; reason?: string; ip?: string | null }): Promise<MonthlyGift> {
  const gift = await memberGift(db, input.userId, input.giftId);
  const cancelled = await cancelMonthlyGift(db, { giftId: gift.id, by: 'donor', actor: input.actor, reason: input.reason, ip: input.ip, context: ctx });
  const [view] = await viewOf(db, [cancelled]);
  return view;
}

/** The gift a signed link opens; 401 for a tampered, expired or other-purpose token. */
export async function giftOfToken(db: Db, ctx: MonthlyContext, token: string): Promise<GiftRow> {
  const id = await ctx.links.verify(token, 'monthly-gift');
  if (id == null) throw unauthorized(mm.linkInvalid);
  const gift = await giftById(db, id);
  if (!gift) throw unauthorized(mm.linkInvalid);
  return gift;
}

export async function managedGift(db: Database, ctx: MonthlyContext, token: string): Promise<ManagedMonthlyGift> {
  let gift = await giftOfToken(db, ctx, token);
  // The return of a trial checkout (decision 0038) confirms it when no webhook did (test mode).
  if (await confirmTrialCheckout(db, ctx, gift)) gift = (await giftById(db, gift.id)) ?? gift;
  const [view] = await viewOf(db, [gift]);
  return { ...view, donorName: gift.donorName };
}

export async function cancelManagedGift(db: Database, ctx: MonthlyContext, input: { token: string; reason?: string; ip?: string | null }): Promise<ManagedMonthlyGift> {
  const gift = await giftOfToken(db, ctx, input.token);
  await cancelMonthlyGift(db, { giftId: gift.id, by: 'donor', actor: null, reason: input.reason, ip: input.ip, context: ctx });
  return managedGift(db, ctx, input.token);
}
