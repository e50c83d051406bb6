// What a sponsor sees of their sponsorships (docs/product.md#sponsorship): "Mi ahijado/a".
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { SPONSORSHIP_END_REASONS, type MySponsorships, type SponsorshipEndReason } from '@donaciones/shared/schemas/sponsorship';
import type { Db } from '../../db/client';
import { recurringGifts, sponsoredChildren, sponsorships } from '../../db/schema';
import { birthdayWindows } from './birthday-gifts';
import { childView, readChildren } from './views';

export async function mySponsorships(db: Db, userId: number): Promise<MySponsorships> {
  const [current, past] = await Promise.all([currentSponsorships(db, userId), pastSponsorships(db, userId)]);
  return { sponsorships: current, past };
}

async function currentSponsorships(db: Db, userId: number): Promise<MySponsorships['sponsorships']> {
  const rows = await db
    .select({
      id: sponsorships.id,
      status: sponsorships.status,
      childId: sponsorships.childId,
      amountCents: sponsorships.amountCents,
      heldUntil: sponsorships.heldUntil,
      holdToken: sponsorships.holdToken,
      provider: recurringGifts.provider,
      transferReference: recurringGifts.transferReference,
    })
    .from(sponsorships)
    .leftJoin(recurringGifts, eq(recurringGifts.id, sponsorships.recurringGiftId))
    .where(
      and(
        eq(sponsorships.userId, userId),
        // Active ones, and holds whose first payment is on its way.
        or(eq(sponsorships.status, 'active'), and(eq(sponsorships.status, 'held'), isNotNull(sponsorships.recurringGiftId), sql`${sponsorships.heldUntil} > now()`)),
      ),
    )
    .orderBy(sponsorships.id);
  if (rows.length === 0) return [];
  const children = await readChildren(db, inArray(sponsoredChildren.id, rows.map((r) => r.childId)));
  const byId = new Map(children.map((c) => [c.row.id, childView(c)]));
  const birthDates = new Map(children.map((c) => [c.row.id, c.row.birthDate]));
  // The birthday gift's window of each (decision 0055); the amount is the sponsorship's own, never the settings' now.
  const windows = await birthdayWindows(db, rows.flatMap((r) => (birthDates.has(r.childId) ? [{ sponsorshipId: r.id, birthDate: birthDates.get(r.childId)! }] : [])));
  return rows.flatMap((r): MySponsorships['sponsorships'] => {
    const child = byId.get(r.childId);
    if (!child) return [];
    const base = { id: r.id, child, monthlyAmount: r.amountCents / 100 };
    if (r.status === 'active') return [{ ...base, status: 'active', birthdayGift: windows.get(r.id)! }];
    // A place held unpaid is not a sponsorship yet: its schema keeps only the child's public fields. The
    // photo answers its holder by the hold's token, as on /apadrina/reserva (not as to a sponsor).
    const byTransfer = r.provider === 'transfer';
    const photo = child.photoUrl ? `${child.photoUrl}?hold=${encodeURIComponent(r.holdToken)}` : null;
    return [{ ...base, child: { ...child, photoUrl: photo }, status: 'held', heldUntil: r.heldUntil.toISOString(), paymentMethod: byTransfer ? 'transfer' : 'card', transferReference: byTransfer ? r.transferReference : null }];
  });
}

const isEndReason = (value: string | null): value is SponsorshipEndReason => (SPONSORSHIP_END_REASONS as readonly (string | null)[]).includes(value);

/** The sponsor's ended sponsorships, the latest ended first: the child's first name, the dates, how it ended (decision 0073). */
async function pastSponsorships(db: Db, userId: number): Promise<MySponsorships['past']> {
  const rows = await db
    .select({
      id: sponsorships.id,
      childFirstName: sponsoredChildren.firstName,
      startedAt: sponsorships.startedAt,
      endedAt: sponsorships.endedAt,
      endReason: sponsorships.endReason,
    })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .where(and(eq(sponsorships.userId, userId), eq(sponsorships.status, 'ended')))
    .orderBy(desc(sql`coalesce(${sponsorships.endedAt}, ${sponsorships.updatedAt})`), desc(sponsorships.id));
  return rows.map((r) => ({
    id: r.id,
    childFirstName: r.childFirstName,
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    endReason: isEndReason(r.endReason) ? r.endReason : null,
  }));
}
