// A donor's page (docs/product.md#donors): the record, yearly totals, gifts, monthly gifts, receipts,
// bank deposits, merges and a timeline of gifts, emails from the outbox and changes from the audit log.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DonorPage } from '@donaciones/shared/schemas/donors';
import type { DonationStatus } from '@donaciones/shared/constants';
import { donationStatusLabel } from '@donaciones/shared/messages/donations';
import { donorsMessages as m } from '@donaciones/shared/messages/donors';
import type { Db } from '../../db/client';
import { auditLog, donations, donorMerges, donors, emailOutbox, programs, receipts, recurringGifts } from '../../db/schema';
import { notFound } from '../../errors';
import { donorChangeFallback, donorChangeMessages } from '../../messages/activity';
import { accountGiftEmailsWithheld } from '../accounts/gift-emails';
import { overdueSql, TRANSFER_PROVIDER } from '../monthly/transfer';
import { isDatedByDay } from '../ledger/dated-by-day';
import { donorOf, type DonorRow } from './views';

const LIST_LIMIT = 200;
const TIMELINE_LIMIT = 100;
const iso = (d: Date) => new Date(d).toISOString();

export async function donorRow(db: Db, id: number): Promise<DonorRow> {
  const [row] = await db.select().from(donors).where(eq(donors.id, id));
  if (!row) throw notFound(m.notFound);
  return row;
}

async function giftsOf(db: Db, id: number) {
  const rows = await db
    .select({
      id: donations.id,
      referenceCode: donations.referenceCode,
      status: donations.status,
      amountCents: donations.amountCents,
      currency: donations.currency,
      donationType: donations.donationType,
      paymentProvider: donations.paymentProvider,
      programName: programs.name,
      receiptNumber: donations.receiptNumber,
      receiptSeries: sql<string | null>`(SELECT ${receipts.series} FROM ${receipts} WHERE ${receipts.donationId} = ${donations.id} LIMIT 1)`,
      recurringGiftId: donations.recurringGiftId,
      createdAt: donations.createdAt,
      receivedOn: donations.receivedOn,
      source: donations.source,
    })
    .from(donations)
    .leftJoin(programs, eq(programs.id, donations.programId))
    .where(eq(donations.donorId, id))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(LIST_LIMIT);
  return rows.map(({ receivedOn, source, ...r }) => ({
    ...r,
    amountCents: Number(r.amountCents),
    createdAt: iso(r.createdAt),
    datedByDay: isDatedByDay({ receivedOn, source }),
  }));
}

async function yearsOf(db: Db, id: number) {
  const rows = await db
    .select({
      year: sql<number>`extract(year from coalesce(${donations.completedAt}, ${donations.createdAt}) AT TIME ZONE 'America/Guatemala')::int`,
      totalCents: sql<number>`sum(coalesce(${donations.gtqCents}, ${donations.amountCents}))::bigint`,
      count: sql<number>`count(*)::int`,
    })
    .from(donations)
    .where(and(eq(donations.donorId, id), eq(donations.status, 'completed')))
    .groupBy(sql`1`)
    .orderBy(sql`1 DESC`);
  return rows.map((r) => ({ year: Number(r.year), totalCents: Number(r.totalCents), count: Number(r.count) }));
}

async function timelineOf(db: Db, row: DonorRow, gifts: Awaited<ReturnType<typeof giftsOf>>) {
  const emails = row.emails.length
    ? await db
        .select({ at: emailOutbox.createdAt, subject: emailOutbox.subject, to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(inArray(sql`lower(${emailOutbox.toAddress})`, row.emails))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(TIMELINE_LIMIT)
    : [];
  const changes = await db
    .select({ at: auditLog.createdAt, action: auditLog.action, by: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'donor'), eq(auditLog.entityId, String(row.id))))
    .orderBy(desc(auditLog.createdAt))
    .limit(TIMELINE_LIMIT);
  const entries = [
    ...gifts.map((g) => ({ at: g.createdAt, kind: 'gift' as const, text: `${g.referenceCode} · ${donationStatusLabel(g.status as DonationStatus)}` })),
    ...emails.map((e) => ({ at: iso(e.at), kind: 'email' as const, text: `${e.subject} (${e.to})` })),
    ...changes.map((c) => ({ at: iso(c.at), kind: 'change' as const, text: `${donorChangeMessages[c.action] ?? donorChangeFallback}${c.by ? ` · ${c.by}` : ''}` })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, TIMELINE_LIMIT);
}

export async function donorPage(db: Db, id: number): Promise<DonorPage> {
  const row = await donorRow(db, id);
  const gifts = await giftsOf(db, id);
  const monthlyIds = [...new Set(gifts.map((g) => g.recurringGiftId).filter((x): x is number => x != null))];
  // Also the monthly gifts by transfer of the donor's emails, which have no charge yet (decision 0045).
  const byEmail = row.emails.length ? and(eq(recurringGifts.provider, TRANSFER_PROVIDER), inArray(sql`lower(${recurringGifts.donorEmail})`, row.emails)) : undefined;
  const monthly =
    monthlyIds.length || byEmail
      ? await db
          .select({
            id: recurringGifts.id,
            status: recurringGifts.status,
            amountCents: recurringGifts.amountCents,
            currency: recurringGifts.currency,
            transferReference: recurringGifts.transferReference,
            overdue: sql<boolean>`${overdueSql('recurring_gifts')}`,
          })
          .from(recurringGifts)
          .where(or(monthlyIds.length ? inArray(recurringGifts.id, monthlyIds) : undefined, byEmail))
          .orderBy(recurringGifts.id)
      : [];
  const receiptRows = await db
    .select({ id: receipts.id, series: receipts.series, number: receipts.number, issuedAt: receipts.issuedAt, voidedAt: receipts.voidedAt })
    .from(receipts)
    .innerJoin(donations, eq(donations.id, receipts.donationId))
    .where(eq(donations.donorId, id))
    .orderBy(desc(receipts.issuedAt))
    .limit(LIST_LIMIT);
  const merges = await db
    .select()
    .from(donorMerges)
    .where(or(eq(donorMerges.survivorId, id), eq(donorMerges.mergedId, id)))
    .orderBy(desc(donorMerges.createdAt), desc(donorMerges.id));
  return {
    donor: donorOf(row),
    // Staff asked "no me llegó el recibo" see that the donor turned those emails off (decision 0081).
    receiptEmailsOff: row.userId != null && (await accountGiftEmailsWithheld(db, row.userId)),
    years: await yearsOf(db, id),
    gifts,
    monthlyGifts: monthly.map((g) => ({ ...g, amountCents: Number(g.amountCents), overdue: Boolean(g.overdue) })),
    receipts: receiptRows.map((r) => ({ id: r.id, series: r.series, number: r.number, issuedAt: iso(r.issuedAt), voided: r.voidedAt != null })),
    deposits: gifts.filter((g) => g.paymentProvider === 'deposit'),
    timeline: await timelineOf(db, row, gifts),
    merges: merges.map((x) => ({ id: x.id, survivorId: x.survivorId, mergedId: x.mergedId, createdAt: iso(x.createdAt), undoneAt: x.undoneAt ? iso(x.undoneAt) : null })),
  };
}
