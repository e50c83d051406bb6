// What a sponsor sees of their sponsorships (docs/product.md#sponsorship): "Mi ahijado/a".
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships } from '../../db/schema';
import { birthdayWindows } from './birthday-gifts';
import { childView, readChildren } from './views';

export async function mySponsorships(db: Db, userId: number): Promise<MySponsorships> {
  const rows = await db
    .select({ id: sponsorships.id, status: sponsorships.status, childId: sponsorships.childId, amountCents: sponsorships.amountCents })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.userId, userId),
        // Active ones, and holds whose first payment is on its way.
        or(eq(sponsorships.status, 'active'), and(eq(sponsorships.status, 'held'), isNotNull(sponsorships.recurringGiftId), sql`${sponsorships.heldUntil} > now()`)),
      ),
    )
    .orderBy(sponsorships.id);
  if (rows.length === 0) return { sponsorships: [] };
  const children = await readChildren(db, inArray(sponsoredChildren.id, rows.map((r) => r.childId)));
  const byId = new Map(children.map((c) => [c.row.id, childView(c)]));
  const birthDates = new Map(children.map((c) => [c.row.id, c.row.birthDate]));
  // The birthday gift's window of each (decision 0055); the amount is the sponsorship's own, never the settings' now.
  const windows = await birthdayWindows(db, rows.flatMap((r) => (birthDates.has(r.childId) ? [{ sponsorshipId: r.id, birthDate: birthDates.get(r.childId)! }] : [])));
  return {
    sponsorships: rows.flatMap((r): MySponsorships['sponsorships'] => {
      const child = byId.get(r.childId);
      if (!child) return [];
      const base = { id: r.id, child, monthlyAmount: r.amountCents / 100 };
      // A place held unpaid is not a sponsorship yet: its schema keeps only the child's public fields.
      return r.status === 'active' ? [{ ...base, status: 'active', birthdayGift: windows.get(r.id)! }] : [{ ...base, status: 'held' }];
    }),
  };
}
