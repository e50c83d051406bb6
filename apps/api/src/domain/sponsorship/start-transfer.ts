// A sponsorship paid by monthly bank transfer (docs/product.md#sponsorship, decision 0054): the hold
// becomes a monthly gift by transfer with its permanent reference (the import's model,
// domain/monthly/transfer.ts), waiting for its first transfer; the place is held for the settings'
// days and the sponsor gets the instructions on screen and by email. The bank statement's line that
// carries the reference records the first charge, and the ledger's completion step makes the
// sponsorship active (ledger/sponsorship-start.ts). A hold that runs out first is released and its
// gift cancelled (releasedTransferHolds below).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents, formatLongDate } from '@donaciones/shared/format';
import { publicBankAccounts } from '@donaciones/shared/schemas/deposits';
import type { SponsorStart } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipTransferMessages as tm } from '@donaciones/shared/messages/sponsorship-transfer';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { Database, Db } from '../../db/client';
import { recurringGifts, sponsoredChildren, sponsorships, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { sponsorshipTransferEmailMessages as em } from '../../messages/sponsorship-transfer';
import { type Actor, audit } from '../../platform/audit';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { accountLines } from '../deposits/deposits';
import { greetingName } from '../ledger/greeting';
import { TRANSFER_PROVIDER, newTransferReference } from '../monthly/transfer';
import { firstNameOf, sponsorNameSql } from './sponsor-recipient';

type HoldRow = typeof sponsorships.$inferSelect;

/** The transfer gift of a hold, if the hold was started by transfer. */
export async function transferGiftOf(db: Db, hold: Pick<HoldRow, 'recurringGiftId'>) {
  if (hold.recurringGiftId == null) return null;
  const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, hold.recurringGiftId));
  return gift?.provider === TRANSFER_PROVIDER ? gift : null;
}

async function instructions(tx: Db, hold: HoldRow, reference: string) {
  const accounts = publicBankAccounts(await getSettings(tx, 'bankAccounts'));
  return { reference, amount: hold.amountCents / 100, heldUntil: hold.heldUntil.toISOString(), accounts };
}

async function lockHold(tx: Db, token: string): Promise<HoldRow> {
  const [hold] = await tx.select().from(sponsorships).where(eq(sponsorships.holdToken, token)).for('update');
  if (!hold) throw notFound(m.holdNotFound);
  if (hold.status !== 'held' || hold.heldUntil.getTime() <= Date.now()) throw conflict(m.holdExpired);
  return hold;
}

/** Starts the hold of `token` by transfer; a second press answers the same gift and reference. */
export async function startTransferSponsorship(db: Database, input: { token: string; body: SponsorStart; actor: Actor | null; ip?: string | null }) {
  const answer = await db.transaction(async (tx) => {
    const hold = await lockHold(tx, input.token);
    const [child] = await tx.select({ firstName: sponsoredChildren.firstName }).from(sponsoredChildren).where(eq(sponsoredChildren.id, hold.childId));
    const existing = await transferGiftOf(tx, hold);
    if (existing) return { hold, gift: existing, child: child.firstName };
    // Started by card already (its checkout may still be paid): not both.
    if (hold.recurringGiftId != null) throw conflict(tm.alreadyOtherMethod);
    const accounts = publicBankAccounts(await getSettings(tx, 'bankAccounts'));
    // Without a visible account there is nowhere to transfer to (the page then offers only the card).
    if (accounts.length === 0) throw conflict(tm.noAccounts);
    const settings = await getSettings(tx, 'sponsorship');
    const [gift] = await tx
      .insert(recurringGifts)
      .values({
        provider: TRANSFER_PROVIDER,
        donorName: input.body.donorName,
        donorEmail: input.body.email,
        userId: input.actor?.id ?? null,
        amountCents: hold.amountCents,
        // Incomplete until its first transfer is recorded; never overdue before it started.
        status: 'incomplete',
        transferReference: await newTransferReference(tx),
      })
      .returning();
    const [started] = await tx
      .update(sponsorships)
      .set({
        recurringGiftId: gift.id,
        sponsorName: input.body.donorName,
        sponsorEmail: input.body.email,
        userId: sql`coalesce(${sponsorships.userId}, ${input.actor?.id ?? null}::int)`,
        codeOfConductAcceptedAt: sql`coalesce(${sponsorships.codeOfConductAcceptedAt}, now())`,
        // A transfer takes days: the place waits for it (decision 0054).
        heldUntil: sql`now() + make_interval(days => ${settings.transfer_hold_days})`,
        updatedAt: sql`now()`,
      })
      .where(eq(sponsorships.id, hold.id))
      .returning();
    const reference = gift.transferReference as string;
    await audit(tx, { actor: input.actor, action: 'monthly_gift.transfer_created', entityType: 'recurring_gift', entityId: gift.id, details: { reference, sponsorship_id: hold.id, amount_cents: gift.amountCents } });
    await audit(tx, { actor: input.actor, action: 'sponsorship.started', entityType: 'sponsorship', entityId: hold.id, details: { recurring_gift_id: gift.id, payment_method: 'transfer', reference, held_until: started.heldUntil.toISOString(), code_of_conduct: true }, ip: input.ip });
    await enqueueEmail(tx, {
      to: gift.donorEmail,
      subject: em.instructionsSubject(child.firstName),
      text: em.instructionsText({
        name: await greetingName(tx, { userId: started.userId, donorName: gift.donorName }),
        child: child.firstName,
        amount: formatCents(gift.amountCents),
        reference,
        heldUntil: formatLongDate(started.heldUntil),
        accounts: accountLines(accounts),
      }),
      template: 'sponsorship-transfer-instructions',
    });
    return { hold: started, gift, child: child.firstName };
  });
  return {
    sponsorshipId: answer.hold.id,
    referenceCode: answer.gift.transferReference as string,
    checkoutUrl: null,
    childFirstName: answer.child,
    transfer: await instructions(db, answer.hold, answer.gift.transferReference as string),
  };
}

/**
 * Holds released because their time ran out: the monthly gift by transfer of each (still waiting for
 * its first transfer) is cancelled, so its reference records nothing more, and the sponsor is told.
 */
export async function releasedTransferHolds(
  tx: Db,
  released: { id: number; recurringGiftId: number | null; childId: number }[],
  why: 'hold_expired' | 'child_left' = 'hold_expired',
): Promise<void> {
  const giftIds = released.flatMap((r) => (r.recurringGiftId != null ? [r.recurringGiftId] : []));
  if (giftIds.length === 0) return;
  const childLeft = why === 'child_left';
  const cancelled = await tx
    .update(recurringGifts)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelReason: childLeft ? em.childLeftReason : em.releasedReason, nextChargeAt: null, updatedAt: sql`now()` })
    .where(and(inArray(recurringGifts.id, giftIds), eq(recurringGifts.provider, TRANSFER_PROVIDER), eq(recurringGifts.status, 'incomplete')))
    .returning();
  for (const gift of cancelled) {
    const hold = released.find((r) => r.recurringGiftId === gift.id)!;
    const [row] = await tx
      .select({ child: sponsoredChildren.firstName, accountEmail: users.email, name: sponsorNameSql })
      .from(sponsorships)
      .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
      .leftJoin(users, eq(users.id, sponsorships.userId))
      .where(eq(sponsorships.id, hold.id));
    const firstName = firstNameOf(row.name);
    await audit(tx, { actor: null, action: 'monthly_gift.transfer_lapsed', entityType: 'recurring_gift', entityId: gift.id, details: { sponsorship_id: hold.id, reference: gift.transferReference, reason: why } });
    const text = childLeft ? em.childLeftText : em.releasedText;
    await enqueueEmail(tx, {
      to: row.accountEmail || gift.donorEmail,
      subject: childLeft ? em.childLeftSubject(row.child) : em.releasedSubject(row.child),
      text: text(firstName, row.child, gift.transferReference ?? '', `${PUBLIC_URL_MARK}/apadrina`),
      template: 'sponsorship-transfer-released',
    });
  }
}
