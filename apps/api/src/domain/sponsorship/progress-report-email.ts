// "Nuevo informe de avance de Kevin" (docs/product.md#sponsorship): one email to each active sponsor of
// the child, queued in the report's transaction (so once), to the account that reads "Mi ahijado/a",
// else the address given when sponsoring. The child's first name and a link; none of the report.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships, users } from '../../db/schema';
import { progressReportEmailMessages as m } from '../../messages/progress-reports';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { MY_CHILD_PATH } from '../ledger/links';
import { firstNameOf, sponsorAddress, sponsorNameSql } from './sponsor-recipient';

/** Queues the emails; answers how many were queued. */
export async function enqueueProgressReportEmails(tx: Db, childId: number): Promise<number> {
  const rows = await tx
    .select({ name: sponsorNameSql, sponsorEmail: sponsorships.sponsorEmail, accountEmail: users.email, child: sponsoredChildren.firstName })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(and(eq(sponsorships.childId, childId), eq(sponsorships.status, 'active')))
    .orderBy(sponsorships.id);
  let queued = 0;
  for (const to of rows) {
    const address = sponsorAddress(to);
    if (!address) continue;
    const firstName = firstNameOf(to.name);
    await enqueueEmail(tx, {
      to: address,
      subject: m.subject(to.child),
      text: m.text(firstName, to.child, `${PUBLIC_URL_MARK}${MY_CHILD_PATH}`),
      template: 'progress-report',
    });
    queued += 1;
  }
  return queued;
}
