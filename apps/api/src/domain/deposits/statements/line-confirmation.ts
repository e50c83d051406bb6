// A statement line paid by a donation recorded from it (docs/product.md#bank-deposits): the donation a
// credit no pending deposit explains (line-donation.ts) and the month's charge of a transfer gift
// (transfer-charges.ts) are dated on the line's day and confirm the line the same way.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankStatementCandidates, bankStatementLines } from '../../../db/schema';
import type { Actor } from '../../../platform/audit';

/** The day the money came in, at noon in Guatemala, so every report counts it on that day. */
export function creditedAt(line: { postedOn: string }): Date {
  return new Date(`${line.postedOn}T12:00:00-06:00`);
}

/** The line is confirmed as paying the donation, and its proposals (now moot) are dropped. */
export async function confirmLineAs(tx: Db, line: { id: number }, donationId: number, actor: Actor): Promise<void> {
  await tx.delete(bankStatementCandidates).where(eq(bankStatementCandidates.lineId, line.id));
  await tx
    .update(bankStatementLines)
    .set({ matchState: 'confirmed', donationId, confirmedAt: new Date(), confirmedBy: actor.id })
    .where(eq(bankStatementLines.id, line.id));
}
