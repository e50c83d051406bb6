// The accounting capability (docs/product.md#the-register-and-the-close): the months staff have closed,
// and the register's daily rollup.
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { cents, tz } from './columns';
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

/**
 * The register's gifts and refunds by Guatemala day of the movement, kind, method, currency and
 * programme (0 for none), over 8 slots (migration 0038, kept by a trigger on donations): the totals of
 * a period add up its days (domain/accounting/register.ts). `rated_*` are the movements with a quetzal
 * rate and their amounts at it, rounded per movement.
 */
export const registerDaily = pgTable(
  'register_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    programId: integer('program_id').notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    grossCents: cents('gross_cents').notNull().default(0),
    feeCents: cents('fee_cents').notNull().default(0),
    vatCents: cents('vat_cents').notNull().default(0),
    ratedCount: bigint('rated_count', { mode: 'number' }).notNull().default(0),
    ratedGrossCents: cents('rated_gross_cents').notNull().default(0),
    ratedFeeCents: cents('rated_fee_cents').notNull().default(0),
    ratedVatCents: cents('rated_vat_cents').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'register_daily_pk', columns: [t.day, t.kind, t.method, t.currency, t.programId, t.slot] })],
);
