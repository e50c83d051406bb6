// The accounting capability (docs/product.md#the-register-and-the-close): the months staff have closed.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

/**
 * A closed month ('YYYY-MM', Guatemala calendar): nothing dated in it or before the latest closed
 * month may be edited afterwards, except through a correction that lands in the open month.
 * `summary` keeps the close's check as it was when the month was closed (money, receipts, mismatches).
 */
export const accountingCloses = pgTable(
  'accounting_closes',
  {
    month: text('month').primaryKey(),
    closedAt: tz('closed_at').notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [check('accounting_closes_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);
