// Sponsorship reports (docs/product.md#sponsorship, decision 0053): every figure counted in SQL from
// the children, sponsorships, letters and consents, for a period of Guatemala calendar days. Figures
// marked "now" (children waiting and sponsored, letters and progress reports overdue, consents ending
// soon) describe the records as they are; the others count what happened inside the period. Progress
// reports overdue are the progress reports' own definition (overdueProgressReports), not a second one.
import { sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { guatemalaMidnight } from '@donaciones/shared/figures';
import {
  CONSENT_EXPIRY_WINDOW_DAYS,
  LETTER_DELIVERY_TARGET_DAYS,
  LETTER_REVIEW_TARGET_HOURS,
  RETENTION_MONTHS,
  type SponsorshipReport,
  type SponsorshipReportQuery,
} from '@donaciones/shared/schemas/sponsorship-reports';
import type { ConsentScope } from '@donaciones/shared/schemas/sponsorship-codes';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { overdueProgressReports } from './progress-reports';

const DAY_SECONDS = 86_400;

/** `day` moved by whole days or months (calendar arithmetic on YYYY-MM-DD). */
export function shiftDay(day: string, by: { days?: number; months?: number }): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + (by.months ?? 0), 1));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, lastDay) + (by.days ?? 0));
  return date.toISOString().slice(0, 10);
}

/** Days with one decimal, from a SQL average of seconds (null when nothing was averaged). */
const toDays = (seconds: number | string | null) => (seconds == null ? null : Math.round((Number(seconds) / DAY_SECONDS) * 10) / 10);

interface Bounds {
  start: string;
  end: string;
  now: string;
}

type PlaceRow = { key: string | null; name: string | null; waiting: number; sponsored: number; started: number };

/** Children waiting and sponsored now, and sponsorships started in the period, grouped by `key`. */
async function placesBy(db: Db, b: Bounds, by: 'program' | 'department'): Promise<PlaceRow[]> {
  const key = by === 'program' ? sql`c.program_id::text` : sql`c.department`;
  const name = by === 'program' ? sql`p.name` : sql`c.department`;
  return rowsOf<PlaceRow>(
    await db.execute(sql`
      SELECT ${key} AS key, ${name} AS name,
        count(*) FILTER (WHERE c.status = 'waiting')::int AS waiting,
        count(*) FILTER (WHERE c.status = 'sponsored')::int AS sponsored,
        coalesce(sum((SELECT count(*) FROM sponsorships s WHERE s.child_id = c.id
          AND s.started_at >= ${b.start}::timestamptz AND s.started_at < ${b.end}::timestamptz)), 0)::int AS started
      FROM sponsored_children c LEFT JOIN programs p ON p.id = c.program_id
      GROUP BY 1, 2
      ORDER BY 2 NULLS LAST, 1`),
  ).filter((r) => r.waiting + r.sponsored + r.started > 0);
}

async function waitingFigures(db: Db, b: Bounds) {
  const [now] = rowsOf<{ n: number; avg: string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS n, avg(extract(epoch FROM (${b.now}::timestamptz - waiting_since))) AS avg
      FROM sponsored_children WHERE status = 'waiting'`),
  );
  const [started] = rowsOf<{ n: number; avg: string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS n, avg(greatest(0, extract(epoch FROM (s.started_at - c.waiting_since)))) AS avg
      FROM sponsorships s JOIN sponsored_children c ON c.id = s.child_id
      WHERE s.started_at >= ${b.start}::timestamptz AND s.started_at < ${b.end}::timestamptz`),
  );
  return {
    waitingNow: { children: now.n, averageDays: toDays(now.avg) },
    startedInPeriod: { sponsorships: started.n, averageWaitDays: toDays(started.avg) },
  };
}

/**
 * Of the sponsorships started on or before `startedBy` (RETENTION_MONTHS before the period's last
 * day), those not ended when the period ends; and the period's endings by their reason.
 */
async function retentionFigures(db: Db, b: Bounds, to: string) {
  const startedBy = shiftDay(to, { months: -RETENTION_MONTHS });
  const cohortEnd = guatemalaMidnight(shiftDay(startedBy, { days: 1 })).toISOString();
  const [row] = rowsOf<{ cohort: number; active: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS cohort,
        count(*) FILTER (WHERE (s.ended_at IS NULL AND s.status <> 'ended') OR s.ended_at >= ${b.end}::timestamptz)::int AS active
      FROM sponsorships s
      WHERE s.started_at IS NOT NULL AND s.started_at < ${cohortEnd}::timestamptz`),
  );
  const ended = rowsOf<{ reason: string | null; count: number }>(
    await db.execute(sql`
      SELECT nullif(trim(s.end_reason), '') AS reason, count(*)::int AS count
      FROM sponsorships s
      WHERE s.status = 'ended' AND s.ended_at >= ${b.start}::timestamptz AND s.ended_at < ${b.end}::timestamptz
      GROUP BY 1 ORDER BY 2 DESC, 1 NULLS LAST`),
  );
  const percent = row.cohort > 0 ? Math.round((row.active / row.cohort) * 1000) / 10 : null;
  return { retention: { startedBy, cohort: row.cohort, stillActive: row.active, percent }, endedInPeriod: ended };
}

/** Letters in review past the queue's target, and sponsors' approved letters not delivered in time. */
async function letterFigures(db: Db, b: Bounds): Promise<SponsorshipReport['letters']> {
  const [row] = rowsOf<{ review: number; review_oldest: string | null; undelivered: number; undelivered_oldest: string | null }>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE status = 'in_review' AND created_at < ${b.now}::timestamptz - make_interval(hours => ${LETTER_REVIEW_TARGET_HOURS}))::int AS review,
        max(extract(epoch FROM (${b.now}::timestamptz - created_at))) FILTER (WHERE status = 'in_review'
          AND created_at < ${b.now}::timestamptz - make_interval(hours => ${LETTER_REVIEW_TARGET_HOURS})) AS review_oldest,
        count(*) FILTER (WHERE direction = 'to_child' AND status = 'approved'
          AND reviewed_at < ${b.now}::timestamptz - make_interval(days => ${LETTER_DELIVERY_TARGET_DAYS}))::int AS undelivered,
        max(extract(epoch FROM (${b.now}::timestamptz - reviewed_at))) FILTER (WHERE direction = 'to_child' AND status = 'approved'
          AND reviewed_at < ${b.now}::timestamptz - make_interval(days => ${LETTER_DELIVERY_TARGET_DAYS})) AS undelivered_oldest
      FROM sponsorship_letters`),
  );
  return {
    reviewTargetHours: LETTER_REVIEW_TARGET_HOURS,
    inReviewOverdue: row.review,
    oldestInReviewHours: row.review_oldest == null ? null : Math.round((Number(row.review_oldest) / 3600) * 10) / 10,
    deliveryTargetDays: LETTER_DELIVERY_TARGET_DAYS,
    approvedUndelivered: row.undelivered,
    oldestUndeliveredDays: toDays(row.undelivered_oldest),
  };
}

/**
 * Consents not revoked that end within the window (today included), of children still in the
 * programme, unless a later consent of the child already covers the same (a renewal was recorded).
 */
async function consentsExpiring(db: Db, today: string): Promise<SponsorshipReport['consentsExpiring']> {
  const last = shiftDay(today, { days: CONSENT_EXPIRY_WINDOW_DAYS });
  const rows = rowsOf<{ consent_id: number; child_id: number; first_name: string; scope: ConsentScope; expires_on: string }>(
    await db.execute(sql`
      SELECT k.id AS consent_id, c.id AS child_id, c.first_name, k.scope, k.expires_on::text AS expires_on
      FROM child_consents k JOIN sponsored_children c ON c.id = k.child_id
      WHERE k.revoked_at IS NULL AND c.status <> 'left'
        AND k.expires_on >= ${today}::date AND k.expires_on <= ${last}::date
        AND NOT EXISTS (SELECT 1 FROM child_consents r
          WHERE r.child_id = k.child_id AND r.id <> k.id AND r.revoked_at IS NULL AND r.expires_on > k.expires_on
            AND (r.scope = k.scope OR r.scope = 'photos_and_story'))
      ORDER BY k.expires_on, c.first_name, k.id`),
  );
  return rows.map((r) => ({ consentId: r.consent_id, childId: r.child_id, childFirstName: r.first_name, scope: r.scope, expiresOn: r.expires_on }));
}

/** The report of the period `from`..`to` (Guatemala days, both included), as the records are at `now`. */
export async function sponsorshipReport(db: Db, query: SponsorshipReportQuery, now = new Date()): Promise<SponsorshipReport> {
  const b: Bounds = {
    start: guatemalaMidnight(query.from).toISOString(),
    end: guatemalaMidnight(shiftDay(query.to, { days: 1 })).toISOString(),
    now: now.toISOString(),
  };
  const [programs, departments, waiting, retention, letters, consents, progress] = await Promise.all([
    placesBy(db, b, 'program'),
    placesBy(db, b, 'department'),
    waitingFigures(db, b),
    retentionFigures(db, b, query.to),
    letterFigures(db, b),
    consentsExpiring(db, guatemalaDay(now)),
    overdueProgressReports(db, now),
  ]);
  return {
    from: query.from,
    to: query.to,
    generatedAt: b.now,
    byProgram: programs.map((r) => ({ programId: r.key == null ? null : Number(r.key), name: r.name, waiting: r.waiting, sponsored: r.sponsored, started: r.started })),
    byDepartment: departments.map((r) => ({ department: r.key ?? '', waiting: r.waiting, sponsored: r.sponsored, started: r.started })),
    ...waiting,
    ...retention,
    letters,
    progressReportsOverdue: progress.map((p) => ({ childId: p.childId, childFirstName: p.firstName, dueSince: p.dueSince, daysOverdue: p.daysOverdue })),
    consentsExpiring: consents,
  };
}
