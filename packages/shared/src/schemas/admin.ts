// The admin console's contract (docs/product.md#screens-and-routes, #the-donation-ledger, #validation-rules, #accounts-and-sessions, #figures, #reports-and-exports).
import { z } from 'zod';
import { DONATION_TYPES, EVENT_TYPES, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, NAME_MAX_LENGTH, REPORT_PERIODS, ROLES } from '../constants';
import { adminMessages } from '../messages/admin';
import { bankStatementsMessages } from '../messages/bank-statements';
import { validationMessages } from '../messages/validation';
import { depositSlipReviewSchema } from './bank-statements';
import { AFTER_WITH_OFFSET, afterCursorField, noOffsetWithAfter } from './donations';
import { boundedDateTime, emailField, hasAtMostTwoDecimals, personName } from './fields';
import { monthlyGivingCardSchema, monthlyGivingReportSchema } from './monthly-report';
import { systemSettingsSchema } from './settings';
import { typedAmount } from './typed-amount';

const v = validationMessages;
const a = adminMessages.validation;

// ---------------------------------------------------------------- users

export const USER_STATUSES = ['active', 'pending', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** docs/product.md#validation-rules "Admin user create or edit": the same body for POST and PUT. */
export const adminUserInputSchema = z.object({
  email: emailField,
  first_name: personName(
    z
      .string({ error: v.firstNameRequired })
      .trim()
      .min(1, { error: v.firstNameRequired })
      .max(NAME_MAX_LENGTH, { error: v.nameMax }),
  ),
  last_name: personName(
    z
      .string({ error: v.lastNameRequired })
      .trim()
      .min(1, { error: v.lastNameRequired })
      .max(NAME_MAX_LENGTH, { error: v.lastNameMax }),
  ),
  role: z.enum(ROLES, { error: v.roleInvalid }),
  /** Other staff roles the person holds besides the main one (absent: the roles below the main one are kept as they are). */
  also_roles: z.array(z.enum(ROLES, { error: v.roleInvalid }), { error: v.roleInvalid }).max(ROLES.length, { error: v.roleInvalid }).optional(),
  is_active: z.boolean({ error: a.isActiveInvalid }).default(true),
});
export type AdminUserInput = z.input<typeof adminUserInputSchema>;
export type AdminUserValues = z.output<typeof adminUserInputSchema>;

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    roles: z.array(z.enum(ROLES)),
    is_active: z.boolean(),
    status: z.enum(USER_STATUSES),
    email_verified: z.boolean(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  /** Users matching the search. */
  total: z.number().int(),
  /** All users, whatever the search (the "y" of "x de y usuarios"). */
  total_users: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

// ---------------------------------------------------------------- donations

/** docs/product.md#the-donation-ledger, in the order the filter offers them. */
export const ADMIN_STATUS_VALUES = ['PENDING', 'APPROVED', 'DECLINED', 'CANCELLED', 'EXPIRED', 'REFUNDED', 'VOIDED'] as const;

/** A gift entered at the office ("Registrar una donación"): who entered it, and the bank's reference typed for a deposit or transfer. */
export const officeEntrySchema = z.object({
  /** The staff member's name; null when their account no longer exists. */
  entered_by: z.string().nullable(),
  reference: z.string().nullable(),
});
export type OfficeEntry = z.infer<typeof officeEntrySchema>;

export const adminDonationSchema = z
  .object({
    id: z.number().int(),
    /** "Anónimo" for a gift given anonymously when the caller may not read donors' contact details (donors.read). */
    donor_name: z.string(),
    donor_email: z.string(),
    /** The donor asked to give anonymously: staff who see the name must not name them in public (docs/product.md#donor-privacy). */
    donor_anonymous: z.boolean(),
    /** In the gift's own currency (`currency`): a dollar gift in dollars. */
    amount: z.number(),
    currency: z.string(),
    /** A gift in another currency: its quetzal value at the staff's rate; null in quetzales or before the rate is known. */
    gtq_amount: z.number().nullable(),
    donation_type: z.enum(DONATION_TYPES),
    status: z.enum(ADMIN_STATUS_VALUES),
    created_at: z.string(),
    /** True for a gift known by its day alone (entered by the office, or imported): show its date without an hour. */
    dated_by_day: z.boolean(),
    reference_code: z.string(),
    /** Who charged it: null for donations staff confirm by hand (goods, cash, deposits). */
    payment_provider: z.string().nullable(),
    /** Aprobar/Rechazar apply: a card donation is completed or failed only by its provider. */
    manual_review: z.boolean(),
    /** `bank_deposit` for a donation paid by deposit or transfer (docs/product.md#bank-deposits). */
    payment_method: z.string().nullable().optional(),
    /** A deposit's newest slip and declared data, in the review list; null without a slip. */
    deposit: depositSlipReviewSchema.nullable().optional(),
    /** Set for a gift entered at the office, in the review list and a donation's page; null otherwise. */
    office_entry: officeEntrySchema.nullable().optional(),
    /**
     * In the review list and a donation's page: true when the gift is dated in a month already closed, so that
     * approving it dates it on the day it is approved (docs/product.md#the-register-and-the-close).
     */
    dated_in_closed_month: z.boolean().optional(),
  })
  .meta({ id: 'AdminDonation' });
export type AdminDonation = z.infer<typeof adminDonationSchema>;

export const adminDonationsQuerySchema = z.object({
  status: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(ADMIN_STATUS_VALUES, { error: a.statusInvalid }))
    .optional(),
  q: z.string().trim().max(100).optional(),
  /** "Depósitos y transferencias por verificar": pending donations paid by bank deposit (docs/product.md#bank-deposits). */
  pendingDeposits: z
    .enum(['true', 'false'], { error: bankStatementsMessages.validation.pendingDepositsInvalid })
    .transform((s) => s === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** Keyset paging (decision 0058): the previous page's `next_cursor`; without it, `offset`. */
  after: afterCursorField,
}).refine(noOffsetWithAfter, { error: AFTER_WITH_OFFSET, path: ['offset'] });
export type AdminDonationsQuery = z.input<typeof adminDonationsQuerySchema>;

export const adminDonationListSchema = z.object({
  donations: z.array(adminDonationSchema),
  /** Exact, except for a search with more matches than SEARCH_COUNT_CAP: then the cap, and `total_capped`. */
  total: z.number().int(),
  total_capped: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Pass as `after` to read the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AdminDonationList = z.infer<typeof adminDonationListSchema>;

/** POST /admin/donations/{id}/reject: the reason is stored with the transition and emailed to the donor. */
export const rejectDonationSchema = z.object(
  {
    reason: z
      .string({ error: validationMessages.rejectReasonRequired })
      .trim()
      .min(1, { error: validationMessages.rejectReasonRequired })
      .max(500, { error: validationMessages.rejectReasonMax }),
  },
  { error: validationMessages.rejectReasonRequired },
);
export type RejectDonation = z.infer<typeof rejectDonationSchema>;

// ---------------------------------------------------------------- analytics and exports

export const reportPeriodSchema = z.enum(REPORT_PERIODS, { error: a.periodInvalid });
export const analyticsQuerySchema = z.object({ period: reportPeriodSchema.default('month') });

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuerySchema = z.object({
  period: reportPeriodSchema.default('month'),
  format: z.enum(EXPORT_FORMATS, { error: a.formatInvalid }),
  /** CSV only: the field separator. ',' suits Excel in Guatemala; ';' suits locales with a decimal comma. */
  delimiter: z.enum([',', ';'], { error: a.delimiterInvalid }).default(','),
});

export const analyticsSchema = z
  .object({
    period: reportPeriodSchema,
    /** Inclusive first and last day of the period, YYYY-MM-DD in America/Guatemala. */
    start_date: z.string(),
    end_date: z.string(),
    /** How the trends are grouped: by day, week (starting Monday) or month. */
    granularity: z.enum(['day', 'week', 'month']),
    summary: z.object({
      total_amount: z.number(),
      total_donations: z.number().int(),
      average_donation: z.number(),
      pending_donations: z.number().int(),
      pending_amount: z.number(),
      declined_donations: z.number().int(),
      success_rate: z.number(),
      new_users: z.number().int(),
      unique_donors: z.number().int(),
      previous_total_amount: z.number(),
      amount_growth_percentage: z.number(),
      /**
       * The counted donations made in dollars, apart: how many, their dollars and their quetzal
       * equivalent (already within total_amount; dollars are never added to quetzales).
       */
      usd_donations: z.number().int(),
      usd_amount: z.number(),
      usd_amount_gtq: z.number(),
      /**
       * Gross, fee and net of the counted donations, in quetzales: gross is what was charged (total_amount),
       * covered_fees the part donors added to cover the fee, provider_fees and vat_withheld what the
       * payment provider kept, net_amount what the charity receives.
       */
      gross_amount: z.number(),
      covered_fees: z.number(),
      provider_fees: z.number(),
      vat_withheld: z.number(),
      net_amount: z.number(),
    }),
    monthly_stats: z.array(z.object({ month: z.string(), donations: z.number().int(), amount: z.number(), users: z.number().int() })),
    /**
     * The period's ten largest donors. `email` only for staff who may read donors' contact details
     * (donors.read); the others get the name alone, and "Anónimo" for a donor who gave anonymously in
     * the period (`anonymous`: never to be thanked by name in public; docs/product.md#reports-and-exports).
     */
    top_donors: z.array(
      z.object({ name: z.string(), email: z.string().optional(), anonymous: z.boolean(), total_donated: z.number(), donations_count: z.number().int() }),
    ),
    trends: z.array(z.object({ date: z.string(), donations: z.number().int(), amount: z.number() })),
    /** docs/product.md#reports-and-exports: active monthly donors, monthly recurring amount, new, cancelled, churn, failed renewals. */
    monthly_giving: monthlyGivingReportSchema,
    /**
     * The counted donations of the period by designation (docs/product.md#designation): `program_id`
     * null is "Donde más se necesite"; the rows add up to `summary.total_amount`.
     */
    by_program: z.array(z.object({ program_id: z.number().int().nullable(), name: z.string(), donations: z.number().int(), amount: z.number() })),
    generated_at: z.string(),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;

// ---------------------------------------------------------------- programs and events

const money = z
  .number({ error: a.amountInvalid })
  .finite({ error: a.amountInvalid })
  .min(0, { error: a.amountInvalid })
  .max(100_000_000, { error: a.amountInvalid })
  .refine(hasAtMostTwoDecimals, { error: a.amountDecimals });

/** "Meta (Q)": a number, or the text staff typed (`60,000`; decision 0074); empty asks for the goal. */
const goalAmount = typedAmount(
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? a.goalRequired : a.amountInvalid) })
    .finite({ error: a.amountInvalid })
    .min(0, { error: a.amountInvalid })
    .max(100_000_000, { error: a.amountInvalid })
    .refine(hasAtMostTwoDecimals, { error: a.amountDecimals }),
  a.goalRequired,
  a.amountInvalid,
);

export const programInputSchema = z.object({
  name: z.string({ error: a.programNameRequired }).trim().min(1, { error: a.programNameRequired }).max(120, { error: a.textTooLong }),
  description: z.string().trim().max(2000, { error: a.textTooLong }).default(''),
  highlight_value: z.string().trim().max(40, { error: a.textTooLong }).default(''),
  highlight_label: z.string().trim().max(60, { error: a.textTooLong }).default(''),
  goal_amount: goalAmount,
  current_amount: money.default(0),
  coming_soon: z.boolean().default(false),
  is_active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type ProgramInput = z.input<typeof programInputSchema>;

export const adminProgramSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    highlight_value: z.string(),
    highlight_label: z.string(),
    goal_amount: z.number(),
    current_amount: z.number(),
    progress_percentage: z.number(),
    coming_soon: z.boolean(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
  })
  .meta({ id: 'AdminProgram' });
export type AdminProgram = z.infer<typeof adminProgramSchema>;

export const eventInputSchema = z.object({
  type: z.enum(EVENT_TYPES, { error: a.eventTypeInvalid }),
  title: z.string({ error: a.eventTitleRequired }).trim().min(1, { error: a.eventTitleRequired }).max(160, { error: a.textTooLong }),
  description: z.string().trim().max(2000, { error: a.textTooLong }).default(''),
  date: boundedDateTime(a.eventDateInvalid),
  location: z.string().trim().max(160, { error: a.textTooLong }).nullable().default(null),
  is_published: z.boolean().default(true),
});
export type EventInput = z.input<typeof eventInputSchema>;

export const adminEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(EVENT_TYPES),
    title: z.string(),
    description: z.string(),
    date: z.string(),
    location: z.string().nullable(),
    is_published: z.boolean(),
  })
  .meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof adminEventSchema>;

// ---------------------------------------------------------------- admin dashboard

export const recentActivitySchema = z.object({
  type: z.string(),
  message: z.string(),
  timestamp: z.string(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/** GET /admin/donations/{id}/review: the donation as the queue shows it (with its slip) and its history, oldest first. */
export const adminDonationReviewSchema = z
  .object({ donation: adminDonationSchema, history: z.array(recentActivitySchema) })
  .meta({ id: 'AdminDonationReview' });
export type AdminDonationReview = z.infer<typeof adminDonationReviewSchema>;

export const adminDashboardStatsSchema = z
  .object({
    kind: z.literal('admin'),
    total_users: z.number().int(),
    active_users: z.number().int(),
    total_donations: z.number().int(),
    total_amount_gtq: z.number(),
    pending_donations: z.number().int(),
    pending_amount_gtq: z.number(),
    system_health: z.number(),
    system_health_source: z.enum(['email_delivery', 'default']),
    growth_metrics: z.object({
      users_growth_percentage: z.number(),
      donations_growth_percentage: z.number(),
      amount_growth_percentage: z.number(),
      /** The bases of the three changes (the same stretch of the previous month): a change is read with its base. */
      users_before: z.number().int(),
      donations_before: z.number().int(),
      amount_before: z.number(),
    }),
    recent_users: z.array(
      z.object({ id: z.number().int(), email: z.string(), roles: z.array(z.enum(ROLES)), status: z.enum(USER_STATUSES), joined_at: z.string() }),
    ),
    recent_donations: z.array(adminDonationSchema),
    recent_activity: z.array(recentActivitySchema),
    /** The "Donaciones mensuales" card: the monthly recurring amount and its change. */
    monthly_giving: monthlyGivingCardSchema,
  })
  .meta({ id: 'AdminDashboardStats' });
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;

// ---------------------------------------------------------------- settings

/**
 * PUT /admin/settings: the five system settings of docs/product.md#limits-and-constants; `pending_expiry_days` may be left out, and then
 * keeps its saved value.
 */
export const systemSettingsUpdateSchema = z
  .object({
    ...systemSettingsSchema.shape,
    pending_expiry_days: systemSettingsSchema.shape.pending_expiry_days.removeDefault().optional(),
    checkout_programs: systemSettingsSchema.shape.checkout_programs.removeDefault().optional(),
  })
  .refine((s) => s.min_donation_amount <= s.max_donation_amount, { path: ['min_donation_amount'], error: v.minNotAboveMax });
export type SystemSettingsUpdate = z.input<typeof systemSettingsUpdateSchema>;
