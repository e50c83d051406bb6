// A sponsor whose child left chooses another waiting child (docs/product.md#sponsorship, decision
// 0051): in one step the SAME monthly gift moves to a new active sponsorship of that child — no new
// checkout, no new card. The place is taken as a hold is (the child's row locked, the lowest free place,
// the unique index as last word) and made active at once; the choice is audited.
import { eq, sql } from 'drizzle-orm';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import type { Database } from '../../db/client';
import { sponsoredChildren, sponsorships } from '../../db/schema';
import { conflict } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/reference-codes';
import type { LinkContext } from '../ledger/links';
import { sponsorshipOfGiftStarted } from '../ledger/sponsorship-start';
import { type OfferOwner, lockOffer } from './child-left-offers';
import { mostNeededChildId, sponsorshipSettings, takePlace } from './places';

export async function sponsorAnotherChild(
  db: Database,
  input: { ctx: LinkContext; userId: OfferOwner; sponsorshipId: number; childId: number | null; actor: Actor | null; ip?: string | null },
): Promise<OfferChoiceResponse> {
  try {
    return await db.transaction(async (tx) => {
      const old = await lockOffer(tx, input.userId, input.sponsorshipId);
      const settings = await sponsorshipSettings(tx);
      const childId = input.childId ?? (await mostNeededChildId(tx));
      // The new sponsorship is the old one's sponsor's (an account, or only an address for a signed link's).
      const userId = old.userId ?? input.userId;
      const place = await takePlace(tx, childId, { userId, minutes: settings.hold_minutes, settings });
      // The place carries the sponsor, the gift and the code of conduct already accepted; the ledger's
      // start step (the same one a first payment runs) makes it active and the child apadrinado.
      await tx
        .update(sponsorships)
        .set({
          recurringGiftId: old.recurringGiftId,
          // The gift does not change, so neither does its amount.
          amountCents: old.amountCents,
          sponsorName: old.sponsorName,
          sponsorEmail: old.sponsorEmail,
          codeOfConductAcceptedAt: old.codeOfConductAcceptedAt ?? sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(sponsorships.id, place.id));
      await sponsorshipOfGiftStarted(tx, input.ctx, { giftId: old.recurringGiftId, userId, paidAt: new Date(), via: 'same-gift' });
      await tx.update(sponsorships).set({ offerChoice: 'another_child', offerChosenAt: sql`now()`, updatedAt: sql`now()` }).where(eq(sponsorships.id, old.id));
      await audit(tx, {
        actor: input.actor,
        action: 'sponsorship.offer_another_child',
        entityType: 'sponsorship',
        entityId: old.id,
        details: { new_sponsorship_id: place.id, child_id: childId, recurring_gift_id: old.recurringGiftId },
        ip: input.ip,
      });
      const [child] = await tx.select({ firstName: sponsoredChildren.firstName }).from(sponsoredChildren).where(eq(sponsoredChildren.id, childId));
      return { choice: 'another_child' as const, sponsorshipId: place.id, childFirstName: child.firstName };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'sponsorships_child_place_taken_key')) throw conflict(m.placeTaken);
    throw err;
  }
}
