// Birthday gifts of the tests (decision 0055): an active sponsorship whose birthday window is open today,
// and a paid birthday gift of it, written straight to the database.
import { guatemalaDay } from '@donaciones/shared/format';
import { birthdayGiftWindow } from '@donaciones/shared/birthday-window';
import type { Database } from '../../src/db/client';
import { sponsorshipBirthdayGifts } from '../../src/db/schema';
import * as make from './factory';
import { aChild, anActiveSponsorship } from './sponsorship';

/** A birth date whose month is `ahead` months after this one (Guatemala's calendar): 1 is always in the window. */
export function bornMonthsAhead(ahead: number): string {
  const month = ((Number(guatemalaDay(new Date()).slice(5, 7)) - 1 + ahead + 12) % 12) + 1;
  return `2016-${String(month).padStart(2, '0')}-10`;
}

/** An active sponsorship of `userId` for a child whose birthday month comes next (the window is open). */
export async function aBirthdaySponsorship(db: Database, userId: number, firstName = 'Cumpleañera') {
  const child = await aChild(db, { firstName, birthDate: bornMonthsAhead(1), status: 'sponsored' });
  const sponsorship = await anActiveSponsorship(db, child.id, userId);
  return { child, sponsorship };
}

/** A completed birthday gift of a new sponsorship of `userId`, not yet delivered; returns the gift's id. */
export async function aPaidBirthdayGift(db: Database, userId: number): Promise<number> {
  const { child, sponsorship } = await aBirthdaySponsorship(db, userId);
  const donation = await make.donation(db, { userId, amount: 150, status: 'completed' });
  const window = birthdayGiftWindow(Number(child.birthDate.slice(5, 7)), guatemalaDay(new Date()));
  const [gift] = await db
    .insert(sponsorshipBirthdayGifts)
    .values({ donationId: donation.id, sponsorshipId: sponsorship.id, childId: child.id, birthdayYear: window.year })
    .returning({ id: sponsorshipBirthdayGifts.id });
  return gift.id;
}
