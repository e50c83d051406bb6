// The staff's child records (docs/product.md#sponsorship): create, edit, status with its reason, the
// guardians' consents and the photos (re-encoded without metadata by the deposit slips' pipeline).
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import { progressReportMessages } from '@donaciones/shared/messages/progress-reports';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { ChildInput, ChildStatusInput, ConsentInput, StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';
import type { Db } from '../../db/client';
import { childConsents, childPhotos, programs, recurringGifts, sponsoredChildren, sponsorships } from '../../db/schema';
import { fieldError, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { processPhotoFile } from '../deposits/slip-files';
import { childView, currentConsent, readChildren } from './views';
import type { LinkContext } from '../ledger/links';
import { enqueueChildLeftEmails } from './child-left-email';
import { endSponsorshipsOfLeftChild, releaseHoldsOfLeftChild } from './child-left-offers';
import { sponsorNameSql } from './sponsor-recipient';
import { CHILD_MAX_AGE, PHOTO_CONSENT_SCOPES, ageOn, sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';

/** The story is public once approved: refused while the contact-details detector finds anything in it. */
function checkStory(story: string): void {
  const flags = findLetterFlags(story);
  if (flags.length > 0) throw fieldError('story', progressReportMessages.storyContactDetails(flags));
}

async function checkProgram(db: Db, programId: number | null): Promise<void> {
  if (programId == null) return;
  const [p] = await db.select({ id: programs.id }).from(programs).where(and(eq(programs.id, programId), eq(programs.isActive, true)));
  if (!p) throw fieldError('programId', m.programInvalid);
}

const valuesOf = (input: ChildInput) => ({
  firstName: input.firstName,
  fullName: input.fullName,
  birthDate: input.birthDate,
  department: input.department,
  programId: input.programId,
  story: input.story,
  community: input.community,
  school: input.school,
  guardianName: input.guardianName,
  familySituation: input.familySituation,
  notes: input.notes,
  sponsorPlaces: input.sponsorPlaces,
});

export async function createChild(db: Db, input: ChildInput, actor: Actor): Promise<number> {
  checkStory(input.story);
  await checkProgram(db, input.programId);
  const { event: _event, ...approval } = storyApproval(null, input);
  const [row] = await db
    .insert(sponsoredChildren)
    .values({ ...valuesOf(input), ...approval, createdByUserId: actor.id })
    .returning({ id: sponsoredChildren.id });
  await audit(db, { actor, action: 'sponsorship.child_created', entityType: 'sponsored_child', entityId: row.id });
  return row.id;
}

type StoredStory = { story: string; approvedStory: string | null; storyApprovedAt: Date | null };
type StoryApproval = Omit<StoredStory, 'story'> & { event: 'approved' | 'pending' | 'withdrawn' | null };

/**
 * What saving the record does to the public story (decision 0072). The public reads `approvedStory`,
 * never the text as saved. Ticking "Historia aprobada para publicar" approves the story as stored, so
 * a changed text waits for approval whatever the box said (the public keeps the approved text, or
 * nothing if none) and an approval is always of a text staff saw saved. Unticking the box of an
 * approved story, or emptying the story, hides it at once; saving a pending story unticked keeps it
 * pending (the approved text stays public).
 */
export function storyApproval(stored: StoredStory | null, input: Pick<ChildInput, 'story' | 'storyApproved'>): StoryApproval {
  const kept = { approvedStory: stored?.approvedStory ?? null, storyApprovedAt: stored?.storyApprovedAt ?? null };
  const withdrawn = { approvedStory: null, storyApprovedAt: null, event: kept.approvedStory != null ? ('withdrawn' as const) : null };
  const approved = { approvedStory: input.story, storyApprovedAt: kept.approvedStory === input.story ? (kept.storyApprovedAt ?? new Date()) : new Date() };
  if (input.story === '') return withdrawn;
  // A new record: written and approved in one step, as before any text of the child was public.
  if (stored == null) return input.storyApproved ? { ...approved, event: 'approved' } : { ...kept, event: null };
  const wasApproved = stored.approvedStory != null && stored.approvedStory === stored.story;
  if (!input.storyApproved && wasApproved) return withdrawn;
  if (stored.story !== input.story) return { ...kept, event: 'pending' };
  if (input.storyApproved) return { ...approved, event: wasApproved ? null : 'approved' };
  return { ...kept, event: null };
}

export async function updateChild(db: Db, id: number, input: ChildInput, actor: Actor): Promise<void> {
  checkStory(input.story);
  await checkProgram(db, input.programId);
  await db.transaction(async (tx) => {
    // Locked: two saves at once each compare the story with what the other wrote.
    const [stored] = await tx
      .select({ birthDate: sponsoredChildren.birthDate, story: sponsoredChildren.story, approvedStory: sponsoredChildren.approvedStory, storyApprovedAt: sponsoredChildren.storyApprovedAt })
      .from(sponsoredChildren)
      .where(eq(sponsoredChildren.id, id))
      .for('update');
    if (!stored) throw notFound(m.childNotFound);
    // A child who turned 18 in the programme keeps an editable record; a changed birth date must be of a
    // child under 18 (the body's schema cannot know the stored date: childEditInputSchema).
    if (input.birthDate !== stored.birthDate && ageOn(input.birthDate, sponsorshipToday()) >= CHILD_MAX_AGE) throw fieldError('birthDate', m.birthDateAdult);
    const { event, ...approval } = storyApproval(stored, input);
    await tx.update(sponsoredChildren).set({ ...valuesOf(input), ...approval, updatedAt: sql`now()` }).where(eq(sponsoredChildren.id, id));
    await audit(tx, { actor, action: 'sponsorship.child_updated', entityType: 'sponsored_child', entityId: id, details: event ? { story: event } : undefined });
  });
}

/**
 * Esperando, apadrinado, en pausa, salió del programa (with its reason). Back to waiting restarts the
 * wait. Setting "salió del programa" (from another status) tells each active sponsor, once.
 */
export async function setChildStatus(db: Db, id: number, input: ChildStatusInput, actor: Actor, ctx: LinkContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: sponsoredChildren.status }).from(sponsoredChildren).where(eq(sponsoredChildren.id, id)).for('update');
    if (!before) throw notFound(m.childNotFound);
    await tx
      .update(sponsoredChildren)
      .set({
        status: input.status,
        statusReason: input.reason === '' ? null : input.reason,
        waitingSince: input.status === 'waiting' ? sql`case when ${sponsoredChildren.status} = 'waiting' then ${sponsoredChildren.waitingSince} else now() end` : sponsoredChildren.waitingSince,
        updatedAt: sql`now()`,
      })
      .where(eq(sponsoredChildren.id, id));
    await audit(tx, { actor, action: 'sponsorship.child_status', entityType: 'sponsored_child', entityId: id, details: { status: input.status } });
    // Its sponsors' choice opens (another child, keep giving, cancel) and each is told, once.
    if (input.status === 'left' && before.status !== 'left') {
      await enqueueChildLeftEmails(tx, await endSponsorshipsOfLeftChild(tx, id, actor), ctx);
      await releaseHoldsOfLeftChild(tx, id, actor);
    }
  });
}

export async function listStaffChildren(db: Db) {
  return (await readChildren(db, undefined, [sql`${sponsoredChildren.status}`, sql`${sponsoredChildren.waitingSince}`, sql`${sponsoredChildren.id}`])).map((r) => childView(r));
}

export async function staffChildDetail(db: Db, id: number): Promise<StaffChildDetail> {
  const [read] = await readChildren(db, eq(sponsoredChildren.id, id));
  if (!read) throw notFound(m.childNotFound);
  const today = read.today;
  const consents = await db.select().from(childConsents).where(eq(childConsents.childId, id)).orderBy(desc(childConsents.givenOn), desc(childConsents.id));
  const photos = await db
    .select({ id: childPhotos.id, createdAt: childPhotos.createdAt })
    .from(childPhotos)
    .where(eq(childPhotos.childId, id))
    .orderBy(desc(childPhotos.createdAt), desc(childPhotos.id));
  const places = await db
    .select({ s: sponsorships, sponsorName: sponsorNameSql, provider: recurringGifts.provider, transferReference: recurringGifts.transferReference })
    .from(sponsorships)
    .leftJoin(recurringGifts, eq(recurringGifts.id, sponsorships.recurringGiftId))
    .where(eq(sponsorships.childId, id))
    .orderBy(desc(sponsorships.id))
    .limit(20);
  const child = childView(read);
  return {
    child,
    returnsToListAt: child.status === 'waiting' && child.takenPlaces >= child.sponsorPlaces ? await placeFreeAgainAt(db, id) : null,
    consents: consents.map((c) => ({
      id: c.id,
      givenBy: c.givenBy,
      relationship: c.relationship,
      givenOn: c.givenOn,
      scope: c.scope,
      expiresOn: c.expiresOn,
      revokedAt: c.revokedAt?.toISOString() ?? null,
      current: c.revokedAt == null && c.givenOn <= today && c.expiresOn >= today,
    })),
    photos: photos.map((p) => ({ id: p.id, url: `/api/v1/admin/sponsorship/photos/${p.id}`, shown: read.photoId === p.id, createdAt: p.createdAt.toISOString() })),
    sponsorships: places.map(({ s, sponsorName, provider, transferReference }) => ({
      id: s.id,
      status: s.status,
      sponsorName,
      startedAt: s.startedAt?.toISOString() ?? null,
      heldUntil: s.heldUntil.toISOString(),
      // How the sponsor pays (decision 0054): a gift by transfer has its permanent reference.
      paymentMethod: provider == null ? null : transferReference != null ? ('transfer' as const) : ('card' as const),
      transferReference,
    })),
  };
}

/** The first place kept after a sponsor stopped that is free again, read at query time like the list. */
async function placeFreeAgainAt(db: Db, childId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${sponsorships.placeFreeAt})` })
    .from(sponsorships)
    .where(and(eq(sponsorships.childId, childId), sql`${sponsorships.placeFreeAt} > now()`));
  return row?.at ? new Date(row.at).toISOString() : null;
}

async function requireChild(db: Db, id: number): Promise<void> {
  const [c] = await db.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(eq(sponsoredChildren.id, id));
  if (!c) throw notFound(m.childNotFound);
}

export async function addConsent(db: Db, childId: number, input: ConsentInput, actor: Actor): Promise<void> {
  await requireChild(db, childId);
  const [row] = await db.insert(childConsents).values({ childId, ...input, recordedByUserId: actor.id }).returning({ id: childConsents.id });
  await audit(db, { actor, action: 'sponsorship.consent_recorded', entityType: 'sponsored_child', entityId: childId, details: { consent_id: row.id, scope: input.scope, expires_on: input.expiresOn } });
}

/** A guardian withdrew a consent: what it covered is hidden at once. */
export async function revokeConsent(db: Db, consentId: number, actor: Actor): Promise<void> {
  const [row] = await db
    .update(childConsents)
    .set({ revokedAt: sql`coalesce(${childConsents.revokedAt}, now())` })
    .where(eq(childConsents.id, consentId))
    .returning({ childId: childConsents.childId });
  if (!row) throw notFound(m.consentNotFound);
  await audit(db, { actor, action: 'sponsorship.consent_revoked', entityType: 'sponsored_child', entityId: row.childId, details: { consent_id: consentId } });
}

/** A photo needs a current consent covering photos; it is kept re-encoded, without metadata. */
export async function addPhoto(db: Db, childId: number, file: Buffer, actor: Actor): Promise<number> {
  const [child] = await db.select({ id: sponsoredChildren.id, consented: currentConsent(PHOTO_CONSENT_SCOPES) }).from(sponsoredChildren).where(eq(sponsoredChildren.id, childId));
  if (!child) throw notFound(m.childNotFound);
  if (!child.consented) throw fieldError('file', m.photoNeedsConsent);
  const kept = await processPhotoFile(file, m.photoNotImage);
  const [row] = await db
    .insert(childPhotos)
    .values({
      childId,
      contentType: kept.contentType,
      sizeBytes: kept.data.length,
      sha256: createHash('sha256').update(kept.data).digest('hex'),
      data: kept.data,
      uploadedByUserId: actor.id,
    })
    .returning({ id: childPhotos.id });
  await audit(db, { actor, action: 'sponsorship.photo_added', entityType: 'sponsored_child', entityId: childId, details: { photo_id: row.id } });
  return row.id;
}

export async function staffPhoto(db: Db, photoId: number) {
  const [p] = await db.select({ contentType: childPhotos.contentType, data: childPhotos.data }).from(childPhotos).where(eq(childPhotos.id, photoId));
  if (!p) throw notFound(m.photoNotFound);
  return p;
}
