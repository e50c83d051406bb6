// Progress reports (informes de avance; docs/product.md#sponsorship, decision 0052): every field of a
// report is declared ONCE below with its visibility, as a child's fields are in ./sponsorship.ts, and
// the sponsor's and the staff's answers are derived from it, so the staff notes cannot be part of a
// sponsor's answer. The texts a sponsor reads pass the letters' contact-details detector: a report
// with a phone, an email, a handle or an address in them is refused, field by field.
import { z } from 'zod';
import { findLetterFlags } from '../letter-flags';
import { progressReportMessages as m } from '../messages/progress-reports';
import { RECORDED_DAY_MIN, recordedDay } from './fields';
import { AUDIENCE_LEVELS, type Audience, type Visibility } from './sponsorship';

const field = <V extends Visibility, S extends z.ZodType>(visibility: V, schema: S) => ({ visibility, schema });

/** The one declaration of a report's fields as they leave the API, each with its visibility. */
export const PROGRESS_REPORT_FIELDS = {
  id: field('sponsor', z.number().int()),
  period: field('sponsor', z.string()),
  reportDate: field('sponsor', z.string()),
  schoolGrade: field('sponsor', z.string()),
  attendancePercent: field('sponsor', z.number().int().nullable()),
  achievement: field('sponsor', z.string()),
  health: field('sponsor', z.string()),
  messageToSponsor: field('sponsor', z.string()),
  /** The sponsor's URL of the photo, only while a current consent covers photos. */
  photoUrl: field('sponsor', z.string().nullable()),
  /** The staff console's URL of the photo, shown or not. */
  staffPhotoUrl: field('staff', z.string().nullable()),
  writtenBy: field('staff', z.string().nullable()),
  createdAt: field('staff', z.string()),
  staffNotes: field('never_exported', z.string()),
} as const;
type Fields = typeof PROGRESS_REPORT_FIELDS;
export type ProgressReportField = keyof Fields;

type FieldsOf<A extends Audience> = {
  [K in ProgressReportField as Fields[K]['visibility'] extends (typeof AUDIENCE_LEVELS)[A][number] ? K : never]: Fields[K]['schema'];
};

export function progressReportFieldsFor(audience: Audience): ProgressReportField[] {
  const levels: readonly Visibility[] = AUDIENCE_LEVELS[audience];
  return (Object.keys(PROGRESS_REPORT_FIELDS) as ProgressReportField[]).filter((k) => levels.includes(PROGRESS_REPORT_FIELDS[k].visibility));
}

function shapeFor<A extends Audience>(audience: A): FieldsOf<A> {
  return Object.fromEntries(progressReportFieldsFor(audience).map((k) => [k, PROGRESS_REPORT_FIELDS[k].schema])) as FieldsOf<A>;
}

/** What must never appear in a sponsor's answer. */
export const STAFF_ONLY_PROGRESS_REPORT_FIELDS: ProgressReportField[] = progressReportFieldsFor('staff').filter((k) => !progressReportFieldsFor('sponsor').includes(k));

export const sponsorProgressReportSchema = z.object(shapeFor('sponsor')).meta({ id: 'SponsorProgressReport' });
export type SponsorProgressReport = z.infer<typeof sponsorProgressReportSchema>;
export const staffProgressReportSchema = z.object(shapeFor('staff'));
export type StaffProgressReport = z.infer<typeof staffProgressReportSchema>;

/** The texts a sponsor reads, checked for contact details before a report is published. */
export const SPONSOR_TEXT_FIELDS = ['period', 'schoolGrade', 'achievement', 'health', 'messageToSponsor'] as const;

/** The earliest report date taken (the date field's `min`): 01/01/2000. */
export const REPORT_DATE_MIN = RECORDED_DAY_MIN;

const text = (max: number) => z.string().trim().max(max, { error: m.textTooLong(max) });

/** The staff's new report. */
export const progressReportInputSchema = z
  .object({
    period: text(80).min(3, { error: m.periodRequired }),
    // From 01/01/2000 (RECORDED_DAY_MIN): a year mistyped (0202) would reach the sponsor as is.
    reportDate: recordedDay({ invalid: m.reportDateInvalid, tooEarly: m.reportDateTooEarly, future: m.reportDateFuture }),
    schoolGrade: text(60).default(''),
    attendancePercent: z.number({ error: m.attendanceInvalid }).int({ error: m.attendanceInvalid }).min(0, { error: m.attendanceInvalid }).max(100, { error: m.attendanceInvalid }).nullable().default(null),
    achievement: text(500).default(''),
    health: text(500).default(''),
    messageToSponsor: text(2000).min(20, { error: m.messageTooShort }),
    staffNotes: text(2000).default(''),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const key of SPONSOR_TEXT_FIELDS) {
      const flags = findLetterFlags(value[key]);
      if (flags.length > 0) ctx.addIssue({ code: 'custom', path: [key], message: m.contactDetails(flags) });
    }
  });
export type ProgressReportInput = z.input<typeof progressReportInputSchema>;
export type ProgressReportValues = z.output<typeof progressReportInputSchema>;

export const staffProgressReportsSchema = z.object({ reports: z.array(staffProgressReportSchema) });
export type StaffProgressReports = z.infer<typeof staffProgressReportsSchema>;

/** "Mi ahijado/a": the reports of one of the caller's sponsorships, newest first. */
export const sponsorProgressReportsSchema = z
  .object({ sponsorshipId: z.number().int(), childFirstName: z.string(), reports: z.array(sponsorProgressReportSchema) })
  .meta({ id: 'SponsorProgressReports' });
export type SponsorProgressReports = z.infer<typeof sponsorProgressReportsSchema>;

/** "Reportes pendientes": a sponsored child whose report is due, for staff. */
export const overdueProgressReportSchema = z.object({
  childId: z.number().int(),
  firstName: z.string(),
  fullName: z.string(),
  /** The Guatemala day the child's earliest active sponsorship started. */
  sponsoredSince: z.string(),
  lastReportDate: z.string().nullable(),
  /** The day the report was due: 182 days after the last report, or after the start when none since. */
  dueSince: z.string(),
  daysOverdue: z.number().int(),
});
export type OverdueProgressReport = z.infer<typeof overdueProgressReportSchema>;
export const overdueProgressReportsSchema = z.object({ children: z.array(overdueProgressReportSchema) });
