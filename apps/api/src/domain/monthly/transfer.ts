// Monthly gifts paid by bank transfer (docs/product.md#monthly-giving, decision 0045): no card and no
// provider; the donor writes a permanent reference on each transfer, the bank statement's line carrying it
// records that month's charge (deposits/statements/transfer-charges.ts), and a month whose transfer has not
// arrived a few days after it was due shows the gift as overdue ("Atrasado").
import { randomInt } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recurringGifts } from '../../db/schema';

/** The `provider` of a gift paid by transfer. */
export const TRANSFER_PROVIDER = 'transfer';
/** Days after the expected date before a transfer that has not arrived makes the gift overdue. */
export const OVERDUE_GRACE_DAYS = 5;

/** Whether the gift (alias `g`) is a transfer gift whose transfer is late past the grace days. */
export const overdueSql = (alias = 'g'): SQL =>
  sql.raw(
    `(${alias}.provider = '${TRANSFER_PROVIDER}' AND ${alias}.status = 'active' AND ${alias}.next_charge_at < now() - interval '${OVERDUE_GRACE_DAYS} days')`,
  );

export function isOverdue(gift: { provider: string; status: string; nextChargeAt: Date | null }, now = new Date()): boolean {
  if (gift.provider !== TRANSFER_PROVIDER || gift.status !== 'active' || gift.nextChargeAt == null) return false;
  return gift.nextChargeAt.getTime() < now.getTime() - OVERDUE_GRACE_DAYS * 86_400_000;
}

/** A fresh permanent reference, `TM` and six digits, not held by another gift. */
export async function newTransferReference(db: Db): Promise<string> {
  for (;;) {
    const reference = `TM${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const [taken] = await db.select({ id: recurringGifts.id }).from(recurringGifts).where(eq(recurringGifts.transferReference, reference)).limit(1);
    if (!taken) return reference;
  }
}
