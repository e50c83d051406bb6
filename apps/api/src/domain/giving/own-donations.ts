// The signed-in account's own donations: list, history by year and month, receipts (docs/product.md#screens-and-routes, #receipts).
// Every query is filtered by the caller's user id; nothing here can reach another account's rows.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { CURRENCY, type DonationStatus } from '@donaciones/shared/constants';
import { fromCents, guatemalaDay } from '@donaciones/shared/format';
import type {
  DonationHistory,
  MemberDonation,
  MyDonationList,
  Receipts,
} from '@donaciones/shared/schemas/member';
import type { Db } from '../../db/client';
import { donationAttachments, donations, programs } from '../../db/schema';
import { NEWEST_FIRST } from './donations';
import { COUNTED } from '../ledger/figures';
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
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(donations).where(where),
  ]);
  return { donations: rows.map(toMemberDonation), total, limit: query.limit, offset: query.offset };
}

/** Own donations grouped by the year and month (Guatemala time) they were made, newest first. */
export async function donationHistory(db: Db, userId: number): Promise<DonationHistory> {
  const rows = await db
    .select(memberDonationColumns)
    .from(donations)
    .leftJoin(programs, eq(programs.id, donations.programId))
    .where(eq(donations.userId, userId))
    .orderBy(...NEWEST_FIRST);

  type Totals = { cents: number; donations_count: number; completed_count: number };
  const add = (t: Totals, d: DonationRow) => {
    t.donations_count += 1;
    if (d.status === 'completed') {
      t.completed_count += 1;
      t.cents += quetzalCentsOf(d);
    }
  };
  const newTotals = (): Totals => ({ cents: 0, donations_count: 0, completed_count: 0 });
  const shape = (t: Totals) => ({ total_amount: fromCents(t.cents), donations_count: t.donations_count, completed_count: t.completed_count });

  const overall = newTotals();
  const years = new Map<number, { totals: Totals; months: Map<number, { totals: Totals; donations: MemberDonation[] }> }>();
  for (const row of rows) {
    const { year, month } = guatemalaYearMonth(row.donation.createdAt);
    let y = years.get(year);
    if (!y) years.set(year, (y = { totals: newTotals(), months: new Map() }));
    let m = y.months.get(month);
    if (!m) y.months.set(month, (m = { totals: newTotals(), donations: [] }));
    add(overall, row.donation);
    add(y.totals, row.donation);
    add(m.totals, row.donation);
    m.donations.push(toMemberDonation(row));
  }
  return {
    ...shape(overall),
    years: [...years.entries()]
      .sort(([a], [b]) => b - a)
      .map(([year, y]) => ({
        year,
        ...shape(y.totals),
        months: [...y.months.entries()].sort(([a], [b]) => b - a).map(([month, m]) => ({ month, ...shape(m.totals), donations: m.donations })),
      })),
  };
}

/** Completed donations with their permanent receipt numbers, and the years that have a statement. */
export async function listReceipts(db: Db, userId: number): Promise<Receipts> {
  const rows = await db
    .select({
      id: donations.id,
      receiptNumber: donations.receiptNumber,
      receiptSeries: receiptSeriesColumn,
      referenceCode: donations.referenceCode,
      amountCents: donations.amountCents,
      currency: donations.currency,
      gtqCents: donations.gtqCents,
      donationType: donations.donationType,
      description: donations.description,
      completedAt: donations.completedAt,
    })
    .from(donations)
    .where(and(eq(donations.userId, userId), eq(donations.status, 'completed'), isNotNull(donations.receiptNumber)))
    .orderBy(desc(donations.completedAt), desc(donations.id));

  const years = new Map<number, { cents: number; count: number }>();
  const receipts = rows.map((r) => {
    const completedAt = r.completedAt ?? new Date(0);
    const { year } = guatemalaYearMonth(completedAt);
    const y = years.get(year) ?? { cents: 0, count: 0 };
    y.count += 1;
    y.cents += quetzalCentsOf(r);
    years.set(year, y);
    return {
      donation_id: r.id,
      receipt_number: r.receiptNumber as number,
      receipt_series: r.receiptSeries,
      reference_code: r.referenceCode,
      amount: fromCents(r.amountCents),
      currency: r.currency,
      donation_type: r.donationType,
      description: r.description,
      completed_at: completedAt.toISOString(),
    };
  });
  return {
    receipts,
    years: [...years.entries()].sort(([a], [b]) => b - a).map(([year, y]) => ({ year, total_amount: fromCents(y.cents), receipts_count: y.count })),
  };
}
