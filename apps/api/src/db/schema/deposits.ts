// Bank deposits: their slips, and the bank statements matched against them (docs/product.md#bank-deposits). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tz, createdAt, cents, sqlList } from './columns';
import { users } from './accounts';
import { donations } from './ledger';

/** Binary column; PGlite answers a Uint8Array and node-postgres a Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const ATTACHMENT_KINDS = ['deposit_slip'] as const;

export const ATTACHMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/**
 * A file a donor sent for a donation: the deposit slip of a bank deposit (decision 0023). `data` is
 * the file as served (images re-encoded without their metadata), `preview` a small JPEG of an image,
 * `sha256` of `data` finds the same slip sent for another donation. The declared fields are what the
 * donor typed, for staff to compare with the bank's movements.
 */
export const donationAttachments = pgTable(
  'donation_attachments',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull().default('deposit_slip'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: ATTACHMENT_CONTENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    preview: bytea('preview'),
    bank: text('bank'),
    depositDate: date('deposit_date', { mode: 'string' }),
    slipNumber: text('slip_number'),
    declaredAmountCents: cents('declared_amount_cents'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('donation_attachments_donation_idx').on(t.donationId, t.createdAt),
    index('donation_attachments_sha256_idx').on(t.sha256),
    check('donation_attachments_kind_valid', sql`${t.kind} IN (${sqlList(ATTACHMENT_KINDS)})`),
    check('donation_attachments_type_valid', sql`${t.contentType} IN (${sqlList(ATTACHMENT_CONTENT_TYPES)})`),
    check('donation_attachments_size_valid', sql`${t.sizeBytes} > 0 AND ${t.sizeBytes} <= 5242880`),
    check('donation_attachments_declared_amount_positive', sql`${t.declaredAmountCents} IS NULL OR ${t.declaredAmountCents} > 0`),
  ],
);

/** The column mapping of one bank's movement file, chosen once by staff and reused for its next files. */
export const bankStatementMappings = pgTable('bank_statement_mappings', {
  bank: text('bank').primaryKey(),
  dateColumn: text('date_column').notNull(),
  descriptionColumn: text('description_column').notNull(),
  referenceColumn: text('reference_column'),
  creditColumn: text('credit_column').notNull(),
  debitColumn: text('debit_column'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** One uploaded movement file; only its credit lines are kept (what came into the account). */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: serial('id').primaryKey(),
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    delimiter: text('delimiter').notNull(),
    creditLines: integer('credit_lines').notNull(),
    /** Debit or zero lines of the file, not kept. */
    skippedLines: integer('skipped_lines').notNull(),
    /** Credit lines left out because an earlier import already holds their movement. */
    repeatedLines: integer('repeated_lines').notNull().default(0),
    /** What the stored proposals were worked out from (the pending deposits' state); another value means work them out again. */
    proposalsBasis: text('proposals_basis'),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statement_imports_created_idx').on(t.createdAt.desc(), t.id.desc()), index('bank_statement_imports_sha256_idx').on(t.sha256)],
);

export const BANK_LINE_STATES = ['unmatched', 'proposed', 'near_miss', 'confirmed'] as const;

/** A credit line of an import; `confirmed` once a staff click approved its donation (one line per donation). */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
    /** The line of the file (the header is counted), as staff see it in a spreadsheet. */
    lineNumber: integer('line_number').notNull(),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    creditCents: cents('credit_cents').notNull(),
    /** The account's balance after the movement, when the file has a balance column. */
    balanceCents: cents('balance_cents'),
    /** The movement's identity across imports (statements/movement-key.ts): one confirmed line per movement. */
    movementKey: text('movement_key').notNull(),
    matchState: text('match_state', { enum: BANK_LINE_STATES }).notNull().default('unmatched'),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    confirmedAt: tz('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bank_statement_lines_import_idx').on(t.importId, t.lineNumber),
    uniqueIndex('bank_statement_lines_confirmed_donation_key').on(t.donationId).where(sql`${t.matchState} = 'confirmed'`),
    index('bank_statement_lines_movement_idx').on(t.movementKey),
    uniqueIndex('bank_statement_lines_confirmed_movement_key').on(t.movementKey).where(sql`${t.matchState} = 'confirmed'`),
    check('bank_statement_lines_credit_positive', sql`${t.creditCents} > 0`),
    check('bank_statement_lines_state_valid', sql`${t.matchState} IN (${sqlList(BANK_LINE_STATES)})`),
  ],
);

export const BANK_CANDIDATE_KINDS = ['match', 'outside_window', 'amount_differs'] as const;

/** The stored proposals of an unconfirmed line, best first (position 0 is the proposal when the line is `proposed`). */
export const bankStatementCandidates = pgTable(
  'bank_statement_candidates',
  {
    lineId: bigint('line_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatementLines.id, { onDelete: 'cascade' }),
    importId: integer('import_id')
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: BANK_CANDIDATE_KINDS }).notNull(),
    referenceFound: boolean('reference_found').notNull(),
    dayDistance: integer('day_distance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.position] }),
    index('bank_statement_candidates_import_idx').on(t.importId),
    check('bank_statement_candidates_kind_valid', sql`${t.kind} IN (${sqlList(BANK_CANDIDATE_KINDS)})`),
  ],
);
