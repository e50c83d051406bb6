// Sponsorship reports and the children's export (docs/product.md#sponsorship, decision 0053). The
// export's columns are derived from the one visibility declaration (CHILD_FIELDS): never a
// `never_exported` field, staff-level fields only with `sponsorship.export_staff_fields`, never a photo.
import { z } from 'zod';
import { sponsorshipReportMessages as m } from '../messages/sponsorship-reports';
import { CHILD_FIELDS, type ChildField, childFieldsFor } from './sponsorship';
import { CONSENT_SCOPES } from './sponsorship-codes';

/** A sponsor's letter waiting in the staff queue longer than this many hours is overdue. */
export const LETTER_REVIEW_TARGET_HOURS = 72;
/** An approved sponsor's letter not marked delivered after this many days is overdue. */
export const LETTER_DELIVERY_TARGET_DAYS = 30;
/** Consents ending within this many days (today included) are listed. */
export const CONSENT_EXPIRY_WINDOW_DAYS = 30;
/** Sponsorships started at least this many months before the period's end form the retention cohort. */
export const RETENTION_MONTHS = 12;
/** The longest period a report may cover. */
export const REPORT_MAX_DAYS = 3660;

/** Fields that are never put in a file whatever their level: a photo leaves only through the API. */
export const NEVER_IN_FILES: readonly ChildField[] = ['photoUrl'];

/**
 * Staff-level fields every export carries: the child's place in the programme (status, since when
 * waiting, places), nothing about the child as a person. The list can only narrow: a field outside
 * the `staff` level is unaffected by it, and a `never_exported` one is refused by the level first.
 */
export const OPERATIONAL_CHILD_FIELDS: readonly ChildField[] = ['status', 'waitingSince', 'sponsorPlaces', 'takenPlaces'];

/** Columns of the export that are not fields of a child but counted for it. */
export const EXPORT_EXTRA_COLUMNS = ['sponsorCount'] as const;
export type ChildExportColumn = ChildField | (typeof EXPORT_EXTRA_COLUMNS)[number];

/**
 * The columns of a children's export, in the declaration's order: public and sponsor fields, the
 * operational ones, and the other staff fields only when `withStaffFields`; never a
 * `never_exported` field (the `export` audience leaves them out), never a photo.
 */
export function childExportColumns(withStaffFields: boolean): ChildExportColumn[] {
  const fields = childFieldsFor('export').filter((k) => {
    if (NEVER_IN_FILES.includes(k)) return false;
    const level = CHILD_FIELDS[k].visibility;
    if (level === 'public' || level === 'sponsor') return true;
    return level === 'staff' && (withStaffFields || OPERATIONAL_CHILD_FIELDS.includes(k));
  });
  return [...fields, ...EXPORT_EXTRA_COLUMNS];
}

/** Report days fall in 2000–2100: enough for the programme's history, and every day has a next day. */
const day = z.iso.date({ error: m.dateInvalid }).refine((d) => d >= '2000-01-01' && d <= '2100-12-31', { error: m.dateOutOfRange });

export const sponsorshipReportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { error: m.rangeReversed, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= REPORT_MAX_DAYS, { error: m.rangeTooLong, path: ['from'] });
export type SponsorshipReportQuery = z.infer<typeof sponsorshipReportQuerySchema>;

export const CHILD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const childExportRequestSchema = z
  .object({
    format: z.enum(CHILD_EXPORT_FORMATS, { error: m.formatInvalid }),
    /** Full name, birth date, community, school, guardian... (permission `sponsorship.export_staff_fields`). */
    staffFields: z.boolean({ error: m.flagInvalid }).default(false),
  })
  .strict();
export type ChildExportRequest = z.input<typeof childExportRequestSchema>;

const count = z.number().int();
/** Days with one decimal; null when nothing was counted. */
const days = z.number().nullable();
const placeRow = { waiting: count, sponsored: count, started: count };

export const sponsorshipReportSchema = z
  .object({
    /** Inclusive first and last day, YYYY-MM-DD in America/Guatemala. */
    from: z.string(),
    to: z.string(),
    generatedAt: z.string(),
    /** Children waiting and sponsored now, and sponsorships started in the period, per programme (null: none). */
    byProgram: z.array(z.object({ programId: z.number().int().nullable(), name: z.string().nullable(), ...placeRow })),
    byDepartment: z.array(z.object({ department: z.string(), ...placeRow })),
    waitingNow: z.object({ children: count, averageDays: days }),
    /** Sponsorships started in the period, and how long their child had waited (waiting_since to start). */
    startedInPeriod: z.object({ sponsorships: count, averageWaitDays: days }),
    /** Sponsorships started on or before `startedBy` (12 months before the period's end), and those not ended by then. */
    retention: z.object({ startedBy: z.string(), cohort: count, stillActive: count, percent: z.number().nullable() }),
    endedInPeriod: z.array(z.object({ reason: z.string().nullable(), count })),
    letters: z.object({
      reviewTargetHours: count,
      inReviewOverdue: count,
      oldestInReviewHours: z.number().nullable(),
      deliveryTargetDays: count,
      approvedUndelivered: count,
      oldestUndeliveredDays: days,
    }),
    /** Sponsored children whose progress report is overdue (overdueProgressReports, decision 0052), most overdue first. */
    progressReportsOverdue: z.array(z.object({ childId: z.number().int(), childFirstName: z.string(), dueSince: z.string(), daysOverdue: count })),
    consentsExpiring: z.array(
      z.object({ consentId: z.number().int(), childId: z.number().int(), childFirstName: z.string(), scope: z.enum(CONSENT_SCOPES), expiresOn: z.string() }),
    ),
  })
  .meta({ id: 'SponsorshipReport' });
export type SponsorshipReport = z.infer<typeof sponsorshipReportSchema>;
