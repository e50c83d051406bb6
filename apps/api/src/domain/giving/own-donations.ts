// The signed-in account's own donations: list, history by year and month, receipts (docs/product.md#screens-and-routes, #receipts).
// Every query is filtered by the caller's user id; nothing here can reach another account's rows.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { CURRENCY, type DonationStatus, TIME_ZONE } from '@donaciones/shared/constants';
import { fromCents, guatemalaDay } from '@donaciones/shared/format';
import type {
  DonationHistory,
  MemberDonation,
  MyDonationList,
  Receipts,
} from '@donaciones/shared/schemas/member';
import { OWN_PAGE_DEFAULT_LIMIT } from '@donaciones/shared/schemas/member';
import type { Db } from '../../db/client';
import { donationAttachments, donations, programs } from '../../db/schema';
import { COUNTED, QUETZAL_CENTS } from '../ledger/figures';
import { rowsOf } from '../../db/rows';
import { afterCursor, cursorInstant, pageOf } from '../../platform/keyset';
import { receiptSeriesColumn } from '../receipts/receipts';

export type DonationRow = typeof donations.$inferSelect;

/** The columns every member view reads: the donation and its program's name. */
export const memberDonationColumns = {
  donation: donations,
  programName: programs.name,
  receiptSeries: receiptSeriesColumn,
};

export function toMemberDonation(row: {
  donation: DonationRow;
  programName: string | null;
  receiptSeries: string | null;
  depositSlips?: number;
}): MemberDonation {
  const d = row.donation;
  return {
    id: d.id,
    reference_code: d.referenceCode,
    donor_name: d.donorName,
    donor_email: d.donorEmail,
    amount: fromCents(d.amountCents),
    currency: d.currency,
    donation_type: d.donationType,
    status: d.status,
    description: d.description,
    program_name: row.programName,
    receipt_number: d.receiptNumber,
    receipt_series: d.receiptNumber != null ? row.receiptSeries : null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    completed_at: d.completedAt ? d.completedAt.toISOString() : null,
    payment_method: d.paymentMethod,
    ...(row.depositSlips === undefined ? {} : { deposit_slips: Number(row.depositSlips) }),
  };
}

/**
 * The completed donations a money total adds up, in quetzales: a gift in another currency by its
 * quetzal equivalent fixed when it was made, never its own amount (docs/product.md#money-currencies-and-formats).
 */
export const isCompletedGtq = COUNTED;

/** A donation's amount in quetzal cents, as the totals add it up (0 for one that has no quetzal value). */
export function quetzalCentsOf(d: { currency: string; amountCents: number; gtqCents: number | null }): number {
  return d.currency === CURRENCY ? d.amountCents : (d.gtqCents ?? 0);
}

/** Year and month (1-12) of an instant on Guatemala's calendar. */
export function guatemalaYearMonth(date: Date): { year: number; month: number } {
  const [year, month] = guatemalaDay(date).split('-').map(Number);
  return { year, month };
}

/**
 * The instant a donor's own pages date a gift by: when it completed, or when it was made while it has
 * not (decision 0076). "Mis donaciones", the dashboard's recent donations, the history, the receipts
 * and the yearly statement then put a gift that completed after midnight on December 31 in the same
 * year, and a deposit confirmed days later on the day its receipt carries.
 */
export const GIFT_AT = sql`coalesce(${donations.completedAt}, ${donations.createdAt})`;

/** A page of the account's own donations, newest first by `GIFT_AT`, as the receipts list them. */
export async function listMyDonations(db: Db, userId: number, query: { limit: number; offset: number; status?: DonationStatus }): Promise<MyDonationList> {
  const where = and(eq(donations.userId, userId), query.status ? eq(donations.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...memberDonationColumns,
        // The slips of a bank deposit, so the list tells "Subir boleta" from "Boleta en verificación".
        depositSlips: sql<number>`(select count(*) from ${donationAttachments} where ${donationAttachments.donationId} = ${donations.id})`.mapWith(Number),
      })
      .from(donations)
      .leftJoin(programs, eq(programs.id, donations.programId))
      .where(where)
      .orderBy(desc(GIFT_AT), desc(donations.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(donations).where(where),
  ]);
  return { donations: rows.map(toMemberDonation), total, limit: query.limit, offset: query.offset };
}


/** The totals of an account's donations by year and month (Guatemala time), newest first, in one grouped read. */
async function historyTotals(db: Db, userId: number) {
  const rows = rowsOf<{ year: number; month: number; donations_count: number; completed_count: number; cents: string | number }>(
    await db.execute(sql`
      SELECT extract(year FROM ${GIFT_AT} AT TIME ZONE ${TIME_ZONE})::int AS year,
             extract(month FROM ${GIFT_AT} AT TIME ZONE ${TIME_ZONE})::int AS month,
             count(*)::int AS donations_count,
             (count(*) FILTER (WHERE status = 'completed'))::int AS completed_count,
             coalesce(sum(${QUETZAL_CENTS}) FILTER (WHERE status = 'completed'), 0) AS cents
      FROM donations WHERE user_id = ${userId}
      GROUP BY 1, 2 ORDER BY 1 DESC, 2 DESC`),
  );
  return rows.map((r) => ({ year: Number(r.year), month: Number(r.month), cents: Number(r.cents), donations_count: Number(r.donations_count), completed_count: Number(r.completed_count) }));
}

/**
 * Own donations grouped by the year and month (Guatemala time) of their date (`GIFT_AT`), newest
 * first: the totals of every year and month, and one page of the donations (keyset paging, `next_cursor`).
 */
export async function donationHistory(db: Db, userId: number, query: { limit: number; cursor?: string } = { limit: OWN_PAGE_DEFAULT_LIMIT }): Promise<DonationHistory> {
  const [totals, rows] = await Promise.all([
    historyTotals(db, userId),
    db
      .select({ ...memberDonationColumns, cursorAt: cursorInstant(GIFT_AT), id: donations.id })
      .from(donations)
      .leftJoin(programs, eq(programs.id, donations.programId))
      .where(and(eq(donations.userId, userId), afterCursor(GIFT_AT, donations.id, query.cursor)))
      .orderBy(desc(GIFT_AT), desc(donations.id))
      .limit(query.limit + 1),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  const onPage = new Map<string, MemberDonation[]>();
  for (const row of page) {
    const { year, month } = guatemalaYearMonth(row.donation.completedAt ?? row.donation.createdAt);
    const key = `${year}-${month}`;
    onPage.set(key, [...(onPage.get(key) ?? []), toMemberDonation(row)]);
  }
  type Totals = { cents: number; donations_count: number; completed_count: number };
  const shape = (t: Totals) => ({ total_amount: fromCents(t.cents), donations_count: t.donations_count, completed_count: t.completed_count });
  const sum = (list: Totals[]): Totals =>
    list.reduce((a, t) => ({ cents: a.cents + t.cents, donations_count: a.donations_count + t.donations_count, completed_count: a.completed_count + t.completed_count }), {
      cents: 0,
      donations_count: 0,
      completed_count: 0,
    });
  const years = [...new Set(totals.map((t) => t.year))];
  return {
    ...shape(sum(totals)),
    years: years.map((year) => {
      const months = totals.filter((t) => t.year === year);
      return {
        year,
        ...shape(sum(months)),
        months: months.map((m) => ({ month: m.month, ...shape(m), donations: onPage.get(`${year}-${m.month}`) ?? [] })),
      };
    }),
    next_cursor: nextCursor,
  };
}

/** The years of an account's receipts (Guatemala time of the completion), newest first, with their totals. */
async function receiptYears(db: Db, userId: number) {
  const rows = rowsOf<{ year: number; receipts_count: number; cents: string | number }>(
    await db.execute(sql`
      SELECT extract(year FROM ${GIFT_AT} AT TIME ZONE ${TIME_ZONE})::int AS year,
             count(*)::int AS receipts_count, coalesce(sum(${QUETZAL_CENTS}), 0) AS cents
      FROM donations WHERE user_id = ${userId} AND status = 'completed' AND receipt_number IS NOT NULL
      GROUP BY 1 ORDER BY 1 DESC`),
  );
  return rows.map((r) => ({ year: Number(r.year), total_amount: fromCents(Number(r.cents)), receipts_count: Number(r.receipts_count) }));
}

/**
 * Completed donations with their permanent receipt numbers, newest first, one page at a time
 * (keyset paging, `next_cursor`), and every year that has a statement.
 */
export async function listReceipts(db: Db, userId: number, query: { limit: number; cursor?: string } = { limit: OWN_PAGE_DEFAULT_LIMIT }): Promise<Receipts> {
  const [years, rows] = await Promise.all([
    receiptYears(db, userId),
    db
      .select({
        id: donations.id,
        cursorAt: cursorInstant(GIFT_AT),
        doneAt: sql`${GIFT_AT}`.mapWith(donations.createdAt),
        receiptNumber: donations.receiptNumber,
        receiptSeries: receiptSeriesColumn,
        referenceCode: donations.referenceCode,
        amountCents: donations.amountCents,
        currency: donations.currency,
        donationType: donations.donationType,
        description: donations.description,
      })
      .from(donations)
      .where(and(eq(donations.userId, userId), eq(donations.status, 'completed'), isNotNull(donations.receiptNumber), afterCursor(GIFT_AT, donations.id, query.cursor)))
      .orderBy(desc(GIFT_AT), desc(donations.id))
      .limit(query.limit + 1),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    receipts: page.map((r) => ({
      donation_id: r.id,
      receipt_number: r.receiptNumber as number,
      receipt_series: r.receiptSeries,
      reference_code: r.referenceCode,
      amount: fromCents(r.amountCents),
      currency: r.currency,
      donation_type: r.donationType,
      description: r.description,
      completed_at: (r.doneAt as Date).toISOString(),
    })),
    years,
    next_cursor: nextCursor,
  };
}
