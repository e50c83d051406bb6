// The organisation's content: programmes, events and supporters (docs/product.md#figures). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EVENT_TYPES } from '@donaciones/shared/constants';
import { tz, createdAt, cents, sqlList } from './columns';

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The headline figure of the home page, e.g. "500+" with "niños al año". */
    highlightValue: text('highlight_value').notNull().default(''),
    highlightLabel: text('highlight_label').notNull().default(''),
    goalCents: cents('goal_cents').notNull().default(0),
    currentCents: cents('current_cents').notNull().default(0),
    comingSoon: boolean('coming_soon').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('programs_slug_key').on(t.slug),
    check('programs_amounts_nonneg', sql`${t.goalCents} >= 0 AND ${t.currentCents} >= 0`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: tz('date').notNull(),
    location: text('location'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('events_date_idx').on(t.date), check('events_type_valid', sql`${t.type} IN (${sqlList(EVENT_TYPES)})`)],
);

/** Companies that support the organisation, shown on the home page. */
export const supporters = pgTable('supporters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});
