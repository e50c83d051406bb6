// Monthly gifts by transfer on the bank statement (docs/product.md#monthly-giving, decision 0045): a credit
// line that carries a live transfer gift's permanent reference records that month's charge of the gift,
// completed through the ledger's approval (receipt, the gift's next date a month on, the donor's monthly
// email), and the line is confirmed with it, so the movement pays nothing else. A gift's first transfer
// must cover its monthly amount: a sponsorship's gift waiting for it starts the sponsorship, and a child's
// place is not taken for part of a month. A shorter one is left unmatched for staff, who can record it
// as a donation of its own (line-donation.ts); the gift keeps waiting. Run by the statement's import,
// in its transaction.
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { monthlyApiMessages } from '../../../messages/monthly';
import type { Db } from '../../../db/client';
import { bankStatementLines, recurringGifts } from '../../../db/schema';
import { type Actor, audit } from '../../../platform/audit';
import type { LinkContext } from '../../ledger/links';
import { insertDonation, transitionDonation } from '../../ledger/transitions';
import { confirmLineAs, creditedAt } from './line-confirmation';

/** The provider name of a monthly gift paid by transfer (domain/monthly/transfer.ts holds its rules). */
const TRANSFER_PROVIDER = 'transfer';

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether a line's text names the reference: as a word, or (six characters or more) inside the compacted text. */
export function namesReference(text: string, reference: string): boolean {
  const words = new Set(text.toUpperCase().split(/[^A-Z0-9]+/));
  return words.has(reference) || (reference.length >= 6 && compact(text).includes(reference));
}

type Gift = { id: number; reference: string; donorName: string; donorEmail: string; amountCents: number; status: string };

type GiftStatus = (typeof recurringGifts.$inferSelect)['status'];

/** Live gifts: started ones, and a sponsorship's gift waiting for its first transfer (decision 0054). */
async function liveTransferGifts(tx: Db, statuses: GiftStatus[] = ['active', 'past_due', 'incomplete']): Promise<Gift[]> {
  const rows = await tx
    .select({
      id: recurringGifts.id,
      reference: recurringGifts.transferReference,
      donorName: recurringGifts.donorName,
      donorEmail: recurringGifts.donorEmail,
      amountCents: recurringGifts.amountCents,
      status: recurringGifts.status,
    })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.provider, TRANSFER_PROVIDER), inArray(recurringGifts.status, statuses), isNotNull(recurringGifts.transferReference)));
  return rows.map((r) => ({ ...r, reference: r.reference as string }));
}

/** A line's text as matched against the references. */
const lineText = (line: { description: string; reference: string | null }) => `${line.description} ${line.reference ?? ''}`;

/** The gifts still waiting for their first transfer (a sponsorship's), for the import's view of its lines. */
export function waitingTransferGifts(db: Db): Promise<Gift[]> {
  return liveTransferGifts(db, ['incomplete']);
}

/** Whether a line is the gift's first transfer and carries less than its monthly amount. */
const shortOfFirstMonth = (line: { creditCents: number }, gift: Gift) => gift.status === 'incomplete' && line.creditCents < gift.amountCents;

/** The waiting gift whose reference a line names while carrying less than its monthly amount, if any. */
export function shortFirstTransfer(line: { description: string; reference: string | null; creditCents: number }, waiting: Gift[]): Gift | null {
  const gift = waiting.find((g) => namesReference(lineText(line), g.reference));
  return gift && shortOfFirstMonth(line, gift) ? gift : null;
}

/** Records the charges of the transfer gifts an import's lines name; returns how many. */
export async function recordTransferCharges(tx: Db, input: { importId: number; links: LinkContext; actor: Actor; ip?: string | null }): Promise<number> {
  const gifts = await liveTransferGifts(tx);
  if (gifts.length === 0) return 0;
  const lines = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.importId, input.importId), ne(bankStatementLines.matchState, 'confirmed')));
  let recorded = 0;
  for (const line of lines) {
    const gift = gifts.find((g) => namesReference(lineText(line), g.reference));
    if (!gift) continue;
    if (shortOfFirstMonth(line, gift)) {
      await audit(tx, {
        actor: input.actor,
        action: 'bank_statement.transfer_short',
        entityType: 'bank_statement',
        entityId: input.importId,
        details: { line_id: line.id, line_number: line.lineNumber, recurring_gift_id: gift.id, amount_cents: line.creditCents, monthly_amount_cents: gift.amountCents },
        ip: input.ip,
      });
      continue;
    }
    const pending = await insertDonation(tx, {
      donorName: gift.donorName,
      donorEmail: gift.donorEmail,
      amountCents: line.creditCents,
      currency: 'GTQ',
      donationType: 'monetary',
      description: monthlyApiMessages.transferChargeDescription(gift.reference),
      source: 'service',
      paymentMethod: 'bank_transfer',
      paymentReference: gift.reference,
      recurringGiftId: gift.id,
      createdAt: creditedAt(line),
    });
    const donation = await transitionDonation(tx, { id: pending.id, action: 'approve', actor: input.actor, ip: input.ip, links: input.links });
    await confirmLineAs(tx, line, donation.id, input.actor);
    await audit(tx, {
      actor: input.actor,
      action: 'bank_statement.transfer_charge',
      entityType: 'bank_statement',
      entityId: input.importId,
      details: { line_id: line.id, line_number: line.lineNumber, recurring_gift_id: gift.id, donation_id: donation.id, amount_cents: line.creditCents },
      ip: input.ip,
    });
    recorded++;
  }
  return recorded;
}
