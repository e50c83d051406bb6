// What the public pages show (DECISIONS.md D9): organisation and system settings, the home figures,
// programs, supporters and upcoming events, all read from the database on every call.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { CURRENCY, TIME_ZONE } from '@donaciones/shared/constants';
import { fromCents, roundTo } from '@donaciones/shared/format';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import type { Db } from '../db/client';
import { donations, events, programs, supporters } from '../db/schema';
import { getSettings } from './settings';

export const UPCOMING_EVENTS_SHOWN = 4;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Wall-clock parts of an instant in the given time zone. */
function wallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The instant at which the wall clock of the zone shows midnight of the given day. */
function zonedMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  // The zone's offset at that moment: wall clock read as UTC minus the instant.
  const w = wallClock(new Date(guess));
  const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - guess;
  return new Date(guess - offset);
}

/** [start, end) of the calendar month containing `now`, in America/Guatemala. */
export function guatemalaMonthRange(now: Date = new Date()): { start: Date; end: Date } {
  const { year, month } = wallClock(now);
  const start = zonedMidnight(year, month, 1);
  const end = month === 12 ? zonedMidnight(year + 1, 1, 1) : zonedMidnight(year, month + 1, 1);
  return { start, end };
}

/**
 * Sum of the donations completed this month: a range on `completed_at` (indexed), so the cost
 * grows with the month's donations, never with the whole ledger.
 */
export async function donatedThisMonthCents(db: Db, now: Date = new Date()): Promise<number> {
  const { start, end } = guatemalaMonthRange(now);
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)::bigint` })
    .from(donations)
    .where(
      and(
        gte(donations.completedAt, start),
        lt(donations.completedAt, end),
        eq(donations.status, 'completed'),
        eq(donations.currency, CURRENCY),
      ),
    );
  return Number(row?.cents ?? 0);
}

export async function getPublicSite(db: Db, now: Date = new Date()): Promise<PublicSite> {
  const [organization, system, impact, donatedCents, programRows, supporterRows, eventRows] = await Promise.all([
    getSettings(db, 'organization'),
    getSettings(db, 'system'),
    getSettings(db, 'impact'),
    donatedThisMonthCents(db, now),
    db
      .select()
      .from(programs)
      .where(eq(programs.isActive, true))
      .orderBy(asc(programs.sortOrder), asc(programs.id)),
    db.select({ id: supporters.id, name: supporters.name }).from(supporters).orderBy(asc(supporters.sortOrder), asc(supporters.id)),
    db
      .select()
      .from(events)
      .where(and(eq(events.isPublished, true), gte(events.date, now)))
      .orderBy(asc(events.date), asc(events.id))
      .limit(UPCOMING_EVENTS_SHOWN),
  ]);

  return {
    organization: {
      name: organization.name,
      description: organization.description,
      phone: organization.phone,
      email: organization.email,
      address: organization.address,
    },
    system: {
      system_name: system.system_name,
      maintenance_mode: system.maintenance_mode,
      min_donation_amount: system.min_donation_amount,
      max_donation_amount: system.max_donation_amount,
    },
    stats: {
      donated_this_month: fromCents(donatedCents),
      children_per_year: organization.children_per_year,
      schools_benefited: organization.schools_benefited,
      scholarships: organization.scholarships,
    },
    impact: {
      quetzales_per_child: impact.quetzales_per_child,
      quetzales_per_meal: impact.quetzales_per_meal,
      quetzales_per_scholarship: impact.quetzales_per_scholarship,
      quetzales_per_evangelism_hour: impact.quetzales_per_evangelism_hour,
    },
    programs: programRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      highlight_value: p.highlightValue,
      highlight_label: p.highlightLabel,
      coming_soon: p.comingSoon,
      goal_amount: fromCents(p.goalCents),
      current_amount: fromCents(p.currentCents),
      progress_percentage: p.goalCents > 0 ? Math.min(100, roundTo((p.currentCents / p.goalCents) * 100, 1)) : 0,
    })),
    supporters: supporterRows,
    upcoming_events: eventRows.map((e) => ({
      id: e.id,
      type: e.type,
      title: e.title,
      description: e.description,
      date: e.date.toISOString(),
      location: e.location,
    })),
  };
}
