// The bank statement import's contract (docs/product.md#bank-deposits): the file sent as base64 in JSON,
// the column mapping, the import with its lines' match state and the deposits still unmatched.
import { z } from 'zod';
import { bankStatementsMessages } from '../messages/bank-statements';
import { taxIdMessages } from '../messages/tax-id';
import { TAX_ID_TYPED_MAX_LENGTH } from '../tax-id';
import { decimalId, personName, rowIdField } from './fields';

const v = bankStatementsMessages.validation;

/** 2 MB of file, as base64 (4 characters per 3 bytes). */
export const STATEMENT_BASE64_MAX = Math.ceil((2 * 1024 * 1024) / 3) * 4;

const column = z.string({ error: v.columnRequired }).trim().min(1, { error: v.columnRequired }).max(200);
const optionalColumn = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((s) => s || null);

export const columnMappingSchema = z.object({
  date: column,
  description: column,
  reference: optionalColumn,
  credit: column,
  debit: optionalColumn,
});
export type ColumnMappingInput = z.input<typeof columnMappingSchema>;
export type ColumnMappingValue = z.infer<typeof columnMappingSchema>;

/** A mapping as the API answers it (no input rules: a response carries no transform). */
export const savedMappingSchema = z.object({
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  credit: z.string(),
  debit: z.string().nullable(),
});

export const statementFileSchema = z.object({
  bank: z.string({ error: v.bankRequired }).trim().min(2, { error: v.bankRequired }).max(80, { error: v.bankMax }),
  file_name: z.string({ error: v.fileRequired }).trim().min(1, { error: v.fileRequired }).max(200),
  content_base64: z
    .string({ error: v.fileRequired })
    // A file chosen but with no bytes is told as such, not "Elige el archivo".
    .min(1, { error: v.fileEmpty })
    .max(STATEMENT_BASE64_MAX, { error: v.fileTooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: v.fileRequired }),
});
export type StatementFile = z.infer<typeof statementFileSchema>;

export const statementImportRequestSchema = statementFileSchema.extend({
  /** Left out: the mapping saved for this bank. Given: used, and saved for the bank. */
  mapping: columnMappingSchema.optional(),
});
export type StatementImportRequest = z.input<typeof statementImportRequestSchema>;

export const statementPreviewSchema = z.object({
  bank: z.string(),
  delimiter: z.string(),
  headers: z.array(z.string()),
  header_line: z.number().int(),
  rows: z.array(z.array(z.string())),
  data_lines: z.number().int(),
  saved_mapping: savedMappingSchema.nullable(),
  suggested_mapping: savedMappingSchema.partial(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const CANDIDATE_KINDS = ['match', 'outside_window', 'amount_differs'] as const;
export const STATEMENT_LINE_STATES = ['proposed', 'near_miss', 'unmatched', 'confirmed'] as const;

/** A pending bank deposit as the reconciliation shows it. */
export const pendingDepositSchema = z.object({
  donation_id: z.number().int(),
  reference_code: z.string(),
  donor_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  /** Known by its day alone (entered by the office): shown without an hour, as every screen shows it. */
  dated_by_day: z.boolean(),
  declared_date: z.string().nullable(),
  /** The slip's number, or the reference the office typed for a deposit or a transfer it entered. */
  slip_number: z.string().nullable(),
  /** A bank deposit, or a bank transfer the office entered (matched as a deposit is). */
  payment_method: z.enum(['bank_deposit', 'bank_transfer']),
  /** False for a gift the office entered without the donor's email: confirming it emails nobody. */
  donor_has_email: z.boolean(),
  /** Dated in a month already closed: confirming it dates it today, in the open month (decision 0078). */
  dated_in_closed_month: z.boolean(),
});
export type PendingDeposit = z.infer<typeof pendingDepositSchema>;

export const statementCandidateSchema = pendingDepositSchema.extend({
  kind: z.enum(CANDIDATE_KINDS),
  reference_found: z.boolean(),
  day_distance: z.number().int(),
});
export type StatementCandidate = z.infer<typeof statementCandidateSchema>;

export const statementLineSchema = z.object({
  id: z.number().int(),
  line_number: z.number().int(),
  posted_on: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  state: z.enum(STATEMENT_LINE_STATES),
  /** The donation this line confirmed (state `confirmed`). */
  confirmed_donation: z.object({ id: z.number().int(), reference_code: z.string(), donor_name: z.string() }).nullable(),
  /** The proposal first, then other deposits that also fit, then near-misses. */
  candidates: z.array(statementCandidateSchema),
  /**
   * An unconfirmed credit that names the reference of a sponsorship's monthly gift by transfer still
   * waiting for its first transfer, for less than its monthly amount: why it did not start it.
   */
  short_transfer: z.object({ reference: z.string(), monthly_amount: z.number() }).nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementImportSchema = z
  .object({
    id: z.number().int(),
    bank: z.string(),
    file_name: z.string(),
    created_at: z.string(),
    credit_lines: z.number().int(),
    skipped_lines: z.number().int(),
    /** Credits of the file left out because an earlier import already holds the same movement. */
    repeated_lines: z.number().int(),
    /** How many lines each section holds, and the pending deposits no line of the import is proposed for. */
    counts: z.object({
      proposed: z.number().int(),
      near_miss: z.number().int(),
      unmatched: z.number().int(),
      confirmed: z.number().int(),
      unmatched_deposits: z.number().int(),
    }),
    page_size: z.number().int(),
    /**
     * Without `section`: the first page of each state (by line number; confirmed lines newest first).
     * With a state as `section`: that state's page `page`.
     */
    lines: z.array(statementLineSchema),
    /** The first page of them, or page `page` with `section=deposits`. */
    unmatched_deposits: z.array(pendingDepositSchema),
  })
  .meta({ id: 'BankStatementImport' });
export type StatementImport = z.infer<typeof statementImportSchema>;

export const statementImportSummarySchema = z.object({
  id: z.number().int(),
  bank: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  credit_lines: z.number().int(),
  confirmed_lines: z.number().int(),
});
export type StatementImportSummary = z.infer<typeof statementImportSummarySchema>;

export const statementImportListSchema = z.object({
  imports: z.array(statementImportSummarySchema),
  /** Banks with a saved column mapping. */
  banks: z.array(z.string()),
});
export type StatementImportList = z.infer<typeof statementImportListSchema>;

/** Lines and unmatched deposits travel a page at a time: an import of 10,000 lines stays a small answer. */
export const STATEMENT_PAGE_SIZE = 50;
export const STATEMENT_SECTIONS = [...STATEMENT_LINE_STATES, 'deposits'] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];

export const statementImportQuerySchema = z.object({
  section: z.enum(STATEMENT_SECTIONS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StatementImportQuery = z.input<typeof statementImportQuerySchema>;

export const statementLineParamsSchema = z.object({ id: decimalId, lineId: decimalId });

export const confirmStatementLineSchema = z.object({
  donation_id: rowIdField(v.donationRequired),
});
export type ConfirmStatementLine = z.infer<typeof confirmStatementLineSchema>;

/** A donation made from an unmatched credit line: who gave, typed by staff; amount and date are the line's. */
export const statementLineDonationSchema = z.object({
  donor_name: personName(z.string({ error: v.donorNameRequired }).trim().min(1, { error: v.donorNameRequired }).max(120, { error: v.donorNameMax })),
  donor_email: z
    .string({ error: v.donorEmailRequired })
    .trim()
    .min(1, { error: v.donorEmailRequired })
    .max(254, { error: v.donorEmailInvalid })
    .pipe(z.email({ error: v.donorEmailInvalid }))
    .transform((e) => e.toLowerCase()),
  /** NIT, CUI or blank/CF; CF only below Q2,500 (checked against the line's amount by the API). */
  donor_nit: z.string().trim().max(TAX_ID_TYPED_MAX_LENGTH, { error: taxIdMessages.tooLong }).optional(),
});
export type StatementLineDonationInput = z.input<typeof statementLineDonationSchema>;
export type StatementLineDonation = z.infer<typeof statementLineDonationSchema>;

/**
 * A pending deposit's slip as staff review it beside the declared data (docs/product.md#bank-deposits):
 * the newest slip of the donation, whether the declared amount differs from the donation's, and other
 * donations the very same file (same sha256) was uploaded for.
 */
export const depositSlipReviewSchema = z.object({
  attachment_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  has_preview: z.boolean(),
  bank: z.string().nullable(),
  deposit_date: z.string().nullable(),
  slip_number: z.string().nullable(),
  declared_amount: z.number().nullable(),
  amount_differs: z.boolean(),
  uploaded_at: z.string(),
  duplicates: z.array(z.object({ donation_id: z.number().int(), reference_code: z.string(), donor_name: z.string() })),
});
export type DepositSlipReview = z.infer<typeof depositSlipReviewSchema>;
