// How a child leaves the API (docs/product.md#sponsorship): one row of every field, built here, then
// cut down by the audience's response schema (packages/shared/src/schemas/sponsorship.ts), which
// keeps only the fields of that audience's visibility.
import { type SQL, eq, sql } from 'drizzle-orm';
import { PHOTO_CONSENT_SCOPES, type StaffChild, ageOn, sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipAmountFor } from '@donaciones/shared/schemas/sponsorship-amounts';
import type { Db } from '../../db/client';
import { childConsents, childPhotos, programs, sponsoredChildren, sponsorships } from '../../db/schema';
import { getSettings } from '../../platform/settings';

export type ChildRow = typeof sponsoredChildren.$inferSelect;

/**
 * The child's id, always qualified: Drizzle writes a bare "id" in a one-table select, which inside the
 * subqueries below would name the subquery's own id.
 */
const CHILD_ID = sql.raw('"sponsored_children"."id"');

/**
 * A consent of the child that is current on `today` (given, not expired, not revoked) and covers
 * `scopes`. The day is Guatemala's (sponsorshipToday), passed in: the database's current_date is UTC's.
 */
export function currentConsent(scopes: readonly string[], today: string = sponsorshipToday()): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${childConsents} c
    where c.child_id = ${CHILD_ID} and c.revoked_at is null
      and c.given_on <= ${today}::date and c.expires_on >= ${today}::date
      and c.scope in (${sql.join(scopes.map((s) => sql`${s}`), sql`, `)}))`;
}

/**
 * The places of a child taken now: active sponsorships, holds not yet run out, and places whose sponsor
 * stopped within the grace period (decision 0051); every expiry is read here, so none needs a job.
 */
export const takenPlaces = sql<number>`(select count(*)::int from ${sponsorships} s
  where s.child_id = ${CHILD_ID}
    and (s.status = 'active' or (s.status = 'held' and s.held_until > now()) or s.place_free_at > now()))`;

/** The newest photo of the child, only while a current consent covers photos (checked at read time). */
const shownPhotoId = (today: string) => sql<number | null>`case when ${currentConsent(PHOTO_CONSENT_SCOPES, today)} then
  (select p.id from ${childPhotos} p where p.child_id = ${CHILD_ID} order by p.created_at desc, p.id desc limit 1)
  end`;

/** The approved text is shown while a current consent covers the story (never the text as last saved). */
const storyShown = (today: string) => sql<boolean>`("sponsored_children"."approved_story" is not null and ${currentConsent(['story', 'photos_and_story'], today)})`;

/** The columns every view reads, with the consents as they stand on `today`. */
const childColumns = (today: string) => ({
  row: sponsoredChildren,
  programName: programs.name,
  photoId: shownPhotoId(today),
  storyShown: storyShown(today),
  taken: takenPlaces,
  sponsoredSince: sql<Date | null>`(select min(s.started_at) from ${sponsorships} s where s.child_id = ${CHILD_ID} and s.status = 'active')`,
});

/** The children of `where`, read on one Guatemala day: their consents and ages (childView) agree. */
export async function readChildren(db: Db, where: SQL | undefined, order: SQL[] = [sql`${CHILD_ID}`]) {
  const today = sponsorshipToday();
  const rows = await db
    .select(childColumns(today))
    .from(sponsoredChildren)
    .leftJoin(programs, eq(programs.id, sponsoredChildren.programId))
    .where(where)
    .orderBy(...order);
  // What sponsoring each child costs now: their programme's amount or the general one (decision 0055).
  const settings = await getSettings(db, 'sponsorship');
  return rows.map((r) => ({ ...r, today, monthlyAmount: sponsorshipAmountFor(settings, r.row.programId) }));
}
export type ChildRead = Awaited<ReturnType<typeof readChildren>>[number];

export const photoUrl = (photoId: number) => `/api/v1/sponsorship/photos/${photoId}`;

/** Every field of a child; the caller's response schema keeps only its audience's. */
export function childView(read: ChildRead, today = read.today): StaffChild {
  const c = read.row;
  return {
    id: c.id,
    firstName: c.firstName,
    age: ageOn(c.birthDate, today),
    department: c.department,
    programName: read.programName ?? null,
    // The public story: the text last approved (an edit waits for approval, decision 0072), '' without
    // one or without a current consent covering it (read now).
    story: read.storyShown ? (c.approvedStory ?? '') : '',
    photoUrl: read.photoId != null ? photoUrl(read.photoId) : null,
    monthlyAmount: read.monthlyAmount,
    birthdayMonth: Number(c.birthDate.slice(5, 7)),
    sponsoredSince: read.sponsoredSince ? new Date(read.sponsoredSince).toISOString() : null,
    fullName: c.fullName,
    birthDate: c.birthDate,
    community: c.community,
    school: c.school,
    guardianName: c.guardianName,
    programId: c.programId,
    status: c.status,
    statusReason: c.statusReason,
    // The story as stored is the approved one; false while an edit waits for approval.
    storyApproved: c.approvedStory != null && c.approvedStory === c.story,
    // What staff edit: the story as stored, shown or not (the form saves this one back).
    storedStory: c.story,
    waitingSince: c.waitingSince.toISOString(),
    sponsorPlaces: c.sponsorPlaces,
    takenPlaces: Number(read.taken),
    familySituation: c.familySituation,
    notes: c.notes,
  };
}
