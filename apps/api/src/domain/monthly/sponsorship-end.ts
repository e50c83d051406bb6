// When a monthly gift ends, the sponsorship it pays for ends too (docs/product.md#sponsorship, decision
// 0051): "sponsor_stopped", its place kept until the grace period (`sponsor_stopped_grace_days`) has
// passed, read at query time, so the child is not shown as waiting meanwhile and returns with
// `waiting_since` at the end of the grace. A hold still waiting for its first payment is released. A gift
// replaced by another (new amount, new card, a pause) hands its sponsorships on instead. Part of the
// cancel's transaction; writes only sponsorship tables, so monthly giving imports no capability above it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships } from '../../db/schema';
import { audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';

/** Returns the first names of the children whose active sponsorship ended, for the cancellation's email. */
export async function sponsorshipsOfGiftEnded(tx: Db, giftId: number, replacedBy?: number): Promise<string[]> {
  if (replacedBy != null) {
    await tx.update(sponsorships).set({ recurringGiftId: replacedBy, updatedAt: sql`now()` }).where(eq(sponsorships.recurringGiftId, giftId));
    return [];
  }
  const { sponsor_stopped_grace_days: days } = await getSettings(tx, 'sponsorship');
  const ended = await tx
    .update(sponsorships)
    .set({ status: 'ended', endedAt: sql`now()`, endReason: 'sponsor_stopped', placeFreeAt: sql`now() + make_interval(days => ${days})`, updatedAt: sql`now()` })
    .where(and(eq(sponsorships.recurringGiftId, giftId), eq(sponsorships.status, 'active')))
    .returning({ id: sponsorships.id, childId: sponsorships.childId, placeFreeAt: sponsorships.placeFreeAt });
  await tx
    .update(sponsorships)
    .set({ status: 'released', endedAt: sql`now()`, endReason: 'gift_cancelled', updatedAt: sql`now()` })
    .where(and(eq(sponsorships.recurringGiftId, giftId), eq(sponsorships.status, 'held')));
  for (const s of ended) {
    // An apadrinado child is waiting again, but its wait starts when the grace ends: the list stays fair,
    // and the kept place hides it until then. A paused or departed child keeps its status.
    await tx
      .update(sponsoredChildren)
      .set({ status: 'waiting', waitingSince: s.placeFreeAt ?? sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(sponsoredChildren.id, s.childId), eq(sponsoredChildren.status, 'sponsored')));
    await audit(tx, {
      actor: null,
      action: 'sponsorship.ended',
      entityType: 'sponsorship',
      entityId: s.id,
      details: { reason: 'sponsor_stopped', recurring_gift_id: giftId, child_id: s.childId, place_free_at: s.placeFreeAt?.toISOString() ?? null },
    });
  }
  if (ended.length === 0) return [];
  const names = await tx.select({ firstName: sponsoredChildren.firstName }).from(sponsoredChildren).where(inArray(sponsoredChildren.id, ended.map((s) => s.childId)));
  return names.map((n) => n.firstName);
}
