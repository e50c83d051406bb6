// Imports from the charity's earlier spreadsheets (docs/product.md#imports, decision 0045).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { donations } from './ledger';
import { donors } from './donors';
import { recurringGifts } from './monthly';

export const IMPORT_KINDS = ['donors', 'gifts', 'monthly'] as const;

/** One import of a file: what it held and what it did, line by line in `import_lines`. */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    createdLines: integer('created_lines').notNull().default(0),
    matchedLines: integer('matched_lines').notNull().default(0),
    repeatedLines: integer('repeated_lines').notNull().default(0),
    refusedLines: integer('refused_lines').notNull().default(0),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('imports_kind_valid', sql`${t.kind} IN ('donors','gifts','monthly')`)],
);

/** An imported line by its stable key: the same line imported again adds nothing. */
export const importLines = pgTable(
  'import_lines',
  {
    key: text('key').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    donorId: integer('donor_id').references(() => donors.id, { onDelete: 'set null' }),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    recurringGiftId: integer('recurring_gift_id').references(() => recurringGifts.id, { onDelete: 'set null' }),
  },
  (t) => [index('import_lines_import_idx').on(t.importId, t.lineNumber)],
);
