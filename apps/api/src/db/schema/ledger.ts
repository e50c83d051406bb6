// The single donation ledger and its running totals (docs/product.md#the-donation-ledger). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DONATION_STATUSES, DONATION_TYPES } from '@donaciones/shared/constants';
import { TAX_ID_KINDS } from '@donaciones/shared/tax-id';
import { tz, createdAt, cents, sqlList } from './columns';
import { users } from './accounts';
import { programs } from './content';
import { recurringGifts } from './monthly';
import { donors } from './donors';

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
    /** The donor chose to give anonymously: the public sees "Anónimo" and nothing else of them (docs/product.md#donor-privacy). */
    donorAnonymous: boolean('donor_anonymous').notNull().default(false),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('GTQ'),
    donationType: text('donation_type', { enum: DONATION_TYPES }).notNull(),
    status: text('status', { enum: DONATION_STATUSES })
      .notNull()
      .default('pending'),
    description: text('description'),
    /** Where the donation came in: the public checkout, the service API, the demo seed, or an import (decision 0045). */
    source: text('source', { enum: ['public', 'service', 'seed', 'import'] }).notNull(),
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
    // The payment as the provider saw it (docs/product.md#payments): the provider that settles it
    // (domain/payments/providers.ts: recurrente, simulated, or deposit since migration 0020), null for
    // goods, services and cash. `payment_reference` holds the provider's payment id (pa_...),
    // `card_brand` the card network it reports.
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
    /** The donor record (migration 0022): matched or created by the insert trigger when not given. */
    donorId: integer('donor_id').references((): AnyPgColumn => donors.id, { onDelete: 'set null' }),
    // A gift the office entered (migration 0027, docs/product.md#staff-gift-entry): the day it arrived,
    // a cheque's number and bank, what came in kind and how it was valued, and who entered it.
    receivedOn: date('received_on', { mode: 'string' }),
    chequeNumber: text('cheque_number'),
    chequeBank: text('cheque_bank'),
    inKindDescription: text('in_kind_description'),
    valuationBasis: text('valuation_basis'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The import that brought a past gift in (migration 0029): completed as it was, no receipt, no email. */
    importId: integer('import_id'),
    /** The receipt number the earlier system gave an imported gift, as written; no receipt is issued for it. */
    importedReceipt: text('imported_receipt'),
    // What the search compares (./donation-search.ts): lower case without accents, kept by PostgreSQL.
    searchName: text('search_name').generatedAlwaysAs(sql`donor_search_fold(donor_name)`),
    searchMaskedName: text('search_masked_name').generatedAlwaysAs(sql`donor_search_fold(donor_masked_name(donor_name))`),
    searchEmail: text('search_email').generatedAlwaysAs(sql`donor_search_fold(donor_email)`),
    searchReference: text('search_reference').generatedAlwaysAs(sql`donor_search_fold(reference_code)`),
    searchDescription: text('search_description').generatedAlwaysAs(sql`donor_search_fold(description)`),
    searchReceipt: text('search_receipt').generatedAlwaysAs(sql`donor_search_fold(receipt_number::text)`),
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
    index('donations_donor_idx').on(t.donorId, t.createdAt),
    // The search's trigram index over the stored folded texts, and the yearly statements' email lookup
    // (migrations 0014 and 0015, docs/performance.md "Scale").
    index('donations_search_trgm_idx').using(
      'gin',
      sql`${t.searchName} gin_trgm_ops`,
      sql`${t.searchMaskedName} gin_trgm_ops`,
      sql`${t.searchEmail} gin_trgm_ops`,
      sql`${t.searchReference} gin_trgm_ops`,
      sql`${t.searchDescription} gin_trgm_ops`,
      sql`${t.searchReceipt} gin_trgm_ops`,
    ),
    index('donations_email_lower_idx').on(sql`lower(${t.donorEmail})`, t.createdAt),
    // The register's refunds in their order (migration 0038).
    index('donations_refunded_idx').on(t.refundedAt, t.id).where(sql`${t.status} = 'refunded'`),
    index('donations_program_idx').on(t.programId),
    index('donations_import_idx').on(t.importId).where(sql`${t.importId} IS NOT NULL`),
    check('donations_type_valid', sql`${t.donationType} IN (${sqlList(DONATION_TYPES)})`),
    check('donations_tax_id_kind_valid', sql`${t.donorTaxIdKind} IN (${sqlList(TAX_ID_KINDS)})`),
    check(
      'donations_cheque_details',
      sql`(${t.chequeNumber} IS NULL AND ${t.chequeBank} IS NULL) OR (${t.paymentMethod} = 'cheque' AND length(btrim(${t.chequeNumber})) BETWEEN 1 AND 40 AND length(btrim(${t.chequeBank})) BETWEEN 1 AND 80)`,
    ),
    check(
      'donations_in_kind_details',
      sql`(${t.inKindDescription} IS NULL AND ${t.valuationBasis} IS NULL) OR (${t.paymentMethod} = 'in_kind' AND length(btrim(${t.inKindDescription})) BETWEEN 1 AND 500 AND length(btrim(${t.valuationBasis})) BETWEEN 1 AND 200)`,
    ),
    check('donations_in_kind_described', sql`${t.paymentMethod} IS DISTINCT FROM 'in_kind' OR ${t.inKindDescription} IS NOT NULL`),
    check('donations_received_on_range', sql`${t.receivedOn} IS NULL OR ${t.receivedOn} BETWEEN DATE '1900-01-01' AND DATE '2100-12-31'`),
    check('donations_entered_with_date', sql`${t.enteredBy} IS NULL OR ${t.receivedOn} IS NOT NULL`),
    index('donations_entered_by_idx').on(t.enteredBy).where(sql`${t.enteredBy} IS NOT NULL`),
    check('donations_reference_format', sql`${t.referenceCode} ~ '^#MG[0-9]{8}$'`),
  ],
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

/**
 * The ledger by Guatemala calendar day, status, type, currency and programme (0 for none), kept by a
 * trigger on `donations` in the same transaction as each change (migration 0030), over a few slots
 * like donation_totals. `counted_*` are the gifts the figures count (COUNTED, domain/ledger/figures.ts)
 * and their quetzal cents: the figures of a period add up these rows instead of every gift.
 */
export const donationDaily = pgTable(
  'donation_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    donationType: text('donation_type').notNull(),
    currency: text('currency').notNull(),
    programId: integer('program_id').notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amountCents: cents('amount_cents').notNull().default(0),
    countedCount: bigint('counted_count', { mode: 'number' }).notNull().default(0),
    countedCents: cents('counted_cents').notNull().default(0),
    // Migration 0038: what the reports' summary adds up (quetzal value of every gift; the counted
    // gifts' own-currency amount and their fees and VAT in quetzal cents, rounded per gift).
    quetzalCents: cents('quetzal_cents').notNull().default(0),
    countedAmountCents: cents('counted_amount_cents').notNull().default(0),
    countedCoveredCents: cents('counted_covered_cents').notNull().default(0),
    countedFeeCents: cents('counted_fee_cents').notNull().default(0),
    countedVatCents: cents('counted_vat_cents').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'donation_daily_pk', columns: [t.day, t.status, t.donationType, t.currency, t.programId, t.slot] })],
);

/**
 * The counted gifts by lower-cased donor address and Guatemala calendar month, quarter or year (`span`;
 * the quarter since migration 0039), with the newest gift's instant, id and name (migration 0038, kept
 * by a trigger on `donations`): a period's distinct and top donors read these rows
 * (domain/reporting/period-donors.ts).
 */
export const donationDonorPeriods = pgTable(
  'donation_donor_periods',
  {
    span: text('span', { enum: ['month', 'quarter', 'year'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    email: text('email').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    cents: cents('cents').notNull().default(0),
    lastAt: tz('last_at').notNull(),
    lastId: integer('last_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ name: 'donation_donor_periods_pk', columns: [t.span, t.periodStart, t.email] }),
    index('donation_donor_periods_top_idx').on(t.span, t.periodStart, t.cents.desc(), t.count.desc(), t.email),
    check('donation_donor_periods_span_valid', sql`${t.span} IN ('month', 'quarter', 'year')`),
  ],
);
