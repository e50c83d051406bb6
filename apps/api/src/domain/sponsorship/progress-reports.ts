// Progress reports (informes de avance; docs/product.md#sponsorship, decision 0052): staff publish
// them for a child at least twice a year; every active sponsor of the child hears of it by email and
// reads them in "Mi ahijado/a" (the reports published while they sponsor, newest first). A report is
// built here with every field; each route's response schema (packages/shared/src/schemas/progress-
// reports.ts) keeps only its audience's. `overdueProgressReports` is "Reportes pendientes".
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import { PROGRESS_REPORT_DUE_DAYS, progressReportMessages as m } from '@donaciones/shared/messages/progress-reports';
import {
  type OverdueProgressReport,
  type ProgressReportValues,
  SPONSOR_TEXT_FIELDS,
  type SponsorProgressReports,
  type StaffProgressReport,
} from '@donaciones/shared/schemas/progress-reports';
import { PHOTO_CONSENT_SCOPES } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipMessages } from '@donaciones/shared/messages/sponsorship';
import type { Db } from '../../db/client';
import { progressReports, sponsoredChildren, sponsorships, users } from '../../db/schema';
import { InvalidInputError, NotFoundError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { accountNameSql } from '../accounts/users';
import { ownSponsorship } from './letters';
import { enqueueProgressReportEmails } from './progress-report-email';
import { currentConsent } from './views';

const DAY_MS = 86_400_000;

/** The sponsor's URL of a report's photo (only while a consent covers photos) and the staff's. */
export const sponsorReportPhotoUrl = (id: number) => `/api/v1/users/me/progress-reports/${id}/photo`;
export const staffReportPhotoUrl = (id: number) => `/api/v1/admin/sponsorship/progress-reports/${id}/photo`;

/** Every column a view needs, never the photo's bytes; the photo is "shown" only under a current consent. */
/** The report's columns; whether its photo may be shown is read on today's Guatemala day. */
const reportColumns = () => ({
  id: progressReports.id,
  childId: progressReports.childId,
  period: progressReports.period,
  reportDate: progressReports.reportDate,
  schoolGrade: progressReports.schoolGrade,
  attendancePercent: progressReports.attendancePercent,
  achievement: progressReports.achievement,
  health: progressReports.health,
  messageToSponsor: progressReports.messageToSponsor,
  staffNotes: progressReports.staffNotes,
  createdAt: progressReports.createdAt,
  hasPhoto: sql<boolean>`(${progressReports.photoContentType} is not null)`,
  photoShown: currentConsent(PHOTO_CONSENT_SCOPES),
  writtenBy: accountNameSql,
});

function selectReports(db: Db) {
  return db
    .select(reportColumns())
    .from(progressReports)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, progressReports.childId))
    .leftJoin(users, eq(users.id, progressReports.writtenByUserId));
}
type ReportRead = Awaited<ReturnType<ReturnType<typeof selectReports>['where']>>[number];

/** Every field of a report; the caller's response schema keeps only its audience's. */
export function reportView(r: ReportRead): StaffProgressReport {
  return {
    id: r.id,
    period: r.period,
    reportDate: r.reportDate,
    schoolGrade: r.schoolGrade,
    attendancePercent: r.attendancePercent,
    achievement: r.achievement,
    health: r.health,
    messageToSponsor: r.messageToSponsor,
    photoUrl: r.hasPhoto && r.photoShown ? sponsorReportPhotoUrl(r.id) : null,
    staffPhotoUrl: r.hasPhoto ? staffReportPhotoUrl(r.id) : null,
    writtenBy: r.writtenBy,
    createdAt: r.createdAt.toISOString(),
    staffNotes: r.staffNotes,
  };
}

const newestFirst = [desc(progressReports.reportDate), desc(progressReports.id)];

/** The contact details left in the texts a sponsor reads, as field errors (none: an empty object). */
export function contactDetailErrors(input: Pick<ProgressReportValues, (typeof SPONSOR_TEXT_FIELDS)[number]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of SPONSOR_TEXT_FIELDS) {
    const flags = findLetterFlags(input[key]);
    if (flags.length > 0) errors[key] = m.contactDetails(flags);
  }
  return errors;
}

/**
 * Publishes a report: refused while a text the sponsor reads holds contact details (staff edit them
 * out); audited; each active sponsor of the child is emailed in the same transaction.
 */
export async function createProgressReport(db: Db, input: { childId: number; values: ProgressReportValues; actor: Actor; ip?: string }): Promise<StaffProgressReport> {
  const errors = contactDetailErrors(input.values);
  if (Object.keys(errors).length > 0) throw new InvalidInputError(Object.values(errors)[0], errors);
  return db.transaction(async (tx) => {
    const [child] = await tx.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(eq(sponsoredChildren.id, input.childId));
    if (!child) throw new NotFoundError(sponsorshipMessages.childNotFound);
    const v = input.values;
    const [row] = await tx
      .insert(progressReports)
      .values({
        childId: child.id,
        period: v.period,
        reportDate: v.reportDate,
        schoolGrade: v.schoolGrade,
        attendancePercent: v.attendancePercent,
        achievement: v.achievement,
        health: v.health,
        messageToSponsor: v.messageToSponsor,
        staffNotes: v.staffNotes,
        writtenByUserId: input.actor.id,
      })
      .returning({ id: progressReports.id });
    const emailed = await enqueueProgressReportEmails(tx, child.id);
    await audit(tx, {
      actor: input.actor,
      action: 'sponsorship.progress_report_published',
      entityType: 'sponsored_child',
      entityId: child.id,
      details: { report_id: row.id, report_date: v.reportDate, sponsors_emailed: emailed },
      ip: input.ip ?? null,
    });
    return progressReportForStaff(tx, row.id);
  });
}

export async function progressReportForStaff(db: Db, reportId: number): Promise<StaffProgressReport> {
  const [read] = await selectReports(db).where(eq(progressReports.id, reportId));
  if (!read) throw new NotFoundError(m.reportNotFound);
  return reportView(read);
}

/** A child's reports for staff, newest first. */
export async function staffProgressReports(db: Db, childId: number) {
  const [child] = await db.select({ id: sponsoredChildren.id }).from(sponsoredChildren).where(eq(sponsoredChildren.id, childId));
  if (!child) throw new NotFoundError(sponsorshipMessages.childNotFound);
  const rows = await selectReports(db).where(eq(progressReports.childId, childId)).orderBy(...newestFirst);
  return { reports: rows.map(reportView) };
}

/**
 * The reports a sponsor reads: those of their sponsorship's child published while they sponsor (a
 * report written for an earlier sponsor is not theirs), newest first. Another person's sponsorship is 404.
 */
export async function sponsorProgressReports(db: Db, userId: number, sponsorshipId: number): Promise<SponsorProgressReports> {
  const own = await ownSponsorship(db, userId, sponsorshipId);
  const [period] = await db.select({ startedAt: sponsorships.startedAt, endedAt: sponsorships.endedAt }).from(sponsorships).where(eq(sponsorships.id, own.id));
  if (!period?.startedAt) return { sponsorshipId: own.id, childFirstName: own.firstName, reports: [] };
  const rows = await selectReports(db)
    .where(
      and(
        eq(progressReports.childId, own.childId),
        gte(progressReports.createdAt, period.startedAt),
        period.endedAt ? lte(progressReports.createdAt, period.endedAt) : undefined,
      ),
    )
    .orderBy(...newestFirst);
  // A former sponsor keeps the reports' words, not the child's photos.
  const reports = rows.map((r) => ({ ...reportView(r), ...(own.status === 'active' ? {} : { photoUrl: null }) }));
  return { sponsorshipId: own.id, childFirstName: own.firstName, reports };
}

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * "Reportes pendientes": the children with an active sponsorship and no report in the last 182 days
 * (PROGRESS_REPORT_DUE_DAYS), counting from their last report, or from the start of their earliest
 * active sponsorship when there is no report since; days in America/Guatemala. Most overdue first.
 */
export async function overdueProgressReports(db: Db, now: Date = new Date()): Promise<OverdueProgressReport[]> {
  const rows = await db
    .select({
      childId: sponsoredChildren.id,
      firstName: sponsoredChildren.firstName,
      fullName: sponsoredChildren.fullName,
      since: sql<Date>`min(coalesce(${sponsorships.startedAt}, ${sponsorships.createdAt}))`.mapWith(sponsorships.createdAt),
      lastReportDate: sql<string | null>`(select max(r.report_date)::text from ${progressReports} r where r.child_id = ${sponsoredChildren.id})`,
    })
    .from(sponsoredChildren)
    .innerJoin(sponsorships, and(eq(sponsorships.childId, sponsoredChildren.id), eq(sponsorships.status, 'active')))
    .groupBy(sponsoredChildren.id);
  const today = guatemalaDay(now);
  const overdue: OverdueProgressReport[] = [];
  for (const r of rows) {
    const sponsoredSince = guatemalaDay(r.since);
    const anchor = r.lastReportDate && r.lastReportDate > sponsoredSince ? r.lastReportDate : sponsoredSince;
    const dueSince = addDays(anchor, PROGRESS_REPORT_DUE_DAYS);
    const daysOverdue = daysBetween(dueSince, today);
    if (daysOverdue > 0) overdue.push({ childId: r.childId, firstName: r.firstName, fullName: r.fullName, sponsoredSince, lastReportDate: r.lastReportDate, dueSince, daysOverdue });
  }
  return overdue.sort((a, b) => b.daysOverdue - a.daysOverdue || a.childId - b.childId);
}

/** Used by the photo routes: the report's child, or 404. */
export async function reportChild(db: Db, reportId: number) {
  const [row] = await db.select({ id: progressReports.id, childId: progressReports.childId, createdAt: progressReports.createdAt }).from(progressReports).where(eq(progressReports.id, reportId));
  if (!row) throw new NotFoundError(m.reportNotFound);
  return row;
}

/** Whether `userId` sponsors the report's child now (active), and did when it was published. */
export async function sponsorReadsReport(db: Db, userId: number, report: { childId: number; createdAt: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.childId, report.childId),
        eq(sponsorships.userId, userId),
        eq(sponsorships.status, 'active'),
        lte(sponsorships.startedAt, report.createdAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
