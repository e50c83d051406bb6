// Who entered a gift at the office (docs/product.md#staff-gift-entry), for the staff views: a deposit the office
// recorded has no slip from a donor to wait for, so its review says it was entered there, by whom, and the
// bank's reference typed with it.
import { inArray } from 'drizzle-orm';
import type { OfficeEntry } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { accountNameSql } from '../accounts/users';
import type { DonationRow } from '../ledger/transitions';

type Entered = Pick<DonationRow, 'id' | 'enteredBy' | 'receivedOn' | 'source' | 'paymentProvider' | 'paymentMethod' | 'paymentReference'>;

/**
 * A gift entered through "Registrar una donación": `entered_by` is set (null again if that account was deleted), and
 * a bank deposit the office recorded has no provider (one made through /donate is the `deposit` provider's).
 */
function enteredAtOffice(row: Entered): boolean {
  if (row.enteredBy != null) return true;
  return row.source === 'service' && row.receivedOn != null && row.paymentMethod === 'bank_deposit' && row.paymentProvider == null;
}

/** The office entry of each row entered there, keyed by donation id; the staff member's name when the account remains. */
export async function officeEntriesOf(db: Db, rows: Entered[]): Promise<Map<number, OfficeEntry>> {
  const entered = rows.filter(enteredAtOffice);
  const staffIds = [...new Set(entered.map((r) => r.enteredBy).filter((id): id is number => id != null))];
  const names = new Map<number, string>();
  if (staffIds.length > 0) {
    const found = await db
      .select({ id: users.id, name: accountNameSql, email: users.email })
      .from(users)
      .where(inArray(users.id, staffIds));
    for (const u of found) names.set(u.id, u.name || u.email);
  }
  return new Map(
    entered.map((r) => [
      r.id,
      {
        entered_by: r.enteredBy == null ? null : (names.get(r.enteredBy) ?? null),
        reference: r.paymentMethod === 'bank_deposit' || r.paymentMethod === 'bank_transfer' ? r.paymentReference : null,
      },
    ]),
  );
}
