// A sponsorship's start, part of the ledger's completion step (docs/product.md#sponsorship): when the
// first payment of a monthly gift completes, the sponsorship holding a place for it becomes active and
// the child "apadrinado" once every place is taken, and its sponsor gets one email naming the child.
// A hold already released is left as it is (the place may be someone else's now); the gift then goes
// where most needed. Only a held sponsorship becomes active, so a completion replayed sends nothing.
import { and, eq, sql } from 'drizzle-orm';
import { formatCents } from '@donaciones/shared/format';
import type { Db } from '../../db/client';
import { recurringGifts, sponsoredChildren, sponsorships, users } from '../../db/schema';
import { type SponsorshipStartedVia, sponsorshipEmailMessages as m } from '../../messages/sponsorship-email';
import { audit } from '../../platform/audit';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { greetingNameSql } from './greeting';
import { type LinkContext, MY_CHILD_PATH, manageUrl } from './links';

export async function sponsorshipOfGiftStarted(
  tx: Db,
  ctx: LinkContext,
  start: { giftId: number; userId: number | null; paidAt: Date; via: SponsorshipStartedVia },
): Promise<void> {
  const { giftId, userId, paidAt } = start;
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
    await enqueueStartedEmail(tx, ctx, s.id, start.via);
  }
}

/**
 * "Ya apadrinas a Kevin": to the sponsor's account, else the address given when sponsoring (the rule of
 * domain/sponsorship/sponsor-recipient.ts, which the ledger does not import), greeted by first name:
 * the account's as it is now (greetingName), else the name given when sponsoring.
 * The child is named by first name only (a public field): nothing else of the child is in it.
 */
async function enqueueStartedEmail(tx: Db, ctx: LinkContext, sponsorshipId: number, via: SponsorshipStartedVia): Promise<void> {
  const [row] = await tx
    .select({
      giftId: recurringGifts.id,
      provider: recurringGifts.provider,
      amountCents: recurringGifts.amountCents,
      currency: recurringGifts.currency,
      giftEmail: recurringGifts.donorEmail,
      // The account's name now, else the one given when sponsoring.
      sponsorName: greetingNameSql(sponsorships.userId, sponsorships.sponsorName),
      sponsorEmail: sponsorships.sponsorEmail,
      accountEmail: users.email,
      child: sponsoredChildren.firstName,
    })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .innerJoin(recurringGifts, eq(recurringGifts.id, sponsorships.recurringGiftId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(eq(sponsorships.id, sponsorshipId));
  const to = row && (row.accountEmail || row.sponsorEmail?.trim() || row.giftEmail);
  if (!row || !to) return;
  await enqueueEmail(tx, {
    to,
    subject: m.startedSubject(row.child),
    text: m.startedText({
      name: (row.sponsorName ?? '').trim().split(/\s+/)[0] ?? '',
      child: row.child,
      amount: formatCents(row.amountCents, row.currency),
      via,
      hasAccount: row.accountEmail != null,
      byTransfer: row.provider === 'transfer',
      myChild: `${PUBLIC_URL_MARK}${MY_CHILD_PATH}`,
      manage: await manageUrl(ctx, row.giftId),
    }),
    template: 'sponsorship-started',
  });
}
