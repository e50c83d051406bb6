// Merging duplicate donors (docs/product.md#donors): a preview of the result, then the merge moves the
// gifts (and with them their receipts and monthly gifts) to the donor kept, joins emails, phones, tags
// and notes, and keeps a merge record of what moved and both donors' previous fields; undo restores
// exactly that state. Every merge and undo is audited.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DONATION_STATUSES, type DonationStatus } from '@donaciones/shared/constants';
import { donorsMessages as m } from '@donaciones/shared/messages/donors';
import type { MergePreview } from '@donaciones/shared/schemas/donors';
import type { Db } from '../../db/client';
import { donations, donorMerges, donors, receipts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { donorRow } from './page';
import { donorOf, type DonorRow } from './views';

/** The fields a merge may change on either donor, saved as they were so undo puts them back. */
const SAVED = [
  'kind', 'name', 'contactPerson', 'taxId', 'taxIdKind', 'emails', 'phones', 'address', 'consentEmail', 'consentEmailAt',
  'consentEmailSource', 'consentWhatsapp', 'consentWhatsappAt', 'consentWhatsappSource', 'notes', 'tags', 'userId', 'mergedIntoId',
] as const;
type Saved = Pick<DonorRow, (typeof SAVED)[number]>;

const saved = (row: DonorRow): Saved => Object.fromEntries(SAVED.map((k) => [k, row[k]])) as Saved;
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The donor kept, as it will be after the merge (nothing of the other is dropped). */
function merged(survivor: DonorRow, other: DonorRow): DonorRow {
  // Each consent as most recently recorded on either donor (a donor never asked has no date).
  const newer = (a: Date | null, b: Date | null) => b != null && (a == null || b > a);
  const emailConsent = newer(survivor.consentEmailAt, other.consentEmailAt) ? other : survivor;
  const whatsappConsent = newer(survivor.consentWhatsappAt, other.consentWhatsappAt) ? other : survivor;
  return {
    ...survivor,
    contactPerson: survivor.contactPerson ?? other.contactPerson,
    taxId: survivor.taxId ?? other.taxId,
    taxIdKind: survivor.taxId ? survivor.taxIdKind : other.taxIdKind,
    emails: union(survivor.emails, other.emails),
    phones: union(survivor.phones, other.phones),
    address: survivor.address ?? other.address,
    consentEmail: emailConsent.consentEmail,
    consentEmailAt: emailConsent.consentEmailAt,
    consentEmailSource: emailConsent.consentEmailSource,
    consentWhatsapp: whatsappConsent.consentWhatsapp,
    consentWhatsappAt: whatsappConsent.consentWhatsappAt,
    consentWhatsappSource: whatsappConsent.consentWhatsappSource,
    notes: [survivor.notes, other.notes].filter((n) => n && n.trim()).join('\n\n') || null,
    tags: union(survivor.tags, other.tags),
    userId: survivor.userId ?? other.userId,
    giftCount: survivor.giftCount + other.giftCount,
    lifetimeCents: Number(survivor.lifetimeCents) + Number(other.lifetimeCents),
    firstGiftAt: survivor.firstGiftAt && other.firstGiftAt ? (survivor.firstGiftAt < other.firstGiftAt ? survivor.firstGiftAt : other.firstGiftAt) : (survivor.firstGiftAt ?? other.firstGiftAt),
    lastGiftAt: later(survivor.lastGiftAt, other.lastGiftAt),
  };
}

async function pair(db: Db, survivorId: number, mergedId: number) {
  if (survivorId === mergedId) throw badRequest(m.sameDonor);
  const survivor = await donorRow(db, survivorId);
  const other = await donorRow(db, mergedId);
  if (survivor.mergedIntoId != null || other.mergedIntoId != null) throw conflict(m.alreadyMerged);
  return { survivor, other };
}

/**
 * What the merge moves: every donation of the merged donor. Only the completed ones are gifts, as the
 * donor's figures and "N donaciones" count them; the others (pending, failed, cancelled...) move too
 * and are counted apart, by status. Likewise a receipt voided (its gift refunded or annulled) moves
 * but is no receipt the donor holds: counted apart.
 */
async function moves(db: Db, mergedId: number): Promise<MergePreview['moves']> {
  const [[counts], byStatus] = await Promise.all([
    db
      .select({
        receipts: sql<number>`count(${receipts.id}) FILTER (WHERE ${receipts.voidedAt} IS NULL)::int`,
        voidedReceipts: sql<number>`count(${receipts.id}) FILTER (WHERE ${receipts.voidedAt} IS NOT NULL)::int`,
        monthlyGifts: sql<number>`count(DISTINCT ${donations.recurringGiftId})::int`,
      })
      .from(donations)
      .leftJoin(receipts, eq(receipts.donationId, donations.id))
      .where(eq(donations.donorId, mergedId)),
    db.select({ status: donations.status, count: sql<number>`count(*)::int` }).from(donations).where(eq(donations.donorId, mergedId)).groupBy(donations.status),
  ]);
  const countOf = (status: DonationStatus) => Number(byStatus.find((r) => r.status === status)?.count ?? 0);
  const others = DONATION_STATUSES.filter((s) => s !== 'completed').map((status) => ({ status, count: countOf(status) })).filter((o) => o.count > 0);
  return { gifts: countOf('completed'), receipts: Number(counts.receipts), voidedReceipts: Number(counts.voidedReceipts), monthlyGifts: Number(counts.monthlyGifts), others };
}

export async function mergePreview(db: Db, survivorId: number, mergedId: number): Promise<MergePreview> {
  const { survivor, other } = await pair(db, survivorId, mergedId);
  return { survivor: donorOf(survivor), merged: donorOf(other), result: donorOf(merged(survivor, other)), moves: await moves(db, mergedId) };
}

export async function mergeDonors(db: Db, input: { survivorId: number; mergedId: number; actor: Actor; ip?: string | null }) {
  return db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same donors wait for each other.
    await tx.select({ id: donors.id }).from(donors).where(inArray(donors.id, [input.survivorId, input.mergedId])).orderBy(donors.id).for('update');
    const { survivor, other } = await pair(tx, input.survivorId, input.mergedId);
    const moved = await tx.select({ id: donations.id }).from(donations).where(eq(donations.donorId, other.id));
    const result = merged(survivor, other);
    // The merged donor leaves the account first: one account has one live donor.
    await tx.update(donors).set({ mergedIntoId: survivor.id, userId: null, updatedAt: new Date() }).where(eq(donors.id, other.id));
    const { giftCount: _g, lifetimeCents: _l, firstGiftAt: _f, lastGiftAt: _a, id: _i, createdAt: _c, searchText: _s, ...fields } = result;
    await tx.update(donors).set({ ...fields, updatedAt: new Date() }).where(eq(donors.id, survivor.id));
    await tx.update(donations).set({ donorId: survivor.id }).where(eq(donations.donorId, other.id));
    const [record] = await tx
      .insert(donorMerges)
      .values({
        survivorId: survivor.id,
        mergedId: other.id,
        createdBy: input.actor.id,
        moved: { donationIds: moved.map((d) => d.id), survivorBefore: saved(survivor), mergedBefore: saved(other) },
      })
      .returning();
    const details = { mergeId: record.id, survivorId: survivor.id, mergedId: other.id, donations: moved.length };
    await audit(tx, { actor: input.actor, action: 'donor.merge', entityType: 'donor', entityId: survivor.id, details, ip: input.ip });
    await audit(tx, { actor: input.actor, action: 'donor.merged_into', entityType: 'donor', entityId: other.id, details, ip: input.ip });
    return { mergeId: record.id, donor: donorOf(await donorRow(tx, survivor.id)) };
  });
}

/** Dates come back from jsonb as text. */
function revive(fields: Saved): Saved {
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return { ...fields, consentEmailAt: date(fields.consentEmailAt), consentWhatsappAt: date(fields.consentWhatsappAt) };
}

export async function undoMerge(db: Db, input: { mergeId: number; actor: Actor; ip?: string | null }) {
  return db.transaction(async (tx) => {
    const [record] = await tx.select().from(donorMerges).where(eq(donorMerges.id, input.mergeId)).for('update');
    if (!record) throw notFound(m.mergeNotFound);
    if (record.undoneAt) throw conflict(m.mergeAlreadyUndone);
    const [newer] = await tx
      .select({ id: donorMerges.id })
      .from(donorMerges)
      .where(and(isNull(donorMerges.undoneAt), sql`${donorMerges.id} > ${record.id}`,
        or(inArray(donorMerges.survivorId, [record.survivorId, record.mergedId]), inArray(donorMerges.mergedId, [record.survivorId, record.mergedId]))))
      .orderBy(desc(donorMerges.id))
      .limit(1);
    if (newer) throw conflict(m.mergeLaterFirst);
    const moved = record.moved as { donationIds: number[]; survivorBefore: Saved; mergedBefore: Saved };
    await tx.update(donors).set({ ...revive(moved.survivorBefore), updatedAt: new Date() }).where(eq(donors.id, record.survivorId));
    await tx.update(donors).set({ ...revive(moved.mergedBefore), updatedAt: new Date() }).where(eq(donors.id, record.mergedId));
    if (moved.donationIds.length > 0) {
      await tx.update(donations).set({ donorId: record.mergedId })
        .where(and(inArray(donations.id, moved.donationIds), eq(donations.donorId, record.survivorId)));
    }
    await tx.update(donorMerges).set({ undoneAt: new Date(), undoneBy: input.actor.id }).where(eq(donorMerges.id, record.id));
    const details = { mergeId: record.id, survivorId: record.survivorId, mergedId: record.mergedId, donations: moved.donationIds.length };
    await audit(tx, { actor: input.actor, action: 'donor.merge_undo', entityType: 'donor', entityId: record.survivorId, details, ip: input.ip });
    await audit(tx, { actor: input.actor, action: 'donor.merge_undo', entityType: 'donor', entityId: record.mergedId, details, ip: input.ip });
    return { survivor: donorOf(await donorRow(tx, record.survivorId)), merged: donorOf(await donorRow(tx, record.mergedId)) };
  });
}
