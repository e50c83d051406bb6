// The sponsor's start (docs/product.md#sponsorship): the hold becomes a monthly gift through the public
// checkout (domain/giving, the provider's card or the demo's simulated one), linked to the sponsorship,
// with the code of conduct's acceptance dated. The ledger's completion step makes it active when the
// gift's first payment completes (domain/ledger/sponsorship-start.ts).
import { eq, sql } from 'drizzle-orm';
import { publicDonationSchema } from '@donaciones/shared/schemas/donate';
import type { SponsorStart } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipTransferMessages as tm } from '@donaciones/shared/messages/sponsorship-transfer';
import type { Database } from '../../db/client';
import { sponsoredChildren, sponsorships } from '../../db/schema';
import { conflict } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import type { SignedLinks } from '../../platform/signed-links';
import { createPublicDonation } from '../giving/donate';
import type { PaymentContext } from '../payments/checkouts';
import { currentHold } from './places';
import { startTransferSponsorship, transferGiftOf } from './start-transfer';

export async function startSponsorship(
  db: Database,
  input: { token: string; body: SponsorStart; actor: Actor | null; ip?: string | null; payments: PaymentContext | null; links: SignedLinks },
) {
  if (input.body.paymentMethod === 'transfer') return startTransferSponsorship(db, input);
  const hold = await currentHold(db, input.token);
  // Started by transfer already: its reference is the way to pay this place (decision 0054).
  if (await transferGiftOf(db, hold)) throw conflict(tm.alreadyOtherMethod);
  const donation = publicDonationSchema.parse({
    donorName: input.body.donorName,
    email: input.body.email,
    amount: hold.amountCents / 100,
    cardLast4: input.body.cardLast4,
    cardBrand: input.body.cardBrand,
    paymentMethod: 'card',
    currency: 'GTQ',
    frequency: 'monthly',
    // A sponsor may also give monthly on their own, or sponsor two children: never a duplicate.
    allowDuplicateMonthly: true,
    acceptTerms: true,
  });
  // The hold's token is the idempotency key: a second press answers the same gift.
  const answer = await createPublicDonation(db, { body: donation, idempotencyKey: `sponsorship-${hold.holdToken}`, actor: input.actor, ip: input.ip, payments: input.payments, links: input.links });
  const created = answer.body;
  await db
    .update(sponsorships)
    .set({
      recurringGiftId: created.recurring_gift_id,
      sponsorName: input.body.donorName,
      sponsorEmail: input.body.email,
      userId: sql`coalesce(${sponsorships.userId}, ${input.actor?.id ?? null}::int)`,
      codeOfConductAcceptedAt: sql`coalesce(${sponsorships.codeOfConductAcceptedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(sponsorships.id, hold.id));
  await audit(db, { actor: input.actor, action: 'sponsorship.started', entityType: 'sponsorship', entityId: hold.id, details: { recurring_gift_id: created.recurring_gift_id, code_of_conduct: true }, ip: input.ip });
  const [child] = await db.select({ firstName: sponsoredChildren.firstName }).from(sponsoredChildren).where(eq(sponsoredChildren.id, hold.childId));
  return { sponsorshipId: hold.id, referenceCode: created.reference_code, checkoutUrl: created.checkout_url, childFirstName: child.firstName, transfer: null };
}
