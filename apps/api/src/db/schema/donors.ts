// The donors capability (docs/product.md#donors): one record per person or company who gives, matched
// from every gift (migration 0022: donations.donor_id, donor_match_or_create) and the merges of duplicates.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TAX_ID_KINDS } from '@donaciones/shared/tax-id';
import { cents, createdAt, tz } from './columns';
import { users } from './accounts';

export const DONOR_KINDS = ['person', 'company'] as const;

/**
 * A donor. `emails` are lower case (the first is the main one); the figures (gift_count,
 * lifetime_cents, first/last gift) are kept by the donations' trigger from completed gifts in
 * quetzales; `search_text` by the donors' trigger. A merged donor keeps its row with merged_into_id.
 */
export const donors = pgTable(
  'donors',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DONOR_KINDS }).notNull().default('person'),
    /** A person's full name or a company's legal name. */
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    taxId: text('tax_id'),
    taxIdKind: text('tax_id_kind', { enum: TAX_ID_KINDS }),
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    address: text('address'),
    consentEmail: boolean('consent_email').notNull().default(false),
    consentEmailAt: tz('consent_email_at'),
    consentEmailSource: text('consent_email_source'),
    consentWhatsapp: boolean('consent_whatsapp').notNull().default(false),
    consentWhatsappAt: tz('consent_whatsapp_at'),
    consentWhatsappSource: text('consent_whatsapp_source'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => donors.id, { onDelete: 'set null' }),
    giftCount: integer('gift_count').notNull().default(0),
    lifetimeCents: cents('lifetime_cents').notNull().default(0),
    firstGiftAt: tz('first_gift_at'),
    lastGiftAt: tz('last_gift_at'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donors_user_key').on(t.userId).where(sql`${t.userId} IS NOT NULL AND ${t.mergedIntoId} IS NULL`),
    index('donors_emails_idx').using('gin', t.emails),
    index('donors_tax_id_idx').on(t.taxId),
    index('donors_tags_idx').using('gin', t.tags),
    index('donors_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('donors_name_id_idx').on(t.name, t.id),
    index('donors_last_gift_idx').on(t.lastGiftAt, t.id),
    index('donors_lifetime_idx').on(t.lifetimeCents, t.id),
    index('donors_merged_into_idx').on(t.mergedIntoId),
    check('donors_kind_valid', sql`${t.kind} IN ('person','company')`),
    check('donors_name_present', sql`length(btrim(${t.name})) > 0`),
  ],
);

/** What a merge moved (donation ids, both donors' previous fields), so that undo restores it exactly. */
export const donorMerges = pgTable(
  'donor_merges',
  {
    id: serial('id').primaryKey(),
    survivorId: integer('survivor_id').notNull().references(() => donors.id),
    mergedId: integer('merged_id').notNull().references(() => donors.id),
    moved: jsonb('moved').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: tz('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('donor_merges_survivor_idx').on(t.survivorId, t.createdAt),
    index('donor_merges_merged_idx').on(t.mergedId, t.createdAt),
  ],
);
