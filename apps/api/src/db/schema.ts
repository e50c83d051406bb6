// The whole domain's tables (docs/product.md#the-donation-ledger, #deployment-and-scaling, #public-donation-flow, #donor-privacy, #accounts-and-sessions, #screens-and-routes, #figures, #reports-and-exports, #email). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DONATION_STATUSES, DONATION_TYPES, EVENT_TYPES, ROLES } from '@donaciones/shared/constants';
import { TAX_ID_KINDS } from '@donaciones/shared/tax-id';
import { MONTHLY_CANCELLED_BY, MONTHLY_GIFT_STATUSES } from '@donaciones/shared/schemas/monthly';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });
/** The quoted values of a CHECK, taken from the shared constant the API and the web validate with. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(','));

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Ordered: the first is the main role (docs/product.md#roles-and-permissions). */
    roles: text('roles').array().notNull().default(sql`'{USER}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: tz('email_verified_at'),
    phone: text('phone'),
    address: text('address'),
    /** The donor's NIT (`1234567-8`) or CUI (13 digits), prefilling the donate form (docs/product.md#validation-rules). */
    nit: text('nit'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastLoginAt: tz('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_roles_valid', sql`${t.roles} <@ ARRAY[${sqlList(ROLES)}]::text[] AND cardinality(${t.roles}) >= 1`),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  favoriteCause: text('favorite_cause'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  monthlyReports: boolean('monthly_reports').notNull().default(true),
  showDonationsPublicly: boolean('show_donations_publicly').notNull().default(false),
  allowContact: boolean('allow_contact').notNull().default(true),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** One row per sign-in: the refresh-token family of docs/product.md#accounts-and-sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    /** Set when the token is exchanged; a second use revokes the session (reuse detection). */
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens sent by email: password reset and email verification. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The headline figure of the home page, e.g. "500+" with "niños al año". */
    highlightValue: text('highlight_value').notNull().default(''),
    highlightLabel: text('highlight_label').notNull().default(''),
    goalCents: cents('goal_cents').notNull().default(0),
    currentCents: cents('current_cents').notNull().default(0),
    comingSoon: boolean('coming_soon').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('programs_slug_key').on(t.slug),
    check('programs_amounts_nonneg', sql`${t.goalCents} >= 0 AND ${t.currentCents} >= 0`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: tz('date').notNull(),
    location: text('location'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('events_date_idx').on(t.date), check('events_type_valid', sql`${t.type} IN (${sqlList(EVENT_TYPES)})`)],
);

/** Companies that support the organisation, shown on the home page. */
export const supporters = pgTable('supporters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1 });

/** The single donation ledger of docs/product.md#the-donation-ledger. */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    referenceCode: text('reference_code').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorPhone: text('donor_phone'),
    donorNit: text('donor_nit'),
    /** What donor_nit holds: a NIT, a CUI or CF; null for an old id that passed neither check (decision 0019). */
    donorTaxIdKind: text('donor_tax_id_kind', { enum: TAX_ID_KINDS }),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('GTQ'),
    donationType: text('donation_type', { enum: DONATION_TYPES }).notNull(),
    status: text('status', { enum: DONATION_STATUSES })
      .notNull()
      .default('pending'),
    description: text('description'),
    /** Where the donation came in: the public checkout, the service API, or the demo seed. */
    source: text('source', { enum: ['public', 'service', 'seed'] }).notNull(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** The account the donation belongs to (creator, or linked by a verified email). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    paymentReference: text('payment_reference'),
    failureReason: text('failure_reason'),
    /** Assigned once, when the donation completes; never changes afterwards. */
    receiptNumber: integer('receipt_number'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    // The payment as the provider saw it (docs/product.md#payments). Null for donations not charged
    // through a checkout (simulated card, goods, services). `payment_reference` holds the provider's
    // payment id (pa_...), `card_brand` the card network it reports.
    paymentProvider: text('payment_provider'),
    paymentMethod: text('payment_method'),
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: tz('checkout_expires_at'),
    /** Part of `amount_cents` the donor added to cover the processing fee (the gift is the rest). */
    coveredFeeCents: cents('covered_fee_cents').notNull().default(0),
    /** Charged by the provider, in `currency`, known once the payment succeeds. */
    feeCents: cents('fee_cents'),
    vatWithheldCents: cents('vat_withheld_cents'),
    /** Quetzal value of a donation in another currency, at the staff-set rate of `exchange_rate_date`. */
    gtqCents: cents('gtq_cents'),
    exchangeRate: text('exchange_rate'),
    exchangeRateDate: text('exchange_rate_date'),
    refundedAt: tz('refunded_at'),
    refundReason: text('refund_reason'),
    refundId: text('refund_id'),
    /** The monthly gift this donation is a charge of (its first payment or a renewal; decision 0022). */
    recurringGiftId: integer('recurring_gift_id').references((): AnyPgColumn => recurringGifts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('donations_reference_key').on(t.referenceCode),
    // Repeats receipts.number for the lists and search; not unique, a number may repeat across series.
    index('donations_receipt_idx').on(t.receiptNumber),
    index('donations_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('donations_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('donations_email_idx').on(t.donorEmail, t.createdAt.desc()),
    index('donations_user_idx').on(t.userId, t.createdAt.desc()),
    index('donations_completed_idx').on(t.completedAt),
    check('donations_amount_positive', sql`${t.amountCents} > 0`),
    check('donations_status_valid', sql`${t.status} IN (${sqlList(DONATION_STATUSES)})`),
    uniqueIndex('donations_checkout_key').on(t.checkoutId),
    index('donations_payment_reference_idx').on(t.paymentReference),
    // A provider's payment id is one donation only: a replayed renewal never records a second one.
    uniqueIndex('donations_provider_payment_key')
      .on(t.paymentProvider, t.paymentReference)
      .where(sql`${t.paymentProvider} IS NOT NULL AND ${t.paymentReference} IS NOT NULL`),
    index('donations_recurring_gift_idx').on(t.recurringGiftId, t.createdAt),
    check('donations_type_valid', sql`${t.donationType} IN (${sqlList(DONATION_TYPES)})`),
    check('donations_tax_id_kind_valid', sql`${t.donorTaxIdKind} IN (${sqlList(TAX_ID_KINDS)})`),
    check('donations_reference_format', sql`${t.referenceCode} ~ '^#MG[0-9]{8}$'`),
  ],
);

/**
 * Every webhook delivery a payment provider sent, kept as received. `event_id` is the delivery's own
 * id (svix-id), so a replay or duplicate is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The provider's object id (pa_..., ba_...) and the checkout it belongs to, when present. */
    objectId: text('object_id'),
    checkoutId: text('checkout_id'),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
    processedAt: tz('processed_at'),
    error: text('error'),
  },
  (t) => [uniqueIndex('payment_events_event_key').on(t.provider, t.eventId), index('payment_events_donation_idx').on(t.donationId, t.receivedAt)],
);

/**
 * Running totals per status and donation type, kept by a trigger on `donations` in the same
 * transaction as each change, spread over a few slots so that concurrent inserts do not queue on one
 * row. `GET /donations/stats` and the list's `total` sum these rows instead of scanning the ledger.
 */
export const donationTotals = pgTable(
  'donation_totals',
  {
    status: text('status').notNull(),
    donationType: text('donation_type').notNull().default(''),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amountCents: cents('amount_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.donationType, t.slot] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** Key/value settings validated by zod in the settings service: system, organization, impact, levels. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** docs/product.md#email: written in the same transaction as the change that causes the email. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
    /** What to attach, rendered when the email is sent (docs/product.md#email): `[{ kind: 'receipt', receiptId }]`. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Fixed-window counters of the PostgreSQL-backed rate limiter (used when REDIS_URL is not set). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tz('reset_at').notNull(),
});

// ---------------------------------------------------------------- bank statements (docs/product.md#bank-deposits)

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
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statement_imports_created_idx').on(t.createdAt.desc(), t.id.desc())],
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
    matchState: text('match_state', { enum: BANK_LINE_STATES }).notNull().default('unmatched'),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    confirmedAt: tz('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bank_statement_lines_import_idx').on(t.importId, t.lineNumber),
    uniqueIndex('bank_statement_lines_confirmed_donation_key').on(t.donationId).where(sql`${t.matchState} = 'confirmed'`),
    check('bank_statement_lines_credit_positive', sql`${t.creditCents} > 0`),
    check('bank_statement_lines_state_valid', sql`${t.matchState} IN (${sqlList(BANK_LINE_STATES)})`),
  ],
);

// ------------------------------------------------------------------------------------ fiscal receipts

/** What an outbox email attaches, rendered at send time (docs/product.md#email). */
export type EmailAttachment = { kind: 'receipt'; receiptId: number } | { kind: 'statement'; email: string; year: number };

/** The issuer as it was when a receipt was issued: the fiscal settings and the organisation's contact. */
export interface ReceiptIssuer {
  legalName?: string;
  nit?: string;
  fiscalAddress?: string;
  registration?: string;
  deductibilityText?: string;
  signerName?: string;
  signerTitle?: string;
  signatureImage?: { contentType: 'image/png' | 'image/jpeg'; base64: string } | null;
  receiptSeries?: string;
  organization?: { name?: string; address?: string; phone?: string; email?: string };
}

export const RECEIPT_FEL_STATUSES = ['not_required', 'pending', 'certified', 'rejected', 'failed'] as const;

/** The last number issued in each receipt series, moved in the transaction that issues the next one. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    series: text('series').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_positive', sql`${t.lastNumber} >= 0`)],
);

/**
 * One fiscal receipt per completed donation (docs/product.md#receipts, decision 0020): issued once,
 * in the completing transaction, with everything it prints; it never changes afterwards, except its
 * void (a refund), the email mark and the FEL columns the electronic certification writes.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issuedAt: tz('issued_at').notNull().defaultNow(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorTaxIdKind: text('donor_tax_id_kind', { enum: TAX_ID_KINDS }).notNull(),
    donorTaxId: text('donor_tax_id').notNull(),
    donorAddress: text('donor_address'),
    referenceCode: text('reference_code').notNull(),
    donationType: text('donation_type', { enum: DONATION_TYPES }).notNull(),
    description: text('description'),
    programName: text('program_name'),
    /** When the gift was made (the donation's completion). */
    donatedAt: tz('donated_at').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    gtqCents: cents('gtq_cents'),
    exchangeRate: text('exchange_rate'),
    exchangeRateDate: text('exchange_rate_date'),
    coveredFeeCents: cents('covered_fee_cents').notNull().default(0),
    providerFeeCents: cents('provider_fee_cents'),
    issuer: jsonb('issuer').$type<ReceiptIssuer>().notNull(),
    voidedAt: tz('voided_at'),
    voidReason: text('void_reason'),
    emailedAt: tz('emailed_at'),
    felStatus: text('fel_status', { enum: RECEIPT_FEL_STATUSES }).notNull().default('not_required'),
    felIdentifier: uuid('fel_identifier'),
    felUuid: text('fel_uuid'),
    felSeries: text('fel_series'),
    felNumber: text('fel_number'),
    felCertifiedAt: tz('fel_certified_at'),
    felXml: text('fel_xml'),
    felError: text('fel_error'),
    felAttempts: integer('fel_attempts').notNull().default(0),
    felNextAttemptAt: tz('fel_next_attempt_at'),
  },
  (t) => [
    uniqueIndex('receipts_donation_key').on(t.donationId),
    uniqueIndex('receipts_series_number_key').on(t.series, t.number),
    index('receipts_fel_due_idx').on(t.felStatus, t.felNextAttemptAt),
    check('receipts_tax_id_kind_valid', sql`${t.donorTaxIdKind} IN ('nit','cui','cf')`),
    check('receipts_fel_status_valid', sql`${t.felStatus} IN (${sqlList(RECEIPT_FEL_STATUSES)})`),
    check('receipts_number_positive', sql`${t.number} > 0`),
  ],
);

/** One row per yearly statement emailed to one donor address: the job sends each once. */
export const annualStatements = pgTable(
  'annual_statements',
  {
    year: integer('year').notNull(),
    email: text('email').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.year, t.email] })],
);

// ---------------------------------------------------------------- bank deposits (docs/product.md#bank-deposits)

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

// ---------------------------------------------------------------- monthly giving (docs/product.md#monthly-giving)

/**
 * A monthly gift (decision 0022): the provider's subscription (`subscription_id`, su_..., null until
 * the provider reports it), opened by the checkout `checkout_id`; its donations point here.
 * `replaces_gift_id` is the gift a change of amount (or of card) replaces once this one's first payment
 * succeeds. `provider` is 'recurrente' or 'simulated' (the offline demo, whose renewals a job charges).
 */
export const recurringGifts = pgTable(
  'recurring_gifts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id'),
    checkoutId: text('checkout_id'),
    provider: text('provider').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('GTQ'),
    status: text('status', { enum: MONTHLY_GIFT_STATUSES }).notNull().default('incomplete'),
    nextChargeAt: tz('next_charge_at'),
    startedAt: tz('started_at'),
    cancelledAt: tz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: MONTHLY_CANCELLED_BY }),
    replacesGiftId: integer('replaces_gift_id').references((): AnyPgColumn => recurringGifts.id, { onDelete: 'set null' }),
    pastDueReason: text('past_due_reason'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recurring_gifts_subscription_key').on(t.subscriptionId),
    uniqueIndex('recurring_gifts_checkout_key').on(t.checkoutId),
    index('recurring_gifts_email_idx').on(t.donorEmail, t.status),
    index('recurring_gifts_user_idx').on(t.userId),
    index('recurring_gifts_status_next_idx').on(t.status, t.nextChargeAt),
    check('recurring_gifts_amount_positive', sql`${t.amountCents} > 0`),
    check('recurring_gifts_status_valid', sql`${t.status} IN (${sqlList(MONTHLY_GIFT_STATUSES)})`),
    check('recurring_gifts_cancelled_by_valid', sql`${t.cancelledBy} IN (${sqlList(MONTHLY_CANCELLED_BY)})`),
  ],
);
