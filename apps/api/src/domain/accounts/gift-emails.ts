// Whether the automatic thank-you and receipt of each gift go by email to an address
// (docs/product.md#email, decision 0081): the "Agradecimientos y recibos por correo" switch of Mi perfil.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
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
  if (email === '') return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(eq(users.email, email), eq(users.isActive, true), isNotNull(users.emailVerifiedAt), sql`${userPreferences.emailNotifications} IS FALSE`))
    .limit(1);
  return row !== undefined;
}
