// Birthday gifts of sponsors (docs/product.md#sponsorship, decision 0055): a one-time donation the
// child's active sponsor designates to the child for a birthday. The donation stays a normal gift of
// the ledger (its receipt names no child); this row says which child it is for, and when staff
// delivered it. Only staff and that sponsor ever read it.
import { index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, tz } from './columns';
import { donations } from './ledger';
import { sponsoredChildren, sponsorships } from './sponsorship';

export const sponsorshipBirthdayGifts = pgTable(
  'sponsorship_birthday_gifts',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    sponsorshipId: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'restrict' }),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'restrict' }),
    /** The year of the birthday the gift is for (its month is the child's birth month). */
    birthdayYear: integer('birthday_year').notNull(),
    deliveredAt: tz('delivered_at'),
    deliveredByUserId: integer('delivered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sponsorship_birthday_gifts_donation_key').on(t.donationId),
    index('sponsorship_birthday_gifts_child_idx').on(t.childId, t.deliveredAt),
    index('sponsorship_birthday_gifts_sponsorship_idx').on(t.sponsorshipId, t.birthdayYear),
  ],
);
