// Fiscal receipts (docs/product.md#receipts, decision 0020): issued once inside the transaction that
// completes a donation, numbered per series without gaps, kept as issued, voided by a refund, emailed
// with the PDF attached, and the yearly statement of each donor.
import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import { TIME_ZONE, type Role } from '@donaciones/shared/constants';
import { formatCents, formatReceiptNumber, guatemalaDay } from '@donaciones/shared/format';
import { hasRole } from '@donaciones/shared/roles';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { annualStatements, donations, type EmailAttachment, emailOutbox, programs, type ReceiptIssuer, receiptCounters, receipts, users } from '../../db/schema';
import { notFound } from '../../errors';
import { receiptMessages } from '../../messages/receipts';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { getFiscalSettings, getSettings } from '../../platform/settings';

export type ReceiptRow = typeof receipts.$inferSelect;
type DonationRow = typeof donations.$inferSelect;

/** How a receipt's number is printed: series and six digits, `A-000275`. */
export const receiptLabel = (r: Pick<ReceiptRow, 'series' | 'number'>): string => formatReceiptNumber(r.number, r.series);

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
      donatedAt: d.completedAt ?? sql`now()`,
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
 * issue when no certification is needed, by the certification once it is done, and by staff's re-send.
 */
export async function enqueueReceiptEmail(tx: Db, receiptId: number): Promise<number> {
  const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, receiptId)).limit(1);
  if (!receipt) throw notFound(receiptMessages.receiptNotFound);
  const m = receiptMessages.email;
  const document = m.document(receipt.felStatus === 'certified');
  return enqueueEmail(tx, {
    to: receipt.donorEmail,
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
 * receipt follows, and the certification sends it.
 */
export async function takeReceiptEmail(tx: Db, donationId: number): Promise<{ attachments: EmailAttachment[]; note: string }> {
  const [receipt] = await tx.select().from(receipts).where(eq(receipts.donationId, donationId)).limit(1);
  if (!receipt) return { attachments: [], note: '' };
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
  if (withdrawn.length > 0) return { attachments: [attachment], note: `\n\n${m.attachedNote(document, receiptLabel(receipt), `${PUBLIC_URL_MARK}/donor/receipts`)}` };
  if (receipt.felStatus === 'pending') return { attachments: [], note: `\n\n${m.followsNote(receiptLabel(receipt))}` };
  return { attachments: [], note: '' };
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
  if (row.userId !== viewer.id && !hasRole(viewer.roles, 'ADMIN')) throw notFound(receiptMessages.receiptNotFound);
  if (!row.receipt) throw notFound(receiptMessages.receiptNotAvailable);
  return row.receipt;
}

/** Staff re-send a donation's receipt to the donor (audited). */
export async function resendReceipt(db: Db, input: { donationId: number; actor: Actor; ip?: string | null }): Promise<ReceiptRow> {
  return db.transaction(async (tx) => {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.donationId, input.donationId)).limit(1);
    if (!receipt) throw notFound(receiptMessages.receiptNotAvailable);
    await enqueueReceiptEmail(tx, receipt.id);
    await audit(tx, {
      actor: input.actor,
      action: 'receipt.resend',
      entityType: 'donation',
      entityId: input.donationId,
      details: { receipt: receiptLabel(receipt), to: receipt.donorEmail },
      ip: input.ip,
    });
    return receipt;
  });
}

// ------------------------------------------------------------------------------ yearly statements

export interface StatementData {
  year: number;
  donor: { name: string; email: string; taxId: string };
  issuer: ReceiptIssuer;
  receipts: ReceiptRow[];
  totalCents: number;
}

/** A receipt's amount in quetzal cents, as the totals add it up. */
export const receiptQuetzalCents = (r: Pick<ReceiptRow, 'currency' | 'amountCents' | 'gtqCents'>): number =>
  r.currency === 'GTQ' ? r.amountCents : (r.gtqCents ?? 0);

/**
 * The valid (not voided) receipts of one donor in one calendar year (Guatemala time), oldest first:
 * those of an account (its donations) or, for `email`, of that address and the account that has it.
 */
export async function loadStatement(db: Db, who: { userId: number } | { email: string }, year: number): Promise<StatementData> {
  let email: string;
  let userId: number | null = null;
  let accountName = '';
  if ('userId' in who) {
    const [account] = await db.select().from(users).where(eq(users.id, who.userId)).limit(1);
    if (!account) throw notFound(receiptMessages.statementEmpty(year));
    ({ email, id: userId } = account);
    accountName = `${account.firstName} ${account.lastName}`.trim();
  } else {
    email = who.email.toLowerCase();
    const [account] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (account) {
      userId = account.id;
      accountName = `${account.firstName} ${account.lastName}`.trim();
    }
  }
  const owner =
    'userId' in who
      ? eq(donations.userId, who.userId)
      : or(sql`lower(${donations.donorEmail}) = ${email}`, userId != null ? eq(donations.userId, userId) : sql`false`);
  const rows = await db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(donations, eq(donations.id, receipts.donationId))
    .where(
      and(
        owner,
        eq(donations.status, 'completed'),
        sql`${receipts.voidedAt} IS NULL`,
        inGuatemalaYear(sql`${receipts.donatedAt}`, year),
      ),
    )
    .orderBy(asc(receipts.donatedAt), asc(receipts.id));
  if (rows.length === 0) throw notFound(receiptMessages.statementEmpty(year));
  const list = rows.map((r) => r.receipt);
  const last = list[list.length - 1];
  const withTaxId = [...list].reverse().find((r) => r.donorTaxIdKind !== 'cf');
  const [fiscal, org] = await Promise.all([getFiscalSettings(db), getSettings(db, 'organization')]);
  return {
    year,
    donor: { name: accountName || last.donorName, email: 'userId' in who ? email : last.donorEmail, taxId: withTaxId?.donorTaxId ?? 'CF' },
    issuer: { ...fiscal, organization: { name: org.name, address: org.address, phone: org.phone, email: org.email } },
    receipts: list,
    totalCents: list.reduce((sum, r) => sum + receiptQuetzalCents(r), 0),
  };
}

/**
 * The calendar year in Guatemala as a range of instants, so that an index on the column serves it
 * (`extract(year ...)` computes the year of every row first).
 */
function inGuatemalaYear(column: SQL, year: number): SQL {
  const from = sql`(${`${year}-01-01`}::timestamp AT TIME ZONE ${TIME_ZONE})`;
  const to = sql`(${`${year + 1}-01-01`}::timestamp AT TIME ZONE ${TIME_ZONE})`;
  return sql`(${column} >= ${from} AND ${column} < ${to})`;
}

function statementEmailAttachment(email: string, year: number): EmailAttachment {
  return { kind: 'statement', email: email.toLowerCase(), year };
}

async function queueStatementEmail(tx: Db, email: string, year: number, donorName: string): Promise<void> {
  const m = receiptMessages.statementEmail;
  await enqueueEmail(tx, {
    to: email,
    subject: m.subject(year),
    text: m.text(donorName, year, `${PUBLIC_URL_MARK}/donor/receipts`),
    template: 'annual-statement',
    attachments: [statementEmailAttachment(email, year)],
  });
}

/** Month and day (`MM-DD`) of the yearly statements; a bad value falls back to 15 January. */
function statementDay(value: string | undefined): string {
  return value && /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) ? value : '01-15';
}

/** How many days after the configured date a process that was down still sends the statements. */
export const STATEMENT_WINDOW_DAYS = 30;

/**
 * The yearly job: on the configured day (and up to STATEMENT_WINDOW_DAYS after it, for a process that
 * was down that day) emails every donor with valid receipts in the past year their statement, once:
 * the row in annual_statements and the email are written in one transaction, and the key refuses a
 * second row, so restarts and concurrent processes never send twice.
 */
export async function sendAnnualStatements(db: Db, now = new Date()): Promise<number> {
  const today = guatemalaDay(now);
  const year = Number(today.slice(0, 4));
  const fiscal = await getFiscalSettings(db);
  const start = `${year}-${statementDay(fiscal.annualStatementDate)}`;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  if (!(days >= 0 && days <= STATEMENT_WINDOW_DAYS)) return 0;
  const donors = rowsOf<{ email: string; name: string }>(
    await db.execute(sql`
      SELECT lower(r.donor_email) AS email, (array_agg(r.donor_name ORDER BY r.donated_at DESC))[1] AS name
      FROM receipts r JOIN donations d ON d.id = r.donation_id
      WHERE d.status = 'completed' AND r.voided_at IS NULL
        AND ${inGuatemalaYear(sql`r.donated_at`, year - 1)}
        AND NOT EXISTS (SELECT 1 FROM annual_statements s WHERE s.year = ${year - 1} AND s.email = lower(r.donor_email))
      GROUP BY lower(r.donor_email)
      ORDER BY 1`),
  );
  let sent = 0;
  for (const donor of donors) {
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(annualStatements)
        .values({ year: year - 1, email: donor.email })
        .onConflictDoNothing()
        .returning({ email: annualStatements.email });
      if (!claimed) return false;
      await queueStatementEmail(tx, donor.email, year - 1, donor.name);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/**
 * Staff send one donor's statement of a year again (the donor of a donation, for the year of its
 * gift unless another is given), audited; 404 when that year has no valid receipts.
 */
export async function resendStatement(db: Db, input: { donationId: number; year?: number; actor: Actor; ip?: string | null }): Promise<{ email: string; year: number }> {
  const [row] = await db
    .select({ email: donations.donorEmail, receipt: receipts })
    .from(donations)
    .leftJoin(receipts, eq(receipts.donationId, donations.id))
    .where(eq(donations.id, input.donationId))
    .limit(1);
  if (!row) throw notFound(receiptMessages.receiptNotFound);
  const year = input.year ?? Number(guatemalaDay(row.receipt?.donatedAt ?? new Date()).slice(0, 4));
  const statement = await loadStatement(db, { email: row.email }, year);
  await db.transaction(async (tx) => {
    await queueStatementEmail(tx, row.email.toLowerCase(), year, statement.donor.name);
    await audit(tx, {
      actor: input.actor,
      action: 'statement.resend',
      entityType: 'donation',
      entityId: input.donationId,
      details: { year, to: row.email.toLowerCase(), receipts: statement.receipts.length },
      ip: input.ip,
    });
  });
  return { email: row.email.toLowerCase(), year };
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
