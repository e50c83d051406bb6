// Whom a monthly gift's emails greet (docs/product.md#monthly-giving): the account's name as it is
// now when the gift belongs to an account, so a name corrected in the profile is the one used; the
// name typed at checkout when there is no account (or the account has no name). Here, in the ledger,
// because its completion step writes the first and the renewal emails; monthly/ uses it from here.
// greetingNameSql says the same in SQL, for a staff list that names many people in one query.
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { accountNameSql } from '../accounts/users';

export async function greetingName(tx: Db, gift: { userId: number | null; donorName: string }): Promise<string> {
  if (gift.userId == null) return gift.donorName;
  const [account] = await tx.select({ name: accountNameSql }).from(users).where(eq(users.id, gift.userId)).limit(1);
  return account?.name ?? gift.donorName;
}

/**
 * greetingName as an expression of a query: the name of the account `userId` points at as it is now,
 * else `storedName`. A subquery, so a list reads every row's name in its own query (the subquery's
 * `users` hides a `users` the outer query joins for someone else).
 */
export const greetingNameSql = (userId: SQLWrapper, storedName: SQLWrapper) =>
  sql<string | null>`coalesce((select ${accountNameSql} from ${users} where ${users.id} = ${userId}), ${storedName})`;
