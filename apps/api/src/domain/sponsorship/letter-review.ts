// The staff's letters queue (docs/product.md#sponsorship-letters, decision 0049): each letter with the
// contact details found in it, approved only once every flag is redacted ("[retirado]") or staff give
// a reason to approve it as written; returned with a reason; a sponsor's letter marked delivered once
// handed to the child. Children's replies are typed (and translated) by staff and pass the same queue.
// A letter to a child who left the programme is neither approved nor delivered (409): staff return it
// to the sponsor with a reason, also once approved; nothing is deleted when the child leaves.
import { and, asc, eq, notExists } from 'drizzle-orm';
import { findLetterFlags, redactSpans } from '@donaciones/shared/letter-flags';
import { letterMessages as m } from '@donaciones/shared/messages/letters';
import type { ApproveLetterInput, ReplyInput, StaffLetter } from '@donaciones/shared/schemas/letters';
import type { LetterStatus } from '@donaciones/shared/schemas/letter-codes';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorshipLetters, sponsorships, users } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { letterEmailMessages } from '../../messages/letters';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { sponsorLettersPath } from '../ledger/links';
import { imageReviewAtApproval } from './letter-image-redaction';
import { fileKeys, type LetterFileKeys } from './letters';
import { firstNameOf, sponsorAddress, sponsorNameSql } from './sponsor-recipient';

const HOUR_MS = 3_600_000;

function staffSelect(db: Db) {
  return db
    .select({ letter: sponsorshipLetters, childFirstName: sponsoredChildren.firstName, community: sponsoredChildren.community, childStatus: sponsoredChildren.status, sponsorName: sponsorNameSql })
    .from(sponsorshipLetters)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipLetters.sponsorshipId))
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorshipLetters.childId));
}
type StaffRow = Awaited<ReturnType<ReturnType<typeof staffSelect>['where']>>[number];

function toStaffLetter(row: StaffRow, files: LetterFileKeys, now: Date): StaffLetter {
  const l = row.letter;
  const until = l.reviewedAt ?? now;
  return {
    id: l.id,
    sponsorshipId: l.sponsorshipId,
    childId: l.childId,
    childFirstName: row.childFirstName,
    community: row.community,
    childLeft: row.childStatus === 'left',
    sponsorName: row.sponsorName ?? '',
    direction: l.direction,
    status: l.status,
    body: l.body,
    flags: l.flags,
    sharedBody: l.sharedBody,
    translation: l.translation,
    overrideReason: l.overrideReason,
    returnReason: l.returnReason,
    hasPhoto: files.has(`${l.id}:photo`),
    hasScan: files.has(`${l.id}:scan`),
    imageBoxes: (files.get(`${l.id}:photo`)?.boxes ?? 0) + (files.get(`${l.id}:scan`)?.boxes ?? 0),
    imageVersion: (files.get(`${l.id}:photo`) ?? files.get(`${l.id}:scan`))?.version ?? null,
    imageReview: l.imageReview,
    createdAt: l.createdAt.toISOString(),
    reviewedAt: l.reviewedAt?.toISOString() ?? null,
    deliveredAt: l.deliveredAt?.toISOString() ?? null,
    serviceHours: Math.round(((until.getTime() - l.createdAt.getTime()) / HOUR_MS) * 10) / 10,
  };
}

/** Letters in one state, oldest first (the queue is served in order of arrival). */
export async function letterQueue(db: Db, status: LetterStatus, now = new Date()) {
  const rows = await staffSelect(db).where(eq(sponsorshipLetters.status, status)).orderBy(asc(sponsorshipLetters.createdAt), asc(sponsorshipLetters.id));
  const files = await fileKeys(db, rows.map((r) => r.letter.id));
  return { letters: rows.map((row) => toStaffLetter(row, files, now)) };
}

export async function letterForStaff(db: Db, letterId: number, now = new Date()): Promise<StaffLetter> {
  const [row] = await staffSelect(db).where(eq(sponsorshipLetters.id, letterId));
  if (!row) throw new NotFoundError(m.letterNotFound);
  return toStaffLetter(row, await fileKeys(db, [letterId]), now);
}

async function lockInReview(db: Db, letterId: number, alsoApprovedToLeftChild = false) {
  const [letter] = await db.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, letterId)).for('update');
  if (!letter) throw new NotFoundError(m.letterNotFound);
  if (letter.status === 'in_review') return letter;
  // An approved letter whose child left can only go back to its sponsor.
  if (alsoApprovedToLeftChild && letter.status === 'approved' && (await toChildWhoLeft(db, letter))) return letter;
  throw new ConflictError(m.notInReview);
}

/** A sponsor's letter to a child who has left the programme: it can no longer be handed over. */
async function toChildWhoLeft(db: Db, letter: { direction: string; childId: number }) {
  if (letter.direction !== 'to_child') return false;
  const [child] = await db.select({ status: sponsoredChildren.status }).from(sponsoredChildren).where(eq(sponsoredChildren.id, letter.childId));
  return child?.status === 'left';
}

/** Sorted, merged spans inside the text; refuses one outside it. */
export function normaliseSpans(body: string, spans: ReadonlyArray<{ start: number; end: number }>) {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const s of sorted) {
    if (s.start >= s.end || s.end > body.length) throw new InvalidInputError(m.spanInvalid, { redactions: m.spanInvalid });
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/**
 * Approves a letter in review: the redactions become its shared text. A flag left uncovered refuses
 * the approval unless staff give an override reason, kept with the letter and in the audit log.
 */
export async function approveLetter(db: Db, input: { actor: Actor; letterId: number; ip?: string } & ApproveLetterInput) {
  return db.transaction(async (tx) => {
    const letter = await lockInReview(tx, input.letterId);
    if (await toChildWhoLeft(tx, letter)) throw new ConflictError(m.childLeft);
    const spans = normaliseSpans(letter.body, input.redactions ?? []);
    const uncovered = letter.flags.filter((f) => !spans.some((s) => s.start <= f.start && s.end >= f.end));
    const override = input.overrideReason?.trim() || null;
    if (uncovered.length > 0 && !override) throw new ConflictError(m.flagsNotRedacted, { overrideReason: m.flagsNotRedacted });
    const imageReview = await imageReviewAtApproval(tx, letter.id, input.imageConfirmed === true, input.imageVersion);
    const now = new Date();
    const reply = letter.direction === 'to_sponsor';
    await tx
      .update(sponsorshipLetters)
      .set({
        // A reply reaches the sponsor's area the moment it is approved; a sponsor's letter waits for delivery.
        status: reply ? 'delivered' : 'approved',
        sharedBody: redactSpans(letter.body, spans),
        translation: input.translation === undefined ? letter.translation : input.translation || null,
        overrideReason: uncovered.length > 0 ? override : null,
        imageReview,
        reviewedByUserId: input.actor.id,
        reviewedAt: now,
        deliveredAt: reply ? now : null,
        updatedAt: now,
      })
      .where(eq(sponsorshipLetters.id, letter.id));
    await audit(tx, {
      actor: input.actor,
      action: 'letter.approved',
      entityType: 'sponsorship_letter',
      entityId: letter.id,
      details: { redactions: spans.length, flags: letter.flags.length, uncovered: uncovered.length, overrideReason: uncovered.length > 0 ? override : null, imageReview },
      ip: input.ip ?? null,
    });
    if (reply) await enqueueReplyEmail(tx, letter.sponsorshipId, letter.childId, Boolean(input.translation === undefined ? letter.translation : input.translation));
    return letterForStaff(tx, letter.id, now);
  });
}

/**
 * Tells the sponsor a reply is waiting in their area (in the approval's transaction, so once): the
 * child's first name and a link, none of the letter's words nor anything staff keep about the child.
 * Sent to the account that reads the letters, or the address given when sponsoring; none, no email.
 */
async function enqueueReplyEmail(tx: Db, sponsorshipId: number, childId: number, translated: boolean) {
  const [to] = await tx
    .select({ name: sponsorNameSql, sponsorEmail: sponsorships.sponsorEmail, accountEmail: users.email, child: sponsoredChildren.firstName })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, childId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(eq(sponsorships.id, sponsorshipId));
  const address = to ? sponsorAddress(to) : null;
  if (!to || !address) return;
  const m = letterEmailMessages;
  const firstName = firstNameOf(to.name);
  await enqueueEmail(tx, {
    to: address,
    subject: m.replySubject(to.child),
    text: m.replyText(firstName, to.child, translated, `${PUBLIC_URL_MARK}${sponsorLettersPath(sponsorshipId)}`),
    template: 'letter-reply',
  });
}

export async function returnLetter(db: Db, input: { actor: Actor; letterId: number; reason: string; ip?: string }) {
  return db.transaction(async (tx) => {
    const letter = await lockInReview(tx, input.letterId, true);
    const now = new Date();
    await tx
      .update(sponsorshipLetters)
      .set({ status: 'returned', returnReason: input.reason, reviewedByUserId: input.actor.id, reviewedAt: now, updatedAt: now })
      .where(eq(sponsorshipLetters.id, letter.id));
    await audit(tx, { actor: input.actor, action: 'letter.returned', entityType: 'sponsorship_letter', entityId: letter.id, details: { reason: input.reason }, ip: input.ip ?? null });
    return letterForStaff(tx, letter.id, now);
  });
}

export async function markLetterDelivered(db: Db, input: { actor: Actor; letterId: number; ip?: string }) {
  const now = new Date();
  const stillInProgramme = notExists(
    db.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(and(eq(sponsoredChildren.id, sponsorshipLetters.childId), eq(sponsoredChildren.status, 'left'))),
  );
  const [updated] = await db
    .update(sponsorshipLetters)
    .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
    .where(and(eq(sponsorshipLetters.id, input.letterId), eq(sponsorshipLetters.status, 'approved'), eq(sponsorshipLetters.direction, 'to_child'), stillInProgramme))
    .returning({ id: sponsorshipLetters.id });
  if (!updated) {
    const letter = await letterForStaff(db, input.letterId);
    throw new ConflictError(letter.childLeft && letter.direction === 'to_child' ? m.childLeft : m.notApproved);
  }
  await audit(db, { actor: input.actor, action: 'letter.delivered', entityType: 'sponsorship_letter', entityId: input.letterId, ip: input.ip ?? null });
  return letterForStaff(db, input.letterId, now);
}

/** A child's reply as staff typed it; it enters the queue like any letter, invisible to the sponsor until approved. */
export async function addReply(db: Db, input: { actor: Actor; ip?: string } & ReplyInput) {
  const [sponsorship] = await db.select().from(sponsorships).where(eq(sponsorships.id, input.sponsorshipId));
  if (!sponsorship || !['active', 'ended'].includes(sponsorship.status)) {
    throw new InvalidInputError(m.sponsorshipNotFound, { sponsorshipId: m.sponsorshipNotFound });
  }
  const [letter] = await db
    .insert(sponsorshipLetters)
    .values({
      sponsorshipId: sponsorship.id,
      childId: sponsorship.childId,
      direction: 'to_sponsor',
      body: input.body,
      flags: findLetterFlags(input.body),
      translation: input.translation || null,
      writtenByUserId: input.actor.id,
    })
    .returning({ id: sponsorshipLetters.id });
  await audit(db, { actor: input.actor, action: 'letter.reply_added', entityType: 'sponsorship_letter', entityId: letter!.id, ip: input.ip ?? null });
  return letterForStaff(db, letter!.id);
}
