// When a sponsored child leaves the programme (docs/product.md#sponsorship, decision 0051): each active
// sponsorship ends ("child_left") and its sponsor may choose, until `offer_until`, another waiting child
// (the same monthly gift, another-child.ts), to keep giving where most needed, or to cancel. Meanwhile
// the gift goes on as it was (it carries no designation: "Donde más se necesite"). With no choice by
// then, the job cancels the gift through monthly giving's cancel, with a kind email.
import { and, eq, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { formatLongDate } from '@donaciones/shared/format';
import { sponsorshipLifecycleMessages as lm } from '@donaciones/shared/messages/sponsorship-lifecycle';
import type { ChildLeftOffer, ChildLeftOffers, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import type { Database, Db } from '../../db/client';
import { recurringGifts, sponsoredChildren, sponsorships } from '../../db/schema';
import { ConflictError, conflict, notFound, unauthorized } from '../../errors';
import { sponsorshipEmailMessages as em } from '../../messages/sponsorship-email';
import { type Actor, audit } from '../../platform/audit';
import { PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import type { SignedLinks } from '../../platform/signed-links';
import { cancelMonthlyGift } from '../monthly/cancel';
import type { MonthlyContext } from '../monthly/monthly-gifts';
import { greetingNameSql } from '../ledger/greeting';
import { firstNameOf } from './sponsor-recipient';
import { releasedTransferHolds } from './start-transfer';

/**
 * Releases the places still held for the child, unpaid: paying later must not start a sponsorship of a
 * child who left (ledger/sponsorship-start.ts starts held ones only; a card checkout paid after this
 * is a monthly gift where most needed, as after an expired hold). A hold waiting for its first transfer
 * has its gift cancelled and its sponsor told, without the reason (start-transfer.ts).
 */
export async function releaseHoldsOfLeftChild(tx: Db, childId: number, actor: Actor): Promise<void> {
  const released = await tx
    .update(sponsorships)
    .set({ status: 'released', endedAt: sql`now()`, endReason: 'child_left_before_start', updatedAt: sql`now()` })
    .where(and(eq(sponsorships.childId, childId), eq(sponsorships.status, 'held')))
    .returning({ id: sponsorships.id, recurringGiftId: sponsorships.recurringGiftId, childId: sponsorships.childId });
  for (const hold of released) {
    await audit(tx, { actor, action: 'sponsorship.released', entityType: 'sponsorship', entityId: hold.id, details: { reason: 'child_left', child_id: childId, recurring_gift_id: hold.recurringGiftId } });
  }
  await releasedTransferHolds(tx, released, 'child_left');
}

/** Ends the child's active sponsorships, each with its sponsor's choice open for the grace period. */
export async function endSponsorshipsOfLeftChild(tx: Db, childId: number, actor: Actor): Promise<number[]> {
  const { child_left_grace_days: days } = await getSettings(tx, 'sponsorship');
  const ended = await tx
    .update(sponsorships)
    .set({ status: 'ended', endedAt: sql`now()`, endReason: 'child_left', offerUntil: sql`now() + make_interval(days => ${days})`, updatedAt: sql`now()` })
    .where(and(eq(sponsorships.childId, childId), eq(sponsorships.status, 'active')))
    .returning({ id: sponsorships.id, giftId: sponsorships.recurringGiftId, offerUntil: sponsorships.offerUntil });
  for (const s of ended) {
    await audit(tx, {
      actor,
      action: 'sponsorship.ended',
      entityType: 'sponsorship',
      entityId: s.id,
      details: { reason: 'child_left', recurring_gift_id: s.giftId, child_id: childId, offer_until: s.offerUntil?.toISOString() ?? null },
    });
  }
  return ended.map((s) => s.id);
}

/** A choice still open: the child left, nothing chosen, in time, and the gift not cancelled meanwhile. */
const openOffer = and(
  eq(sponsorships.endReason, 'child_left'),
  isNull(sponsorships.offerChoice),
  isNotNull(sponsorships.offerUntil),
  ne(recurringGifts.status, 'cancelled'),
  sql`${sponsorships.offerUntil} > now()`,
);

async function openOffers(db: Db, which: SQL): Promise<ChildLeftOffer[]> {
  const rows = await db
    .select({ id: sponsorships.id, child: sponsoredChildren.firstName, offerUntil: sponsorships.offerUntil, amountCents: recurringGifts.amountCents, currency: recurringGifts.currency })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .innerJoin(recurringGifts, eq(recurringGifts.id, sponsorships.recurringGiftId))
    .where(and(which, openOffer))
    .orderBy(sponsorships.id);
  return rows.map((r) => ({ sponsorshipId: r.id, childFirstName: r.child, offerUntil: r.offerUntil!.toISOString(), amountCents: r.amountCents, currency: r.currency }));
}

export async function myOffers(db: Db, userId: number): Promise<ChildLeftOffers> {
  return { offers: await openOffers(db, eq(sponsorships.userId, userId)) };
}

/** The sponsorship a signed link of the child-left email opens; 401 for a tampered, expired or other-purpose token. */
export async function sponsorshipOfLink(links: SignedLinks, token: string): Promise<number> {
  const id = await links.verify(token, 'sponsorship-offer');
  if (id == null) throw unauthorized(lm.linkInvalid);
  return id;
}

/** The open offer of a signed link; 409 once it was chosen, ran out or its gift was cancelled. */
export async function offerOfLink(db: Db, links: SignedLinks, token: string): Promise<ChildLeftOffer> {
  const [offer] = await openOffers(db, eq(sponsorships.id, await sponsorshipOfLink(links, token)));
  if (!offer) throw conflict(lm.offerClosed);
  return offer;
}

/**
 * Who chooses: the signed-in sponsor (`userId`), or whoever holds the signed link of that one
 * sponsorship (null: offerOfLink checked the link).
 */
export type OfferOwner = number | null;

/** The sponsor's open offer, locked; another person's is not found, as one that does not exist. */
export async function lockOffer(tx: Db, userId: OfferOwner, sponsorshipId: number) {
  const [row] = await tx
    .select()
    .from(sponsorships)
    .where(and(eq(sponsorships.id, sponsorshipId), userId == null ? undefined : eq(sponsorships.userId, userId), eq(sponsorships.endReason, 'child_left')))
    .for('update');
  if (!row || row.recurringGiftId == null || row.offerUntil == null) throw notFound(lm.offerNotFound);
  if (row.offerChoice != null || row.offerUntil.getTime() <= Date.now()) throw conflict(lm.offerClosed);
  const [gift] = await tx.select({ status: recurringGifts.status }).from(recurringGifts).where(eq(recurringGifts.id, row.recurringGiftId));
  if (!gift || gift.status === 'cancelled') throw conflict(lm.giftCancelled);
  return { ...row, recurringGiftId: row.recurringGiftId };
}

async function recordChoice(tx: Db, id: number, choice: 'keep_giving' | 'cancel' | 'lapsed' | 'another_child', actor: Actor | null, details: Record<string, unknown> = {}) {
  await tx.update(sponsorships).set({ offerChoice: choice, offerChosenAt: sql`now()`, updatedAt: sql`now()` }).where(eq(sponsorships.id, id));
  await audit(tx, { actor, action: `sponsorship.offer_${choice}`, entityType: 'sponsorship', entityId: id, details });
}

/** Keep giving where most needed: the gift stays as it is, the choice is recorded (audited). */
export async function keepGiving(db: Database, input: { userId: OfferOwner; sponsorshipId: number; actor: Actor | null }): Promise<OfferChoiceResponse> {
  await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.userId, input.sponsorshipId);
    await recordChoice(tx, offer.id, 'keep_giving', input.actor, { recurring_gift_id: offer.recurringGiftId });
  });
  return { choice: 'keep_giving', sponsorshipId: null, childFirstName: null };
}

/** Cancel: monthly giving's cancel (the provider first, then the row and its email), then the choice. */
export async function cancelFromOffer(
  db: Database,
  ctx: MonthlyContext,
  input: { userId: OfferOwner; sponsorshipId: number; actor: Actor | null; ip?: string | null },
): Promise<OfferChoiceResponse> {
  const offer = await db.transaction((tx) => lockOffer(tx, input.userId, input.sponsorshipId));
  await cancelMonthlyGift(db, { giftId: offer.recurringGiftId, by: 'donor', actor: input.actor, ip: input.ip, context: ctx });
  await db.transaction((tx) => recordChoice(tx, offer.id, 'cancel', input.actor, { recurring_gift_id: offer.recurringGiftId }));
  return { choice: 'cancel', sponsorshipId: null, childFirstName: null };
}

/**
 * The job: offers whose grace period ran out with no choice. Each gift is cancelled as a donor's cancel
 * would be (at the provider too), with one kind email saying so and how to sponsor again.
 */
export async function lapseChildLeftOffers(db: Database, ctx: MonthlyContext, now = new Date()): Promise<number> {
  const due = await db
    .select({
      id: sponsorships.id,
      giftId: sponsorships.recurringGiftId,
      // The account's name now, else the name on the monthly gift.
      name: greetingNameSql(sponsorships.userId, recurringGifts.donorName),
      child: sponsoredChildren.firstName,
      endedAt: sponsorships.endedAt,
      offerUntil: sponsorships.offerUntil,
    })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .innerJoin(recurringGifts, eq(recurringGifts.id, sponsorships.recurringGiftId))
    .where(and(eq(sponsorships.endReason, 'child_left'), isNull(sponsorships.offerChoice), ne(recurringGifts.status, 'cancelled'), lte(sponsorships.offerUntil, now)))
    .limit(50);
  let lapsed = 0;
  let failed: unknown = null;
  for (const offer of due) {
    const days = Math.round((offer.offerUntil!.getTime() - (offer.endedAt ?? offer.offerUntil!).getTime()) / 86_400_000);
    const firstName = firstNameOf(offer.name);
    try {
      await cancelMonthlyGift(db, {
        giftId: offer.giftId!,
        by: 'staff',
        actor: null,
        reason: lm.lapsedReason(days),
        context: ctx,
        notice: (link) => ({
          subject: em.lapsedSubject,
          text: em.lapsedText(firstName, offer.child, formatLongDate(offer.endedAt ?? now), `${PUBLIC_URL_MARK}/apadrina`, link),
          template: 'sponsorship-offer-lapsed',
        }),
      });
    } catch (err) {
      // Cancelled meanwhile (by the donor or staff): nothing left to stop. The provider not answering:
      // asked again on the next run, after the other offers.
      if (!(err instanceof ConflictError)) {
        failed ??= err;
        continue;
      }
    }
    await db.transaction((tx) => recordChoice(tx, offer.id, 'lapsed', null, { recurring_gift_id: offer.giftId, days }));
    lapsed += 1;
  }
  if (failed) throw failed;
  return lapsed;
}
