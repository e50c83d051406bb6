// The admin dashboard's figures (docs/product.md#figures), all computed from the data.
//
// - Totals: accounts (all, active), and the ledger's running totals (donation_totals, kept by a
//   trigger): completed donations and their amount, pending donations and their amount.
// - growth_metrics: the calendar month in course against the same stretch of the previous month
//   (the 1st to the same day; America/Guatemala): new accounts, and the completed donations and their
//   amount as every figure counts them (packages/shared/src/figures.ts).
// - system_health: the share, in percent, of the emails of the last 7 days that were delivered
//   (sent / (sent + failed + still pending after 15 minutes)). The figure can only be computed
//   when the database answered, so a database failure shows as an error, never as a number.
//   With no email in the window there is no signal and the default of docs/product.md#limits-and-constants (98) is used;
//   `system_health_source` says which of the two the figure is.
import { count, desc, notLike, sql } from 'drizzle-orm';
import { DEFAULT_SYSTEM_HEALTH } from '@donaciones/shared/constants';
import { figurePeriod, growthPercentage, instantRange } from '@donaciones/shared/figures';
import { normalizeRoles } from '@donaciones/shared/roles';
import { formatDay, formatMonth, fromCents, roundTo } from '@donaciones/shared/format';
import { type GiftMethod, giftEntryMessages } from '@donaciones/shared/messages/gift-entry';
import { activityMessages } from '../../messages/activity';
import type { AdminDashboardStats, RecentActivity } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { auditLog, donationTotals, donations, users } from '../../db/schema';
import { toAdminDonation } from '../giving/review';
import { userStatus } from '../accounts/users';
import { rowsOf } from '../../db/rows';
import { createdWithin } from '../ledger/figures';
import { NEWEST_FIRST } from '../giving/donations';
import { staffEmail } from '../giving/donor-privacy';
import { monthlyGivingCard } from '../monthly/gift-console';

const act = activityMessages.admin;
const RECENT_USERS = 5;
const RECENT_DONATIONS = 5;
const RECENT_ACTIVITY = 10;
/** An email still unsent this long after it was queued counts against delivery health. */
const EMAIL_OVERDUE_MINUTES = 15;

export async function systemHealth(db: Db): Promise<{ value: number; source: 'email_delivery' | 'default' }> {
  const [row] = rowsOf<{ sent: number; failed: number; overdue: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             count(*) FILTER (WHERE status = 'pending' AND created_at < now() - make_interval(mins => ${EMAIL_OVERDUE_MINUTES}))::int AS overdue
      FROM email_outbox
      WHERE created_at >= now() - interval '7 days'`),
  );
  const attempted = row.sent + row.failed + row.overdue;
  if (attempted === 0) return { value: DEFAULT_SYSTEM_HEALTH, source: 'default' };
  return { value: roundTo((row.sent / attempted) * 100, 1), source: 'email_delivery' };
}

function str(details: Record<string, unknown>, key: string): string {
  const v = details[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** What the history adds when a gift of a closed month took a later date: approved or entered after the close (decision 0078). */
function redated(d: Record<string, unknown>): string {
  if (!str(d, 'dated_from')) return '';
  return act.redatedAfterClose(formatDay(str(d, 'dated_on')), formatDay(str(d, 'dated_from')), formatMonth(str(d, 'closed_month')));
}

// eslint-disable-next-line max-lines-per-function -- one sentence per audited action: a table of cases, each a line or two
export function activityMessage(entry: { action: string; actorEmail: string | null; details: Record<string, unknown>; entityId: string | null }): string {
  const actor = entry.actorEmail ?? act.system;
  const d = entry.details ?? {};
  const ref = str(d, 'reference') || `#${entry.entityId ?? ''}`;
  switch (entry.action) {
    case 'user.create':
      return act.userCreate(actor, str(d, 'email'));
    case 'user.update':
      return act.userUpdate(actor, str(d, 'email'));
    case 'user.delete':
      return act.userDelete(actor, str(d, 'email'));
    case 'user.registered':
      return act.userRegistered(actor);
    case 'user.email_verified':
      return act.emailVerified(actor);
    case 'user.password_changed':
      return act.passwordChanged(actor);
    case 'user.profile_updated':
      return act.profileUpdated(actor);
    case 'donation.create':
      return act.donationCreate(ref);
    case 'donation.entered':
      return act.donationEntered(actor, ref, giftEntryMessages.methods[str(d, 'method') as GiftMethod] ?? str(d, 'method'), formatDay(str(d, 'received_on'))) + redated(d);
    case 'user.role_donor_added':
      return act.donorRoleAdded;
    case 'donation.approve':
      return act.donationApprove(actor, ref) + redated(d);
    case 'donation.reject':
      return act.donationReject(actor, ref);
    case 'donation.process':
      return act.donationProcess(actor, ref);
    case 'donation.cancel':
      return act.donationCancel(actor, ref);
    case 'donation.void':
      return act.donationVoid(actor, ref, str(d, 'reason'));
    case 'donation.amount_adjusted':
      return act.donationAmountAdjusted(actor, ref, str(d, 'from_amount'), str(d, 'to_amount'), str(d, 'reason'), str(d, 'method') === 'bank_transfer');
    case 'donation.reopen':
      return act.donationReopen(actor, ref, str(d, 'reason'), str(d, 'method') === 'bank_transfer');
    case 'monthly_gift.cancel':
      return act.monthlyGiftCancel(actor, entry.entityId ?? '', str(d, 'by'));
    case 'monthly_gift.started':
      return act.monthlyGiftStarted(entry.entityId ?? '');
    case 'monthly_gift.renewed':
      return act.monthlyGiftRenewed(entry.entityId ?? '');
    case 'monthly_gift.past_due':
      return act.monthlyGiftPastDue(entry.entityId ?? '');
    case 'monthly_gift.paused':
      return act.monthlyGiftPaused(entry.entityId ?? '');
    case 'monthly_gift.replace_started':
      return act.monthlyGiftChange(entry.entityId ?? '');
    case 'monthly_gift.amount_change_scheduled':
      return act.monthlyGiftChangeScheduled(entry.entityId ?? '');
    case 'monthly_gift.amount_change_dropped':
      return act.monthlyGiftChangeDropped(entry.entityId ?? '');
    case 'monthly_gift.amount_changed':
      return act.monthlyGiftAmountChanged(entry.entityId ?? '');
    case 'monthly_gift.pause':
      return act.monthlyGiftPausedByDonor(entry.entityId ?? '');
    case 'monthly_gift.resumed':
      return act.monthlyGiftResumed(entry.entityId ?? '');
    case 'monthly_gift.resume':
      return act.monthlyGiftResumedByDonor(entry.entityId ?? '');
    case 'monthly_gift.trial_started':
      return act.monthlyGiftTrialStarted(entry.entityId ?? '');
    case 'donation.expire':
      return act.donationExpire(ref);
    case 'donation.refund':
      return act.donationRefund(actor, ref);
    case 'donation.checkout_retry':
      return act.checkoutRetry(ref);
    case 'donation.payment_settled':
      return act.paymentSettled(ref);
    case 'donation.pay':
      return act.donationPaid(ref) + redated(d);
    case 'donation.decline':
      return act.donationDeclined(ref);
    case 'donation.slip_upload':
      return act.slipUpload(entry.actorEmail, ref);
    case 'bank_statement.import':
      return act.statementImport(actor, str(d, 'bank'), str(d, 'file_name'));
    case 'bank_statement.confirm':
      return act.statementConfirm(actor, ref);
    case 'bank_statement.transfer_short':
      return act.statementShortTransfer(str(d, 'line_number'));
    case 'sponsorship.released':
      return act.holdReleasedChildLeft();
    case 'receipt.resend':
      return act.receiptResend(actor, str(d, 'receipt'), str(d, 'to'));
    case 'statement.resend':
      return act.yearlyStatementResend(actor, str(d, 'year'), str(d, 'to'));
    case 'receipt.fel_retry':
      return act.felRetry(actor, ref);
    case 'program.create':
      return act.programCreate(actor, str(d, 'name'));
    case 'program.update':
      return act.programUpdate(actor, str(d, 'name'));
    case 'program.delete':
      return act.programDelete(actor, str(d, 'name'));
    case 'event.create':
      return act.eventCreate(actor, str(d, 'title'));
    case 'event.update':
      return act.eventUpdate(actor, str(d, 'title'));
    case 'event.delete':
      return act.eventDelete(actor, str(d, 'title'));
    default: {
      const settings = /^settings\.(\w+)\.update$/.exec(entry.action);
      if (settings && act.settingsNames[settings[1]]) return act.settingsUpdate(actor, act.settingsNames[settings[1]]);
      return act.other(actor);
    }
  }
}

/**
 * The latest changes recorded in the audit log. Sign-ins, failed sign-ins and reset requests
 * (`auth.*`) are left out: they are security records, and would crowd out the changes.
 */
export async function recentActivity(db: Db, contacts: boolean, limit = RECENT_ACTIVITY): Promise<RecentActivity[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(notLike(auditLog.action, 'auth.%'))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  // Without donors.read the addresses in the sentences (who did it, whose account) are masked too.
  const shown = (row: (typeof rows)[number]) =>
    contacts
      ? row
      : {
          ...row,
          actorEmail: row.actorEmail == null ? null : staffEmail(row.actorEmail, false),
          details: typeof row.details?.email === 'string' ? { ...row.details, email: staffEmail(row.details.email, false) } : row.details,
        };
  return rows.map((row) => ({ type: row.action, message: activityMessage(shown(row)), timestamp: row.createdAt.toISOString() }));
}

/** The rollup's days of a range of Guatemala calendar days (end excluded). */
const daysOf = (range: { start: string; end: string }) => sql`day >= ${range.start}::date AND day < ${range.end}::date`;

/**
 * `contacts` false (staff without donors.read, such as COMMUNICATIONS): the emails of the recent donations,
 * accounts and activity masked. `accounts` false (staff without users.manage): no recent accounts at all,
 * which only the people who manage accounts are shown.
 */
export async function adminDashboardStats(db: Db, viewer: { contacts: boolean; accounts: boolean }, now: Date = new Date()): Promise<AdminDashboardStats> {
  const { contacts } = viewer;
  const month = figurePeriod('month', now);
  const thisMonth = createdWithin(month.current);
  const sameStretchBefore = createdWithin(month.previous);
  const [[userCounts], totals, [growth], health, latestUsers, latestDonations, activity, monthlyGiving] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) FILTER (WHERE ${users.isActive})::int` })
      .from(users),
    db
      .select({ status: donationTotals.status, n: sql<number>`sum(${donationTotals.count})::bigint`, cents: sql<number>`sum(${donationTotals.amountCents})::bigint` })
      .from(donationTotals)
      .groupBy(donationTotals.status),
    db.execute(sql`
      WITH u AS (
        SELECT count(*) FILTER (WHERE ${thisMonth})::int AS users_now,
               count(*) FILTER (WHERE ${sameStretchBefore})::int AS users_before
        FROM users WHERE (${thisMonth}) OR (${sameStretchBefore})
      ),
      -- The month's gifts from the daily rollup (donation_daily): a few rows a day, not every gift.
      d AS (
        SELECT coalesce(sum(counted_count) FILTER (WHERE ${daysOf(month.current)}), 0)::int AS donations_now,
               coalesce(sum(counted_count) FILTER (WHERE ${daysOf(month.previous)}), 0)::int AS donations_before,
               coalesce(sum(counted_cents) FILTER (WHERE ${daysOf(month.current)}), 0)::bigint AS cents_now,
               coalesce(sum(counted_cents) FILTER (WHERE ${daysOf(month.previous)}), 0)::bigint AS cents_before
        FROM donation_daily WHERE (${daysOf(month.current)}) OR (${daysOf(month.previous)})
      )
      SELECT * FROM u, d`).then((r) =>
      rowsOf<{ users_now: number; users_before: number; donations_now: number; donations_before: number; cents_now: number | string; cents_before: number | string }>(r),
    ),
    systemHealth(db),
    // Recent accounts are read only for those who manage them.
    viewer.accounts ? db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(RECENT_USERS) : [],
    db.select().from(donations).orderBy(...NEWEST_FIRST).limit(RECENT_DONATIONS),
    recentActivity(db, contacts),
    monthlyGivingCard(db, instantRange(month.current).start, now),
  ]);

  const byStatus = (status: string) => totals.find((t) => t.status === status);
  const completed = byStatus('completed');
  const pending = byStatus('pending');
  return {
    kind: 'admin',
    total_users: userCounts.total,
    active_users: Number(userCounts.active),
    total_donations: Number(completed?.n ?? 0),
    total_amount_gtq: fromCents(Number(completed?.cents ?? 0)),
    pending_donations: Number(pending?.n ?? 0),
    pending_amount_gtq: fromCents(Number(pending?.cents ?? 0)),
    system_health: health.value,
    system_health_source: health.source,
    growth_metrics: {
      users_growth_percentage: growthPercentage(growth.users_now, growth.users_before),
      donations_growth_percentage: growthPercentage(growth.donations_now, growth.donations_before),
      amount_growth_percentage: growthPercentage(Number(growth.cents_now), Number(growth.cents_before)),
      users_before: Number(growth.users_before),
      donations_before: Number(growth.donations_before),
      amount_before: fromCents(Number(growth.cents_before)),
    },
    recent_users: latestUsers.map((u) => ({
      id: u.id,
      email: staffEmail(u.email, contacts),
      roles: normalizeRoles(u.roles),
      status: userStatus(u),
      joined_at: u.createdAt.toISOString(),
    })),
    recent_donations: latestDonations.map((row) => toAdminDonation(row, contacts)),
    recent_activity: activity,
    monthly_giving: monthlyGiving,
  };
}
