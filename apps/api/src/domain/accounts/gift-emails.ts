// Whether the automatic thank-you and receipt of each gift go by email to an address
// (docs/product.md#email, decision 0081): the "Agradecimientos y recibos por correo" switch of Mi perfil.
import { type SQL, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema';

/**
 * True when the address is the confirmed address of an active account that turned the switch off: its
 * owner reads every receipt in Recibos instead. An unconfirmed or deactivated account stops nothing, so
 * someone who registers another person's address cannot silence that person's receipts, and nobody loses
 * an email they could not read in the donor's area.
 */
export async function giftEmailsWithheld(db: Db, address: string): Promise<boolean> {
  const email = address.trim().toLowerCase();
  return email !== '' && withheldFrom(db, eq(users.email, email));
}

/** The same for the account with this id (a donor record's linked account, shown to staff). */
export function accountGiftEmailsWithheld(db: Db, userId: number): Promise<boolean> {
  return withheldFrom(db, eq(users.id, userId));
}

async function withheldFrom(db: Db, account: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(account, eq(users.isActive, true), isNotNull(users.emailVerifiedAt), sql`${userPreferences.emailNotifications} IS FALSE`))
    .limit(1);
  return row !== undefined;
}
