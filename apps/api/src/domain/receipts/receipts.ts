// Fiscal receipts (docs/product.md#receipts, decision 0020): issued once inside the transaction that
// completes a donation, numbered per series without gaps, kept as issued, voided by a refund, emailed
// with the PDF attached (the yearly statements are in statements.ts).
import { and, eq, sql } from 'drizzle-orm';
import { type Role } from '@donaciones/shared/constants';
import { formatCents, formatReceiptNumber } from '@donaciones/shared/format';
import { can } from '@donaciones/shared/permissions';
import type { Db } from '../../db/client';
import { donations, donors, type EmailAttachment, emailOutbox, programs, type ReceiptIssuer, receiptCounters, receipts, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { receiptMessages } from '../../messages/receipts';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { getFiscalSettings, getSettings } from '../../platform/settings';
import { giftEmailsWithheld } from '../accounts/gift-emails';

export type ReceiptRow = typeof receipts.$inferSelect;
type DonationRow = typeof donations.$inferSelect;

/** How a receipt's number is printed: series and six digits, `A-000275`. */
export const receiptLabel = (r: Pick<ReceiptRow, 'series' | 'number'>): string => formatReceiptNumber(r.number, r.series);

/**
 * The PDF's file name, after what the document is (docs/product.md#receipts): `recibo-A-000275.pdf` once
 * SAT certified it (the PDF's title "Recibo por donación"), `constancia-A-000275.pdf` until then
 * ("Constancia de donación"). The email's attachment and every download use it.
 */
export const receiptFilename = (r: Pick<ReceiptRow, 'series' | 'number' | 'felUuid'>): string => `${r.felUuid ? 'recibo' : 'constancia'}-${receiptLabel(r)}.pdf`;

/**
 * The series of a donation's receipt, as a column of any select from `donations` (null without one):
 * the lists only repeat the number, and a number may repeat across series.
 */
// Spelled out: drizzle leaves column names unqualified in a select from one table, and a bare "id" would
// be the receipt's own.
export const receiptSeriesColumn = sql<string | null>`(select "r"."series" from "receipts" "r" where "r"."donation_id" = "donations"."id")`;

/** The series of one donation's receipt, or null when it has none. */
export async function receiptSeriesOf(db: Db, donationId: number): Promise<string | null> {
  const [row] = await db.select({ series: receipts.series }).from(receipts).where(eq(receipts.donationId, donationId)).limit(1);
  return row?.series ?? null;
}

/** The donor's tax id when the donation does not say its kind: a 13-digit CUI, a NIT, or CF. */
export function donorTaxId(nit: string | null | undefined): { kind: 'nit' | 'cui' | 'cf'; value: string } {
  const value = nit?.trim() ?? '';
  if (value === '' || /^c\/?f$/i.test(value)) return { kind: 'cf', value: 'CF' };
  if (/^\d{13}$/.test(value)) return { kind: 'cui', value };
  return { kind: 'nit', value };
}

let felCertification = false;

/**
 * Whether receipts issued from now on wait for electronic certification (FEL) before they are emailed:
 * set once at start from FEL_PROVIDER (one process, one configuration). While it is off every receipt
 * is issued `not_required` and emailed at once; when on, `pending`, and the certification emails it.
 */
export function setFelCertification(on: boolean): void {
  felCertification = on;
}

/**
 * Issues the receipt of a donation that has just completed, in the caller's transaction: the next
 * number of the configured series (the counter row stays locked until the transaction ends, so
 * concurrent completions queue and a rollback gives the number back), the donor's and issuer's data as
 * they are now, and the donation's `receipt_number`. A donation that already has one keeps it.
 * `email: false` (demo content) issues it without emailing the donor.
 */
export async function issueReceipt(tx: Db, donationId: number, options: { email?: boolean } = {}): Promise<ReceiptRow> {
  const [existing] = await tx.select().from(receipts).where(eq(receipts.donationId, donationId)).limit(1);
  if (existing) return existing;
  const [row] = await tx
    .select({ donation: donations, programName: programs.name, address: users.address })
    .from(donations)
    .leftJoin(programs, eq(programs.id, donations.programId))
    .leftJoin(users, eq(users.id, donations.userId))
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!row) throw notFound(receiptMessages.receiptNotFound);
  const d: DonationRow = row.donation;
  const [fiscal, org] = await Promise.all([getFiscalSettings(tx), getSettings(tx, 'organization')]);
  // Demo fixtures (email: false) are neither emailed nor sent for certification.
  const email = options.email ?? true;
  const felStatus = felCertification && email ? 'pending' : 'not_required';
  const series = fiscal.receiptSeries || 'A';
  const [{ lastNumber }] = await tx
    .insert(receiptCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.series, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptCounters.lastNumber });
  const derived = donorTaxId(d.donorNit);
  const taxId = d.donorTaxIdKind ? { kind: d.donorTaxIdKind, value: d.donorTaxIdKind === 'cf' ? 'CF' : (d.donorNit ?? derived.value) } : derived;
  const issuer: ReceiptIssuer = {
    ...fiscal,
    organization: { name: org.name, address: org.address, phone: org.phone, email: org.email },
  };
  const [receipt] = await tx
    .insert(receipts)
    .values({
      donationId: d.id,
      series,
      number: lastNumber,
      donorName: d.donorName,
      donorEmail: d.donorEmail,
      donorTaxIdKind: taxId.kind,
      donorTaxId: taxId.value,
      donorAddress: row.address || null,
      referenceCode: d.referenceCode,
      donationType: d.donationType,
      description: d.description,
      programName: row.programName,
      // A gift the office entered is dated the day it arrived, even when approved days later
      // (gift entry stores that day's start, or the moment of entry when it arrived today, as created_at).
      donatedAt: d.receivedOn != null ? d.createdAt : (d.completedAt ?? sql`now()`),
      amountCents: d.amountCents,
      currency: d.currency,
      gtqCents: d.gtqCents,
      exchangeRate: d.exchangeRate,
      exchangeRateDate: d.exchangeRateDate,
      coveredFeeCents: d.coveredFeeCents,
      providerFeeCents: d.feeCents,
      issuer,
      felStatus,
    })
    .returning();
  await tx.update(donations).set({ receiptNumber: lastNumber }).where(eq(donations.id, d.id));
  if (felStatus === 'not_required' && email) await enqueueReceiptEmail(tx, receipt.id);
  return receipt;
}

/**
 * Queues the donor's email with the receipt PDF attached (rendered when it is sent). Called once at
 * issue when no certification is needed, by the certification once it is done, and by staff's re-send;
 * null when the donor gave no email.
 */
export async function enqueueReceiptEmail(tx: Db, receiptId: number, to?: string): Promise<number | null> {
  const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, receiptId)).limit(1);
  if (!receipt) throw notFound(receiptMessages.receiptNotFound);
  const address = to ?? receipt.donorEmail;
  // A gift the office entered without the donor's email: its receipt is handed over printed.
  if (address.trim() === '') return null;
  const m = receiptMessages.email;
  const document = m.document(receipt.felStatus === 'certified');
  return enqueueEmail(tx, {
    to: address,
    subject: m.subject(document, receiptLabel(receipt)),
    text: m.text(
      receipt.donorName,
      formatCents(receipt.amountCents, receipt.currency),
      receipt.referenceCode,
      document,
      receiptLabel(receipt),
      `${PUBLIC_URL_MARK}/donor/receipts`,
      receipt.voidedAt != null,
    ),
    template: 'donation-receipt',
    attachments: [{ kind: 'receipt', receiptId: receipt.id }],
  });
}

/**
 * One email per event (docs/product.md#email): the email of the event that completed a donation (the
 * thank-you, an approval, a monthly charge) carries the receipt issued in the same transaction. The
 * receipt's own email, queued at issue in this transaction and so never sent, is withdrawn; the caller
 * attaches the PDF and adds `note` to its text. When certification is pending the note says the
 * receipt follows, and the certification sends it (or, to a donor who asked for no receipts by email,
 * that it will be in Recibos).
 */
export async function takeReceiptEmail(tx: Db, donationId: number): Promise<{ attachments: EmailAttachment[]; note: string; word: string }> {
  const [receipt] = await tx.select().from(receipts).where(eq(receipts.donationId, donationId)).limit(1);
  if (!receipt) return { attachments: [], note: '', word: receiptMessages.email.word(false) };
  // What the email calls the document by its number: the same word as the attached PDF's title.
  const word = receiptMessages.email.word(receipt.felStatus === 'certified');
  const attachment: EmailAttachment = { kind: 'receipt', receiptId: receipt.id };
  const withdrawn = await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.template, 'donation-receipt'),
        eq(emailOutbox.status, 'pending'),
        // now() is the transaction's start: only a row queued by this transaction matches.
        sql`${emailOutbox.createdAt} = now()`,
        sql`${emailOutbox.attachments} @> ${JSON.stringify([attachment])}::jsonb`,
      ),
    )
    .returning({ id: emailOutbox.id });
  const m = receiptMessages.email;
  const document = m.document(receipt.felStatus === 'certified');
  if (withdrawn.length > 0) return { attachments: [attachment], note: `\n\n${m.attachedNote(document, receiptLabel(receipt), `${PUBLIC_URL_MARK}/donor/receipts`)}`, word };
  if (receipt.felStatus !== 'pending') return { attachments: [], note: '', word };
  // The certified receipt follows by email only to a donor who gets receipts by email (decision 0081).
  const follows = !(await giftEmailsWithheld(tx, receipt.donorEmail));
  return { attachments: [], note: `\n\n${follows ? m.followsNote(receiptLabel(receipt)) : m.inAreaNote(receiptLabel(receipt), `${PUBLIC_URL_MARK}/donor/receipts`)}`, word };
}

/**
 * The receipt's email once its certification ends (or is given up), the one a receipt sends on its own:
 * withheld from an account that asked for no receipts by email, which reads it in Recibos (decision 0081).
 * Staff's re-send (resendReceipt) always goes.
 */
export async function enqueueCertifiedReceiptEmail(tx: Db, receiptId: number): Promise<number | null> {
  const [receipt] = await tx.select({ donorEmail: receipts.donorEmail }).from(receipts).where(eq(receipts.id, receiptId)).limit(1);
  if (receipt && (await giftEmailsWithheld(tx, receipt.donorEmail))) return null;
  return enqueueReceiptEmail(tx, receiptId);
}

/** A refund voids the donation's receipt, in the refund's transaction; the PDF then says ANULADO. */
export async function voidReceipt(tx: Db, donationId: number, reason: string): Promise<void> {
  await tx
    .update(receipts)
    .set({ voidedAt: sql`now()`, voidReason: reason })
    .where(and(eq(receipts.donationId, donationId), sql`${receipts.voidedAt} IS NULL`));
}

export interface ReceiptViewer {
  id: number;
  roles: readonly Role[];
}

/**
 * The receipt of a donation, for its owner or an ADMIN. Anyone else gets the same 404 as for an
 * unknown id, so receipts cannot be used to learn which donations exist.
 */
export async function receiptForViewer(db: Db, donationId: number, viewer: ReceiptViewer): Promise<ReceiptRow> {
  const [row] = await db
    .select({ receipt: receipts, userId: donations.userId, status: donations.status })
    .from(donations)
    .leftJoin(receipts, eq(receipts.donationId, donations.id))
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!row) throw notFound(receiptMessages.receiptNotFound);
  if (row.userId !== viewer.id && !can(viewer.roles, 'donors.read')) throw notFound(receiptMessages.receiptNotFound);
  if (!row.receipt) throw notFound(receiptMessages.receiptNotAvailable);
  return row.receipt;
}

/**
 * Where a receipt goes again: the address it was issued to, or, for a gift entered without one, the
 * address staff gave later (the gift's, then the first of its donor record's). The receipt itself
 * keeps what was issued.
 */
async function resendAddress(tx: Db, receipt: ReceiptRow): Promise<string> {
  if (receipt.donorEmail.trim() !== '') return receipt.donorEmail;
  const [later] = await tx
    .select({ gift: donations.donorEmail, record: donors.emails })
    .from(donations)
    .leftJoin(donors, eq(donors.id, donations.donorId))
    .where(eq(donations.id, receipt.donationId))
    .limit(1);
  return later?.gift.trim() || later?.record?.[0] || '';
}

/** Staff re-send a donation's receipt to the donor (audited); 409 when the gift has no email to send it to. */
export async function resendReceipt(db: Db, input: { donationId: number; actor: Actor; ip?: string | null }): Promise<{ receipt: ReceiptRow; to: string }> {
  return db.transaction(async (tx) => {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.donationId, input.donationId)).limit(1);
    if (!receipt) throw notFound(receiptMessages.receiptNotAvailable);
    const to = await resendAddress(tx, receipt);
    // A gift the office entered without the donor's email, and none given since: its receipt is handed over printed.
    if (to === '') throw conflict(receiptMessages.noEmailAnywhere);
    await enqueueReceiptEmail(tx, receipt.id, to);
    await audit(tx, {
      actor: input.actor,
      action: 'receipt.resend',
      entityType: 'donation',
      entityId: input.donationId,
      details: { receipt: receiptLabel(receipt), to },
      ip: input.ip,
    });
    return { receipt, to };
  });
}

/** Marks the receipts an email carried as emailed, once the email was accepted. */
export async function markReceiptsEmailed(db: Db, attachments: readonly EmailAttachment[]): Promise<void> {
  const ids = attachments.flatMap((a) => (a.kind === 'receipt' ? [a.receiptId] : []));
  for (const id of ids) await db.update(receipts).set({ emailedAt: sql`now()` }).where(eq(receipts.id, id));
}

/** The receipt of a donation, if it has one. */
export async function receiptOf(db: Db, donationId: number): Promise<ReceiptRow | null> {
  const [r] = await db.select().from(receipts).where(eq(receipts.donationId, donationId)).limit(1);
  return r ?? null;
}
