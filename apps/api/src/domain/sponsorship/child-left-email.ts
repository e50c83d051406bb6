// When staff set a child to "salió del programa" (docs/product.md#sponsorship): each active sponsor
// of the child is told, in the status change's transaction (so once), with the child's first name and
// an invitation to choose another child on /apadrina; never the reason nor anything staff keep.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships, users } from '../../db/schema';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { sponsorshipEmailMessages as m } from '../../messages/sponsorship-email';

/** Queues one email per active sponsorship of the child, to the sponsor's account or the address given when sponsoring. */
export async function enqueueChildLeftEmails(tx: Db, childId: number): Promise<number> {
  const rows = await tx
    .select({ name: sponsorships.sponsorName, sponsorEmail: sponsorships.sponsorEmail, accountEmail: users.email, child: sponsoredChildren.firstName })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(and(eq(sponsorships.childId, childId), eq(sponsorships.status, 'active')));
  let queued = 0;
  for (const row of rows) {
    const address = row.accountEmail || row.sponsorEmail?.trim();
    if (!address) continue;
    const firstName = (row.name ?? '').trim().split(/\s+/)[0] ?? '';
    await enqueueEmail(tx, {
      to: address,
      subject: m.childLeftSubject(row.child),
      text: m.childLeftText(firstName, row.child, `${PUBLIC_URL_MARK}/apadrina`),
      template: 'sponsorship-child-left',
    });
    queued += 1;
  }
  return queued;
}
