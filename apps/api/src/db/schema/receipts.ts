// Fiscal receipts and yearly statements (docs/product.md#receipts). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DONATION_TYPES } from '@donaciones/shared/constants';
import { TAX_ID_KINDS } from '@donaciones/shared/tax-id';
import { tz, cents, sqlList } from './columns';
import { donations } from './ledger';

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
/** A certified receipt's annulment with SAT (migration 0023): pending until the certifier answers. */
export const RECEIPT_FEL_ANNULMENT_STATUSES = ['pending', 'annulled', 'rejected', 'failed'] as const;

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
    felAnnulmentStatus: text('fel_annulment_status', { enum: RECEIPT_FEL_ANNULMENT_STATUSES }),
    /** Sent on every attempt of the annulment, as fel_identifier for the certification. */
    felAnnulmentIdentifier: uuid('fel_annulment_identifier'),
    felAnnulledAt: tz('fel_annulled_at'),
    felAnnulmentError: text('fel_annulment_error'),
    felAnnulmentAttempts: integer('fel_annulment_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('receipts_donation_key').on(t.donationId),
    uniqueIndex('receipts_series_number_key').on(t.series, t.number),
    index('receipts_fel_due_idx').on(t.felStatus, t.felNextAttemptAt),
    // The yearly statements read one year of receipts (migration 0015).
    index('receipts_donated_at_idx').on(t.donatedAt),
    // The register's voids, by the day their receipt was annulled (migration 0038).
    index('receipts_voided_idx').on(t.voidedAt).where(sql`${t.voidedAt} IS NOT NULL`),
    check('receipts_tax_id_kind_valid', sql`${t.donorTaxIdKind} IN ('nit','cui','cf')`),
    check('receipts_fel_status_valid', sql`${t.felStatus} IN (${sqlList(RECEIPT_FEL_STATUSES)})`),
    check('receipts_number_positive', sql`${t.number} > 0`),
    check('receipts_fel_annulment_status_valid', sql`${t.felAnnulmentStatus} IN (${sqlList(RECEIPT_FEL_ANNULMENT_STATUSES)})`),
    index('receipts_fel_annulment_due_idx').on(t.felAnnulmentStatus).where(sql`${t.felAnnulmentStatus} = 'pending'`),
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
