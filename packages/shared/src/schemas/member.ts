// The donor and user area (docs/product.md#figures,
// #screens-and-routes): answers about the signed-in account's own donations.
import { z } from 'zod';
import { DONATION_STATUSES, DONATION_TYPES, EVENT_TYPES, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';
import { decimalId } from './fields';

/** A donation of the signed-in account, with its permanent receipt number once completed. */
export const memberDonationSchema = z
  .object({
    id: z.number().int(),
    reference_code: z.string(),
    donor_name: z.string(),
    donor_email: z.string(),
    amount: z.number(),
    currency: z.string(),
    donation_type: z.enum(DONATION_TYPES),
    status: z.enum(DONATION_STATUSES),
    description: z.string().nullable(),
    program_name: z.string().nullable(),
    receipt_number: z.number().int().nullable(),
    /** The receipt's series ('A'), printed with its number ('A-000303'); null without a receipt. */
    receipt_series: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
    /** `card` or `bank_deposit` (docs/product.md#bank-deposits); null for goods, services and older rows. */
    payment_method: z.string().nullable().optional(),
    /** Deposit slips sent for a bank deposit (the list of the donor area). */
    deposit_slips: z.number().int().optional(),
  })
  .meta({ id: 'MemberDonation' });
export type MemberDonation = z.infer<typeof memberDonationSchema>;

export const ACTIVITY_TYPES = [
  'account_created',
  'donation_created',
  'donation_completed',
  'donation_failed',
  'donation_cancelled',
  'donation_expired',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  message: z.string(),
  timestamp: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * GET /dashboard/stats for DONOR and USER. Money is in quetzales of completed GTQ donations;
 * `total_donations` counts every own donation, `donations_count` the completed ones.
 */
export const memberDashboardStatsSchema = z
  .object({
    /** Tells this answer from the ADMIN one of the same path (`kind: "admin"`). */
    kind: z.literal('member'),
    total_donated: z.number(),
    total_amount_gtq: z.number(),
    donations_count: z.number().int(),
    total_donations: z.number().int(),
    pending_donations: z.number().int(),
    member_since: z.string(),
    monthly_average: z.number(),
    favorite_program: z.string().nullable(),
    donation_streak: z.number().int(),
    last_donation_at: z.string().nullable(),
    my_donations: z.array(memberDonationSchema),
    recent_activity: z.array(activitySchema),
  })
  .meta({ id: 'MemberDashboardStats' });
export type MemberDashboardStats = z.infer<typeof memberDashboardStatsSchema>;

export const levelsSchema = z
  .object({
    /** Null while no level's threshold has been reached. */
    current_level: z.string().nullable(),
    current_level_threshold: z.number(),
    total_donated: z.number(),
    /** Null once the highest level is reached. */
    next_level: z.string().nullable(),
    next_level_threshold: z.number().nullable(),
    amount_to_next_level: z.number(),
    progress_percentage: z.number(),
    levels: z.array(z.object({ name: z.string(), threshold: z.number() })),
  })
  .meta({ id: 'Levels' });
export type Levels = z.infer<typeof levelsSchema>;

export const impactSchema = z
  .object({
    children_impacted: z.number().int(),
    meals_provided: z.number().int(),
    scholarships_awarded: z.number().int(),
    evangelism_hours: z.number().int(),
    total_donated: z.number(),
  })
  .meta({ id: 'Impact' });
export type Impact = z.infer<typeof impactSchema>;

export const activeProgramSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    progress_percentage: z.number(),
    current_amount: z.number(),
    goal_amount: z.number(),
    coming_soon: z.boolean(),
  })
  .meta({ id: 'ActiveProgram' });
export type ActiveProgram = z.infer<typeof activeProgramSchema>;

export const upcomingEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(EVENT_TYPES),
    title: z.string(),
    description: z.string(),
    date: z.string(),
    location: z.string().nullable(),
  })
  .meta({ id: 'UpcomingEvent' });
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

export const UPCOMING_EVENTS_DEFAULT_LIMIT = 5;
export const upcomingEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(UPCOMING_EVENTS_DEFAULT_LIMIT),
});

export const myDonationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  status: z.enum(DONATION_STATUSES).optional(),
});
export type MyDonationsQuery = z.input<typeof myDonationsQuerySchema>;

export const myDonationListSchema = z.object({
  donations: z.array(memberDonationSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type MyDonationList = z.infer<typeof myDonationListSchema>;

/** Totals of a period: `total_amount` is what was given (completed GTQ donations). */
const periodTotals = {
  total_amount: z.number(),
  donations_count: z.number().int(),
  completed_count: z.number().int(),
};

/**
 * Where the next page of a donor's list starts (keyset paging): the instant of the last row read,
 * to the microsecond, and its id, as the previous page's `next_cursor` gave them. Rows with the same
 * instant are told apart by the id, so each row comes once whatever the page size.
 */
export const PAGE_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,15}$/;
/** A real instant and an id PostgreSQL can compare, not only the cursor's shape (2026-02-30 and year 0000 match the pattern). */
export function isCursorValue(cursor: string): boolean {
  const split = cursor.lastIndexOf('_');
  const instant = cursor.slice(0, split);
  const date = new Date(`${instant.slice(0, 23)}Z`);
  // Year 0 is a date to JavaScript but not to PostgreSQL.
  return date.getUTCFullYear() >= 1 && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === instant.slice(0, 19) && Number(cursor.slice(split + 1)) <= 2_147_483_647;
}
const OWN_PAGE_INVALID = 'La página pedida no es válida; vuelve a cargar la lista';
export const OWN_PAGE_DEFAULT_LIMIT = 50;
export const ownPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'El tamaño de la página no es válido' })
    .int({ error: 'El tamaño de la página no es válido' })
    .min(1, { error: 'El tamaño de la página no es válido' })
    .max(LIST_MAX_LIMIT, { error: `La página no puede tener más de ${LIST_MAX_LIMIT} filas` })
    .default(OWN_PAGE_DEFAULT_LIMIT),
  cursor: z
    .string()
    .regex(PAGE_CURSOR_PATTERN, { error: OWN_PAGE_INVALID })
    .refine(isCursorValue, { error: OWN_PAGE_INVALID })
    .optional(),
});
export type OwnPageQuery = z.input<typeof ownPageQuerySchema>;

export const historySchema = z
  .object({
    ...periodTotals,
    /** Every year and month the account has, with their totals; each month's `donations` are those of this page only. */
    years: z.array(
      z.object({
        year: z.number().int(),
        ...periodTotals,
        months: z.array(
          z.object({
            /** 1 to 12, in Guatemala's time zone. */
            month: z.number().int().min(1).max(12),
            ...periodTotals,
            donations: z.array(memberDonationSchema),
          }),
        ),
      }),
    ),
    /** Pass as `cursor` to read the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'DonationHistory' });
export type DonationHistory = z.infer<typeof historySchema>;

export const receiptSchema = z.object({
  donation_id: z.number().int(),
  receipt_number: z.number().int(),
  receipt_series: z.string().nullable(),
  reference_code: z.string(),
  amount: z.number(),
  currency: z.string(),
  donation_type: z.enum(DONATION_TYPES),
  description: z.string().nullable(),
  completed_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptsSchema = z
  .object({
    /** This page of receipts, newest first. */
    receipts: z.array(receiptSchema),
    /** Every year with receipts (its statement), whatever the page. */
    years: z.array(z.object({ year: z.number().int(), total_amount: z.number(), receipts_count: z.number().int() })),
    /** Pass as `cursor` to read the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'Receipts' });
export type Receipts = z.infer<typeof receiptsSchema>;

export const receiptParamsSchema = z.object({ donationId: decimalId });

export const statementParamsSchema = z.object({
  year: z
    .string({ error: 'El año no es válido' })
    .regex(/^\d{4}$/, { error: 'El año no es válido' })
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, { error: 'El año no es válido' }),
});

/** An ADMIN may download another account's statement; everyone else only their own. */
export const statementQuerySchema = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

