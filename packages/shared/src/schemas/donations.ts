// The donation ledger's service view (docs/product.md#the-donation-ledger, #validation-rules).
import { z } from 'zod';
import {
  DONATION_STATUSES,
  DONATION_TYPES,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  SERVICE_MAX_AMOUNT,
  SERVICE_MIN_AMOUNT,
} from '../constants';
import { validationMessages } from '../messages/validation';
import { hasAtMostTwoDecimals, personName } from './fields';
import { isCursorValue, PAGE_CURSOR_PATTERN } from './member';

const v = validationMessages;

/** The currency code as sent, for the bound messages ('El monto mínimo de una donación es 1 GTQ'). */
function currencyOf(input: unknown): string {
  const raw = (input as { currency?: unknown } | null)?.currency;
  return typeof raw === 'string' && /^[A-Za-z]{3}$/.test(raw.trim()) ? raw.trim().toUpperCase() : 'GTQ';
}

/** The bounds run even when another field is wrong, so every field shows its own message at once. */
const amountIsNumber = (payload: { value: unknown }) => {
  const amount = (payload.value as { amount?: unknown } | null)?.amount;
  return typeof amount === 'number' && Number.isFinite(amount);
};

/**
 * POST /donations. Any amount below 1 (zero and negatives included) gets the minimum message of docs/product.md#validation-rules
 * message; a value that is not a number gets 'Amount must be a positive number'.
 */
export const createDonationSchema = z
  .object({
    donor_name: personName(
      z
        .string({ error: v.donorNameRequired })
        .trim()
        .min(1, { error: v.donorNameRequired })
        .max(120, { error: v.donorNameMax }),
    ),
    donor_email: z
      .string({ error: v.donorEmailRequired })
      .trim()
      .min(1, { error: v.donorEmailRequired })
      .max(254, { error: v.donorEmailInvalid })
      .pipe(z.email({ error: v.donorEmailInvalid }))
      .transform((e) => e.toLowerCase()),
    amount: z
      // Missing is not a wrong number: it says so as the name, the email and the currency do.
      .number({ error: (issue) => (issue.input == null ? v.amountRequired : v.amountPositive) })
      .finite({ error: v.amountPositive })
      .refine(hasAtMostTwoDecimals, { error: v.amountDecimals }),
    currency: z
      .string({ error: v.currencyRequired })
      .trim()
      .min(1, { error: v.currencyRequired })
      .regex(/^[A-Za-z]{3}$/, { error: v.currencyInvalid })
      .transform((c) => c.toUpperCase())
      .default('GTQ'),
    donation_type: z.enum(DONATION_TYPES, { error: v.typeInvalid }).default('monetary'),
    description: z
      .string()
      .trim()
      .max(1000, { error: v.descriptionMax })
      .nullish()
      .transform((d) => (d ? d : null)),
  })
  .refine((d) => d.amount >= SERVICE_MIN_AMOUNT, {
    path: ['amount'],
    when: amountIsNumber,
    error: (issue) => v.amountMin(currencyOf(issue.input)),
  })
  .refine((d) => d.amount <= SERVICE_MAX_AMOUNT, {
    path: ['amount'],
    when: amountIsNumber,
    error: (issue) => v.amountMax(currencyOf(issue.input)),
  });
export type CreateDonationInput = z.input<typeof createDonationSchema>;
export type CreateDonation = z.output<typeof createDonationSchema>;

/**
 * One donation as the API shows it. `donor_name` and `donor_email` are masked for viewers other
 * than ADMIN and the donation's owner (the name shown in full when the donor opted in, "Anónimo"
 * with an empty email for a gift given anonymously; docs/product.md#donor-privacy). `can_process`
 * and `can_cancel` say what the viewer may do now (pending and allowed), so the UI shows only the
 * buttons that will work; the server checks again on every call.
 */
export const donationSchema = z
  .object({
    id: z.number().int(),
    donor_name: z.string(),
    donor_email: z.string(),
    /** Given anonymously: the public sees "Anónimo"; staff who see the name must not name them in public. */
    donor_anonymous: z.boolean(),
    amount: z.number(),
    currency: z.string(),
    donation_type: z.enum(DONATION_TYPES),
    status: z.enum(DONATION_STATUSES),
    description: z.string().nullable(),
    /** Null for viewers other than staff and the donation's owner (docs/product.md#donor-privacy). */
    reference_code: z.string().nullable(),
    receipt_number: z.number().int().nullable(),
    /** The receipt's series ('A'), printed with its number ('A-000303'); null without a receipt. */
    receipt_series: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    /** True for a gift known by its day alone (entered by the office, or imported): show its date without an hour. */
    dated_by_day: z.boolean(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
    donor_masked: z.boolean(),
    /**
     * The programme the gift goes to, null for "Donde más se necesite" (docs/product.md#designation);
     * answered by the detail (GET /donations/:id) only, absent from lists.
     */
    designation: z.string().nullable().optional(),
    can_process: z.boolean(),
    can_cancel: z.boolean(),
  })
  .meta({ id: 'Donation' });
export type Donation = z.infer<typeof donationSchema>;

const lowerCase = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

const AFTER_INVALID = 'after no es una página válida de esta lista: usa el next_cursor de la página anterior';

/**
 * Keyset paging of the donation lists (decision 0058): the `next_cursor` of the previous page, the
 * instant of its last row to the microsecond and its id. The page is then the rows strictly after
 * that one, newest first, whatever was added or removed meanwhile; without it, `offset` as always.
 */
export const afterCursorField = z
  .string({ error: AFTER_INVALID })
  .regex(PAGE_CURSOR_PATTERN, { error: AFTER_INVALID })
  .refine(isCursorValue, { error: AFTER_INVALID })
  .optional();

/** `after` starts the page itself: an `offset` beside it would skip rows the web never showed. */
export const AFTER_WITH_OFFSET = 'after y offset no se usan juntos: la página que sigue a after empieza en su primera fila';
export const noOffsetWithAfter = (query: { after?: string; offset: number }) => !(query.after && query.offset > 0);

export const listDonationsQuerySchema = z.object({
  /** Values above the maximum are capped at LIST_MAX_LIMIT rather than refused. */
  limit: z.coerce
    .number({ error: 'limit debe ser un número entero positivo' })
    .int({ error: 'limit debe ser un número entero positivo' })
    .min(1, { error: 'limit debe ser un número entero positivo' })
    .max(1_000_000, { error: 'limit debe ser un número entero positivo' })
    .default(LIST_DEFAULT_LIMIT)
    .transform((n) => Math.min(n, LIST_MAX_LIMIT)),
  offset: z.coerce
    .number({ error: 'offset debe ser un número entero mayor o igual a 0' })
    .int({ error: 'offset debe ser un número entero mayor o igual a 0' })
    .min(0, { error: 'offset debe ser un número entero mayor o igual a 0' })
    .max(10_000_000, { error: 'offset debe ser un número entero mayor o igual a 0' })
    .default(0),
  status: z.preprocess(lowerCase, z.enum(DONATION_STATUSES, { error: v.statusInvalid })).optional(),
  donation_type: z.preprocess(lowerCase, z.enum(DONATION_TYPES, { error: v.typeInvalid })).optional(),
  donor_email: z.preprocess(lowerCase, z.string().max(254, { error: v.donorEmailInvalid })).optional(),
  /**
   * Free-text search, ignoring case and accents. Visitors search what they are shown (the donor's
   * name as displayed, masked or not, the description and the program); ADMIN also searches emails,
   * full names, references and receipt numbers. Longer texts are cut at 100 characters.
   */
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .optional(),
  after: afterCursorField,
}).refine(noOffsetWithAfter, { error: AFTER_WITH_OFFSET, path: ['offset'] });
export type ListDonationsQuery = z.input<typeof listDonationsQuerySchema>;
export type ListDonationsFilter = z.output<typeof listDonationsQuerySchema>;

export const donationListSchema = z.object({
  donations: z.array(donationSchema),
  /** Exact, except for a search with more matches than SEARCH_COUNT_CAP: then the cap, and `total_capped`. */
  total: z.number().int(),
  total_capped: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Pass as `after` to read the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type DonationList = z.infer<typeof donationListSchema>;

/**
 * Amounts in quetzales. `success_rate` is a percentage with one decimal: completed donations over
 * all donations that reached an outcome (completed + failed + cancelled + expired); pending ones
 * are still open and do not count. 0 when nothing has reached an outcome yet.
 */
export const donationStatsSchema = z
  .object({
    total_amount_completed: z.number(),
    /** Null for everyone but ADMIN: pending money is not a public figure (docs/product.md#figures). */
    total_amount_pending: z.number().nullable(),
    count_completed: z.number().int(),
    /** Null for everyone but ADMIN, like total_amount_pending. */
    count_pending: z.number().int().nullable(),
    count_failed: z.number().int(),
    count_cancelled: z.number().int(),
    count_expired: z.number().int(),
    success_rate: z.number(),
  })
  .meta({ id: 'DonationStats' });
export type DonationStats = z.infer<typeof donationStatsSchema>;
