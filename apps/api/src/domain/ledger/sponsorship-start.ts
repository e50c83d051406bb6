// A sponsorship's start, part of the ledger's completion step (docs/product.md#sponsorship): when the
// first payment of a monthly gift completes, the sponsorship holding a place for it becomes active and
// the child "apadrinado" once every place is taken. A hold already released is left as it is (the
// place may be someone else's now); the gift then goes where most needed.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships } from '../../db/schema';
import { audit } from '../../platform/audit';

export async function sponsorshipOfGiftStarted(tx: Db, giftId: number, userId: number | null, paidAt: Date): Promise<void> {
  const started = await tx
    .update(sponsorships)
    .set({ status: 'active', startedAt: paidAt, userId: sql`coalesce(${sponsorships.userId}, ${userId}::int)`, updatedAt: sql`now()` })
    .where(and(eq(sponsorships.recurringGiftId, giftId), eq(sponsorships.status, 'held')))
    .returning({ id: sponsorships.id, childId: sponsorships.childId });
  for (const s of started) {
    await tx
      .update(sponsoredChildren)
      .set({ status: 'sponsored', statusReason: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(sponsoredChildren.id, s.childId),
          eq(sponsoredChildren.status, 'waiting'),
          sql`(select count(*) from ${sponsorships} x where x.child_id = ${s.childId} and x.status = 'active') >= ${sponsoredChildren.sponsorPlaces}`,
        ),
      );
    await audit(tx, { actor: null, action: 'sponsorship.active', entityType: 'sponsorship', entityId: s.id, details: { recurring_gift_id: giftId, child_id: s.childId } });
  }
}
