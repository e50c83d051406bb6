// When staff set a child to "salió del programa" (docs/product.md#sponsorship, decision 0051): each
// sponsor whose sponsorship just ended is told, in the status change's transaction (so once), with the
// child's first name, the choice waiting in "Mi ahijado/a" (or, for a sponsor without an account,
// behind a signed link: /apadrina/eleccion) and its deadline; never the reason nor anything staff keep.
import { eq, inArray } from 'drizzle-orm';
import { formatLongDate } from '@donaciones/shared/format';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorships, users } from '../../db/schema';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { sponsorshipEmailMessages as m } from '../../messages/sponsorship-email';
import { type LinkContext, MY_CHILD_PATH } from '../ledger/links';
import { firstNameOf, sponsorAddress, sponsorNameSql } from './sponsor-recipient';

/** The page where a sponsor without an account chooses (apps/web's paths.apadrinaChoice). */
export const OFFER_PATH = '/apadrina/eleccion';

/** The signed link to the choice of one ended sponsorship; it works until the choice's deadline (a grace period may be up to 180 days). */
export async function offerUrl(ctx: LinkContext, sponsorshipId: number, offerUntil: Date | null): Promise<string> {
  const token = await ctx.links.sign({ purpose: 'sponsorship-offer', subject: sponsorshipId }, { until: offerUntil });
  return `${ctx.publicUrl}${OFFER_PATH}?token=${encodeURIComponent(token)}`;
}

/** Queues one email per ended sponsorship, to the sponsor's account or the address given when sponsoring. */
export async function enqueueChildLeftEmails(tx: Db, sponsorshipIds: number[], ctx: LinkContext): Promise<number> {
  if (sponsorshipIds.length === 0) return 0;
  const rows = await tx
    .select({
      id: sponsorships.id,
      name: sponsorNameSql,
      sponsorEmail: sponsorships.sponsorEmail,
      accountEmail: users.email,
      child: sponsoredChildren.firstName,
      offerUntil: sponsorships.offerUntil,
    })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(inArray(sponsorships.id, sponsorshipIds));
  let queued = 0;
  for (const row of rows) {
    const address = sponsorAddress(row);
    if (!address) continue;
    const firstName = firstNameOf(row.name);
    const deadline = formatLongDate(row.offerUntil ?? new Date());
    await enqueueEmail(tx, {
      to: address,
      subject: m.childLeftSubject(row.child),
      text: row.accountEmail
        ? m.childLeftText(firstName, row.child, `${PUBLIC_URL_MARK}${MY_CHILD_PATH}`, deadline)
        : m.childLeftTextNoAccount(firstName, row.child, await offerUrl(ctx, row.id, row.offerUntil), deadline),
      template: 'sponsorship-child-left',
    });
    queued += 1;
  }
  return queued;
}
