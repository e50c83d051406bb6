// Yearly statements (docs/product.md#receipts): a donor's completed gifts of a year with their total,
// queued by email on the configured day and re-sent by staff.
import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@donaciones/shared/constants';
import { formatLongDate, guatemalaDay } from '@donaciones/shared/format';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { donations, type EmailAttachment, type ReceiptIssuer, receipts, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { receiptMessages } from '../../messages/receipts';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { getFiscalSettings, getSettings } from '../../platform/settings';
import { type ReceiptRow } from './receipts';

export interface StatementData {
  year: number;
  /** `taxIds`: the tax identities the year's receipts were issued to (`CF` or the NIT/CUI), in order of first use. */
  donor: { name: string; email: string; taxIds: string[] };
  issuer: ReceiptIssuer;
  receipts: ReceiptRow[];
  totalCents: number;
}

/** The tax identity a receipt was issued to: `CF` (consumidor final) or the NIT/CUI written on it. */
export const receiptTaxId = (r: Pick<ReceiptRow, 'donorTaxIdKind' | 'donorTaxId'>): string => (r.donorTaxIdKind === 'cf' ? 'CF' : r.donorTaxId);

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
  const [fiscal, org] = await Promise.all([getFiscalSettings(db), getSettings(db, 'organization')]);
  return {
    year,
    // Each receipt keeps the NIT (or CF) given with its gift: the statement never states one for all of them.
    donor: { name: accountName || last.donorName, email: 'userId' in who ? email : last.donorEmail, taxIds: [...new Set(list.map(receiptTaxId))] },
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

/**
 * A statement of the year still under way covers it up to `at` ("30 de noviembre de 2026", said so
 * rather than "durante el año" as if the year were over); null for a past year.
 */
export function statementThrough(year: number, at = new Date()): string | null {
  return Number(guatemalaDay(at).slice(0, 4)) === year ? formatLongDate(at) : null;
}

function statementEmailAttachment(email: string, year: number): EmailAttachment {
  return { kind: 'statement', email: email.toLowerCase(), year };
}

async function queueStatementEmail(tx: Db, email: string, year: number, donorName: string): Promise<void> {
  const m = receiptMessages.statementEmail;
  await enqueueEmail(tx, {
    to: email,
    subject: m.subject(year),
    text: m.text(donorName, year, `${PUBLIC_URL_MARK}/donor/receipts`, statementThrough(year)),
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
  return queueYearStatements(db, year - 1);
}

/** Stands for the donor's name in the statement email's text while SQL fills it in, one row per donor. */
const NAME_MARK = '{{DONOR_NAME}}';

/**
 * Queues the statement of `year` for every donor with valid receipts that year who has none queued
 * yet, in one set-based statement: the year's receipts grouped by lower-cased address (one pass over
 * the year by the index on donated_at, never one read per donor), each donor claimed in
 * annual_statements and its email written to the outbox in the same statement, so all or none are
 * queued and a second run (or process) finds them claimed. The outbox sends them at the configured
 * rate (platform/email-delivery.ts). Returns how many were queued.
 */
export async function queueYearStatements(db: Db, year: number): Promise<number> {
  const m = receiptMessages.statementEmail;
  const text = m.text(NAME_MARK, year, `${PUBLIC_URL_MARK}/donor/receipts`, statementThrough(year));
  const [row] = rowsOf<{ queued: number }>(
    await db.execute(sql`
      WITH donors AS (
        SELECT lower(r.donor_email) AS email, (array_agg(r.donor_name ORDER BY r.donated_at DESC, r.id DESC))[1] AS name
        FROM receipts r JOIN donations d ON d.id = r.donation_id
        WHERE d.status = 'completed' AND r.voided_at IS NULL AND ${inGuatemalaYear(sql`r.donated_at`, year)}
        GROUP BY lower(r.donor_email)
      ), claimed AS (
        INSERT INTO annual_statements (year, email)
        SELECT ${year}, email FROM donors ORDER BY email
        ON CONFLICT DO NOTHING
        RETURNING email
      ), queued AS (
        INSERT INTO email_outbox (to_address, subject, text_body, template, attachments)
        SELECT c.email, ${m.subject(year)}, replace(${text}, ${NAME_MARK}, d.name), 'annual-statement',
               jsonb_build_array(jsonb_build_object('kind', 'statement', 'email', c.email, 'year', ${year}::int))
        FROM claimed c JOIN donors d ON d.email = c.email
        ORDER BY c.email
        RETURNING 1
      )
      SELECT count(*)::int AS queued FROM queued`),
  );
  return Number(row?.queued ?? 0);
}

/**
 * Staff send one donor's statement of a year again (the donor of a donation, for the year of its
 * gift unless another is given), audited; 404 when that year has no valid receipts, 409 when the gift
 * has no email to send it to.
 */
export async function resendStatement(db: Db, input: { donationId: number; year?: number; actor: Actor; ip?: string | null }): Promise<{ email: string; year: number }> {
  const [row] = await db
    .select({ email: donations.donorEmail, receipt: receipts })
    .from(donations)
    .leftJoin(receipts, eq(receipts.donationId, donations.id))
    .where(eq(donations.id, input.donationId))
    .limit(1);
  if (!row) throw notFound(receiptMessages.receiptNotFound);
  if (row.email.trim() === '') throw conflict(receiptMessages.noEmail);
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
