// The donor and user dashboards (docs/product.md#overview, #figures):
// every figure is computed from the account's donations and stored settings.
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@donaciones/shared/constants';
import { progressPercentage } from '@donaciones/shared/figures';
import { formatCents, fromCents, roundTo } from '@donaciones/shared/format';
import { activityMessages } from '../../messages/activity';
import type {
  ActiveProgram,
  Activity,
  ActivityType,
  Impact,
  Levels,
  MemberDashboardStats,
  UpcomingEvent,
} from '@donaciones/shared/schemas/member';
import type { Db } from '../../db/client';
import { donations, events, programs, userPreferences, users } from '../../db/schema';
import { notFound } from '../../errors';
import { getSettings } from '../../platform/settings';
import { type DonationRow, GIFT_AT, guatemalaYearMonth, isCompletedGtq, memberDonationColumns, toMemberDonation } from '../giving/own-donations';
import { QUETZAL_CENTS } from '../ledger/figures';
import { publicRaisedCents } from '../content/designation';

const RECENT_DONATIONS = 5;
const RECENT_ACTIVITY = 10;

/** Sum of the completed donations of one account, in quetzal cents (another currency by its quetzal equivalent). */
async function completedCents(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${QUETZAL_CENTS}), 0)::bigint` })
    .from(donations)
    .where(and(eq(donations.userId, userId), isCompletedGtq));
  return Number(row?.cents ?? 0);
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/**
 * Consecutive months with at least one completed donation, counted back from the current month, or
 * from the previous one when this month has none yet (the streak is not broken until a month ends).
 */
export function donationStreak(monthsWithDonation: readonly { year: number; month: number }[], now: Date): number {
  const have = new Set(monthsWithDonation.map((m) => monthIndex(m.year, m.month)));
  const current = guatemalaYearMonth(now);
  let cursor = monthIndex(current.year, current.month);
  if (!have.has(cursor)) cursor -= 1;
  let streak = 0;
  while (have.has(cursor)) {
    streak += 1;
    cursor -= 1;
  }
  return streak;
}

function activityFor(d: DonationRow): Activity[] {
  const amount = formatCents(d.amountCents, d.currency);
  const texts = activityMessages.member;
  const out: Activity[] = [{ type: 'donation_created', message: texts.donation_created(amount, d.referenceCode), timestamp: d.createdAt.toISOString() }];
  if (d.status !== 'pending') {
    const type = `donation_${d.status}` as Exclude<ActivityType, 'account_created' | 'donation_created'>;
    const when = d.completedAt ?? d.updatedAt;
    out.push({ type, message: texts[type](amount, d.referenceCode), timestamp: when.toISOString() });
  }
  return out;
}

export async function memberDashboardStats(db: Db, userId: number, now = new Date()): Promise<MemberDashboardStats> {
  const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw notFound();

  const mine = eq(donations.userId, userId);
  const [[totals], recent, latest, months, [favorite], [prefs]] = await Promise.all([
    db
      .select({
        total: count(),
        completed: sql<number>`count(*) filter (where ${donations.status} = 'completed')::int`,
        pending: sql<number>`count(*) filter (where ${donations.status} = 'pending')::int`,
        cents: sql<number>`coalesce(sum(${QUETZAL_CENTS}) filter (where ${isCompletedGtq}), 0)::bigint`,
        firstCompleted: sql<string | null>`min(${donations.createdAt}) filter (where ${isCompletedGtq})`,
        lastDonation: sql<string | null>`max(${donations.createdAt})`,
      })
      .from(donations)
      .where(mine),
    db
      .select(memberDonationColumns)
      .from(donations)
      .leftJoin(programs, eq(programs.id, donations.programId))
      .where(mine)
      .orderBy(desc(sql`greatest(${donations.createdAt}, ${donations.updatedAt})`), desc(donations.id))
      .limit(RECENT_ACTIVITY),
    db
      .select(memberDonationColumns)
      .from(donations)
      .leftJoin(programs, eq(programs.id, donations.programId))
      .where(mine)
      .orderBy(desc(GIFT_AT), desc(donations.id))
      .limit(RECENT_DONATIONS),
    db
      .selectDistinct({
        year: sql<number>`extract(year from ${donations.createdAt} AT TIME ZONE ${TIME_ZONE})::int`,
        month: sql<number>`extract(month from ${donations.createdAt} AT TIME ZONE ${TIME_ZONE})::int`,
      })
      .from(donations)
      .where(and(mine, eq(donations.status, 'completed'))),
    // The program this account gave most to; ties go to the most donations, then the name.
    db
      .select({ name: programs.name })
      .from(donations)
      .innerJoin(programs, eq(programs.id, donations.programId))
      .where(and(mine, eq(donations.status, 'completed')))
      .groupBy(programs.id, programs.name)
      .orderBy(desc(sql`sum(${donations.amountCents})`), desc(count()), asc(programs.name))
      .limit(1),
    db.select({ favoriteCause: userPreferences.favoriteCause }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1),
  ]);

  const cents = Number(totals?.cents ?? 0);
  // Average over the months from the first completed donation up to this one, both included.
  let monthlyAverage = 0;
  if (cents > 0 && totals.firstCompleted) {
    const first = guatemalaYearMonth(new Date(totals.firstCompleted));
    const current = guatemalaYearMonth(now);
    const span = Math.max(1, monthIndex(current.year, current.month) - monthIndex(first.year, first.month) + 1);
    monthlyAverage = roundTo(fromCents(cents) / span, 2);
  }

  const activity: Activity[] = recent.flatMap((r) => activityFor(r.donation));
  activity.push({ type: 'account_created', message: activityMessages.member.account_created, timestamp: account.createdAt.toISOString() });
  activity.sort((a, b) => b.timestamp.localeCompare(a.timestamp));

  return {
    kind: 'member',
    total_donated: fromCents(cents),
    total_amount_gtq: fromCents(cents),
    donations_count: totals.completed,
    total_donations: totals.total,
    pending_donations: totals.pending,
    member_since: account.createdAt.toISOString(),
    monthly_average: monthlyAverage,
    favorite_program: favorite?.name ?? prefs?.favoriteCause ?? null,
    donation_streak: donationStreak(months, now),
    last_donation_at: totals.lastDonation ? new Date(totals.lastDonation).toISOString() : null,
    my_donations: latest.map(toMemberDonation),
    recent_activity: activity.slice(0, RECENT_ACTIVITY),
  };
}

/** The account's level from the configurable thresholds (settings 'levels'; docs/product.md#figures). */
export async function memberLevels(db: Db, userId: number): Promise<Levels> {
  const [{ levels }, cents] = await Promise.all([getSettings(db, 'levels'), completedCents(db, userId)]);
  const sorted = [...levels].sort((a, b) => a.threshold - b.threshold);
  const total = fromCents(cents);
  const reached = sorted.filter((l) => l.threshold <= total);
  const current = reached.length ? reached[reached.length - 1] : null;
  const next = sorted.find((l) => l.threshold > total) ?? null;
  return {
    current_level: current?.name ?? null,
    current_level_threshold: current?.threshold ?? 0,
    total_donated: total,
    next_level: next?.name ?? null,
    next_level_threshold: next?.threshold ?? null,
    amount_to_next_level: next ? roundTo(next.threshold - total, 2) : 0,
    // Tenths of a percent from integer cents, so 50.35 % rounds to 50.4 and not, by float error, to 50.3.
    progress_percentage: next ? Math.min(100, Math.round((cents * 1000) / (next.threshold * 100)) / 10) : 100,
    levels: sorted,
  };
}

/** What the account's completed donations made possible, with the configurable factors. */
export async function memberImpact(db: Db, userId: number): Promise<Impact> {
  const [factors, cents] = await Promise.all([getSettings(db, 'impact'), completedCents(db, userId)]);
  const total = fromCents(cents);
  // Whole cents divided by whole cents: exact, and at most the donated cents whatever the factor (a
  // factor under one cent, or not a finite number, counts no units instead of overflowing).
  const units = (perUnit: number) => {
    const perUnitCents = Math.round(perUnit * 100);
    return Number.isSafeInteger(perUnitCents) && perUnitCents >= 1 ? Math.floor(cents / perUnitCents) : 0;
  };
  return {
    children_impacted: units(factors.quetzales_per_child),
    meals_provided: units(factors.quetzales_per_meal),
    scholarships_awarded: units(factors.quetzales_per_scholarship),
    evangelism_hours: units(factors.quetzales_per_evangelism_hour),
    total_donated: total,
  };
}

export async function activePrograms(db: Db): Promise<ActiveProgram[]> {
  const rows = await db.select().from(programs).where(eq(programs.isActive, true)).orderBy(asc(programs.sortOrder), asc(programs.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    progress_percentage: progressPercentage(publicRaisedCents(p), p.goalCents),
    current_amount: fromCents(publicRaisedCents(p)),
    goal_amount: fromCents(p.goalCents),
    coming_soon: p.comingSoon,
  }));
}

export async function upcomingEvents(db: Db, limit: number, now = new Date()): Promise<UpcomingEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.isPublished, true), gte(events.date, now)))
    .orderBy(asc(events.date), asc(events.id))
    .limit(limit);
  return rows.map((e) => ({
    id: e.id,
    type: e.type,
    title: e.title,
    description: e.description,
    date: e.date.toISOString(),
    location: e.location,
  }));
}
