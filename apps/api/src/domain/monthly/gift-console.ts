// The staff side of monthly giving (docs/product.md#monthly-giving): the console's list and detail of
// the gifts (with their charges, the ledger donations carrying `recurring_gift_id`), and the figures
// of the reports and the dashboard card, read from the gifts and the ledger and computed by
// monthly-figures.ts.
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_DONATION_STATUS, type DonationStatus } from '@donaciones/shared/constants';
import { growthPercentage, guatemalaMidnight } from '@donaciones/shared/figures';
import { fromCents } from '@donaciones/shared/format';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { MonthlyCancelledBy, MonthlyGiftStatus } from '@donaciones/shared/schemas/monthly';
import type { SponsorshipStatus } from '@donaciones/shared/schemas/sponsorship-codes';
import {
  ADMIN_MONTHLY_PAGE_SIZE,
  type AdminMonthlyGift,
  type AdminMonthlyGiftDetail,
  type AdminMonthlyGiftList,
} from '@donaciones/shared/schemas/monthly-admin';
import type { MonthlyGivingCard, MonthlyGivingReport } from '@donaciones/shared/schemas/monthly-report';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import { toQuetzalCents } from '@donaciones/shared/schemas/payments';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../errors';
import { type FailedChargeFacts, type GiftFacts, monthlyTrend, stretchFigures } from './figures';
import { getSettings } from '../../platform/settings';
import { overdueSql } from './transfer';

interface GiftRow {
  id: number;
  subscription_id: string | null;
  provider: string;
  donor_name: string;
  donor_email: string;
  user_id: number | null;
  amount_cents: number | string;
  currency: string;
  status: MonthlyGiftStatus;
  next_charge_at: Date | string | null;
  started_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  cancelled_by: MonthlyCancelledBy | null;
  replaces_gift_id: number | null;
  past_due_reason: string | null;
  pending_amount_cents: number | string | null;
  pending_from: Date | string | null;
  paused_until: Date | string | null;
  transfer_reference: string | null;
  program_name: string | null;
  overdue: boolean;
  created_at: Date | string;
  charges_count: number | string;
  total_given_cents: number | string;
}

const iso = (v: Date | string | null): string | null => (v == null ? null : new Date(v).toISOString());
const instant = (v: Date | string | null): Date | null => (v == null ? null : new Date(v));

/** A gift's amount in quetzal cents: as is for quetzales, a dollar gift at the staff rate of the payment settings. */
function quetzalCentsSql(rate: number): SQL {
  return sql`CASE WHEN g.currency = 'GTQ' THEN g.amount_cents ELSE round(g.amount_cents * ${rate}::numeric) END`;
}

async function usdRate(db: Db): Promise<number> {
  return (await getSettings(db, 'payments')).usd_exchange_rate;
}

/** The gift's columns and its programme's name, with its completed charges counted and added up (in the gift's currency). */
const GIFT_COLUMNS = sql`
  g.id, g.subscription_id, g.provider, g.donor_name, g.donor_email, g.user_id, g.amount_cents, g.currency, g.status,
  g.next_charge_at, g.started_at, g.cancelled_at, g.cancel_reason, g.cancelled_by, g.replaces_gift_id, g.past_due_reason,
  g.pending_amount_cents, g.pending_from, g.paused_until, g.created_at, g.transfer_reference, ${overdueSql('g')} AS overdue,
  (SELECT p.name FROM programs p WHERE p.id = g.program_id) AS program_name,
  (SELECT count(*) FROM donations d WHERE d.recurring_gift_id = g.id AND d.status = 'completed')::int AS charges_count,
  (SELECT coalesce(sum(d.amount_cents), 0) FROM donations d WHERE d.recurring_gift_id = g.id AND d.status = 'completed')::bigint AS total_given_cents`;

function toAdminMonthlyGift(row: GiftRow): AdminMonthlyGift {
  return {
    id: row.id,
    amountCents: Number(row.amount_cents),
    currency: row.currency as PaymentCurrency,
    status: row.status,
    startedAt: iso(row.started_at),
    nextChargeAt: row.status === 'cancelled' ? null : iso(row.next_charge_at),
    chargesCount: Number(row.charges_count),
    totalGivenCents: Number(row.total_given_cents),
    cancelledAt: iso(row.cancelled_at),
    cancelReason: row.cancel_reason,
    pendingAmountCents: row.status === 'cancelled' || row.pending_amount_cents == null ? null : Number(row.pending_amount_cents),
    pendingFrom: row.status === 'cancelled' ? null : iso(row.pending_from),
    pausedUntil: row.status === 'paused' ? iso(row.paused_until) : null,
    programName: row.program_name,
    donorName: row.donor_name,
    donorEmail: row.donor_email,
    provider: row.provider,
    cancelledBy: row.cancelled_by,
    transferReference: row.transfer_reference,
    overdue: Boolean(row.overdue),
  };
}

/**
 * One page of the console's list: the page is chosen first (by the index in the list's order), then
 * only its gifts' charges are counted and added up, never those of every gift before the page.
 */
export function adminMonthlyPageSql(where: SQL, offset: number): SQL {
  return sql`SELECT ${GIFT_COLUMNS} FROM (
    SELECT * FROM recurring_gifts g WHERE ${where} ORDER BY g.created_at DESC, g.id DESC LIMIT ${ADMIN_MONTHLY_PAGE_SIZE} OFFSET ${offset}
  ) g ORDER BY g.created_at DESC, g.id DESC`;
}

export async function listAdminMonthlyGifts(
  db: Db,
  query: { status?: MonthlyGiftStatus; minAmount?: number; maxAmount?: number; since?: string; page: number },
): Promise<AdminMonthlyGiftList> {
  const rate = await usdRate(db);
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`g.status = ${query.status}`);
  if (query.minAmount !== undefined) conditions.push(sql`${quetzalCentsSql(rate)} >= ${Math.round(query.minAmount * 100)}`);
  if (query.maxAmount !== undefined) conditions.push(sql`${quetzalCentsSql(rate)} <= ${Math.round(query.maxAmount * 100)}`);
  if (query.since) conditions.push(sql`g.started_at >= ${guatemalaMidnight(query.since).toISOString()}::timestamptz`);
  const where = sql.join(conditions, sql` AND `);
  const offset = (query.page - 1) * ADMIN_MONTHLY_PAGE_SIZE;
  const [rows, [{ n }]] = await Promise.all([
    db
      .execute(adminMonthlyPageSql(where, offset))
      .then((r) => rowsOf<GiftRow>(r)),
    db.execute(sql`SELECT count(*)::int AS n FROM recurring_gifts g WHERE ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return { gifts: rows.map(toAdminMonthlyGift), total: Number(n), page: query.page, pageSize: ADMIN_MONTHLY_PAGE_SIZE };
}

export async function getAdminMonthlyGift(db: Db, id: number): Promise<AdminMonthlyGiftDetail> {
  const [row] = rowsOf<GiftRow>(await db.execute(sql`SELECT ${GIFT_COLUMNS} FROM recurring_gifts g WHERE g.id = ${id}`));
  if (!row) throw notFound(monthlyAdminMessages.api.notFound);
  const charges = rowsOf<{ id: number; reference_code: string; amount_cents: number | string; currency: string; status: DonationStatus; created_at: Date | string }>(
    await db.execute(sql`
      SELECT id, reference_code, amount_cents, currency, status, created_at FROM donations
      WHERE recurring_gift_id = ${id} ORDER BY created_at DESC, id DESC`),
  );
  // The sponsorship the gift pays (decision 0054), its newest if a hold was released and taken again.
  const [sponsorship] = rowsOf<{ id: number; child_id: number; first_name: string; status: SponsorshipStatus }>(
    await db.execute(sql`
      SELECT s.id, s.child_id, c.first_name, s.status FROM sponsorships s JOIN sponsored_children c ON c.id = s.child_id
      WHERE s.recurring_gift_id = ${id} ORDER BY s.id DESC LIMIT 1`),
  );
  return {
    ...toAdminMonthlyGift(row),
    subscriptionId: row.subscription_id,
    userId: row.user_id,
    pastDueReason: row.past_due_reason,
    replacesGiftId: row.replaces_gift_id,
    createdAt: iso(row.created_at) as string,
    charges: charges.map((c) => ({
      id: c.id,
      referenceCode: c.reference_code,
      amountCents: Number(c.amount_cents),
      currency: c.currency,
      status: ADMIN_DONATION_STATUS[c.status],
      createdAt: iso(c.created_at) as string,
    })),
    sponsorship: sponsorship ? { id: sponsorship.id, childId: sponsorship.child_id, childFirstName: sponsorship.first_name, status: sponsorship.status } : null,
  };
}

// ---------------------------------------------------------------- figures

/** Every gift that ever started, and the failed charges of gifts, as monthly-figures.ts reads them. */
async function loadFacts(db: Db): Promise<{ gifts: GiftFacts[]; failed: FailedChargeFacts[] }> {
  const rate = await usdRate(db);
  const [gifts, failed] = await Promise.all([
    db
      .execute(sql`
        SELECT g.id, g.donor_email, g.amount_cents, g.currency, g.status, g.started_at, g.cancelled_at, g.replaces_gift_id
        FROM recurring_gifts g WHERE g.started_at IS NOT NULL`)
      .then((r) =>
        rowsOf<{ id: number; donor_email: string; amount_cents: number | string; currency: PaymentCurrency; status: string; started_at: Date | string; cancelled_at: Date | string | null; replaces_gift_id: number | null }>(r),
      ),
    db
      .execute(sql`SELECT recurring_gift_id, created_at FROM donations WHERE recurring_gift_id IS NOT NULL AND status = 'failed'`)
      .then((r) => rowsOf<{ recurring_gift_id: number; created_at: Date | string }>(r)),
  ]);
  return {
    gifts: gifts.map((g) => ({
      id: g.id,
      email: g.donor_email,
      quetzalCents: toQuetzalCents(Number(g.amount_cents), g.currency, rate),
      status: g.status,
      startedAt: instant(g.started_at),
      cancelledAt: instant(g.cancelled_at),
      replacesGiftId: g.replaces_gift_id,
    })),
    failed: failed.map((c) => ({ giftId: c.recurring_gift_id, createdAt: new Date(c.created_at) })),
  };
}

/** The reports' monthly giving figures: now, within the period [periodStart, now), and the twelve months to date. */
export async function monthlyGivingReport(db: Db, periodStart: Date, now: Date): Promise<MonthlyGivingReport> {
  const { gifts, failed } = await loadFacts(db);
  const period = stretchFigures(gifts, failed, periodStart, now);
  const mrrAtStart = stretchFigures(gifts, failed, periodStart, periodStart).mrrCents;
  return {
    active_donors: period.activeDonors,
    active_gifts: period.activeGifts,
    mrr: fromCents(period.mrrCents),
    mrr_at_start: fromCents(mrrAtStart),
    mrr_change_percentage: growthPercentage(period.mrrCents, mrrAtStart),
    new_gifts: period.newGifts,
    cancelled_gifts: period.cancelledGifts,
    churn_rate: period.churnRate,
    failed_renewals: period.failedRenewals,
    months: monthlyTrend(gifts, failed, now).map((m) => ({
      month: m.month,
      active_at_start: m.activeAtStart,
      new_gifts: m.newGifts,
      cancelled_gifts: m.cancelledGifts,
      churn_rate: m.churnRate,
      active_gifts: m.activeGifts,
      active_donors: m.activeDonors,
      mrr: fromCents(m.mrrCents),
      failed_renewals: m.failedRenewals,
    })),
  };
}

/** The dashboard card: the monthly recurring amount now against the end of the previous month. */
export async function monthlyGivingCard(db: Db, monthStart: Date, now: Date): Promise<MonthlyGivingCard> {
  const { gifts, failed } = await loadFacts(db);
  const current = stretchFigures(gifts, failed, monthStart, now);
  const previous = stretchFigures(gifts, failed, monthStart, monthStart).mrrCents;
  return {
    active_donors: current.activeDonors,
    active_gifts: current.activeGifts,
    mrr: fromCents(current.mrrCents),
    previous_mrr: fromCents(previous),
    mrr_change_percentage: growthPercentage(current.mrrCents, previous),
  };
}
