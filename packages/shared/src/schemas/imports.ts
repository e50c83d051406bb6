// The import's contract (docs/product.md#imports): the file as base64 in JSON (as bank statements travel,
// decision 0024), the kind of lines it holds, the column chosen for each field, and the answer of a dry
// run or an import: every line with what it does (created, matched, already imported, refused + reason).
import { z } from 'zod';
import { importsMessages } from '../messages/imports';

const v = importsMessages.validation;

export const IMPORT_KINDS = ['donors', 'gifts', 'monthly'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_FIELDS = ['name', 'email', 'phone', 'tax_id', 'date', 'amount', 'currency', 'method', 'receipt', 'note', 'reference', 'next_charge'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The fields of each kind, in the order the mapping form shows them; `required` ones need a column. */
export const IMPORT_KIND_FIELDS: Record<ImportKind, readonly { field: ImportField; required: boolean }[]> = {
  donors: [
    { field: 'name', required: true },
    { field: 'email', required: false },
    { field: 'phone', required: false },
    { field: 'tax_id', required: false },
    { field: 'note', required: false },
  ],
  gifts: [
    { field: 'name', required: true },
    { field: 'email', required: false },
    { field: 'phone', required: false },
    { field: 'tax_id', required: false },
    { field: 'date', required: true },
    { field: 'amount', required: true },
    { field: 'currency', required: false },
    { field: 'method', required: false },
    { field: 'receipt', required: false },
    { field: 'note', required: false },
  ],
  monthly: [
    { field: 'name', required: true },
    { field: 'email', required: true },
    { field: 'phone', required: false },
    { field: 'tax_id', required: false },
    { field: 'amount', required: true },
    { field: 'currency', required: false },
    { field: 'reference', required: false },
    { field: 'next_charge', required: false },
  ],
};

/** 2 MB of file, as base64 (4 characters per 3 bytes). */
export const IMPORT_BASE64_MAX = Math.ceil((2 * 1024 * 1024) / 3) * 4;
/** Lines a file may hold below its header. */
export const IMPORT_MAX_LINES = 5_000;

export const importFileSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: v.kindRequired }),
  file_name: z.string({ error: v.fileRequired }).trim().min(1, { error: v.fileRequired }).max(200),
  content_base64: z
    .string({ error: v.fileRequired })
    // A file chosen but with no bytes (an empty export) is told as such, not "Elige el archivo".
    .min(1, { error: importsMessages.api.empty })
    .max(IMPORT_BASE64_MAX, { error: v.fileTooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: v.fileRequired }),
});
export type ImportFile = z.infer<typeof importFileSchema>;

const column = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((s) => s || null);

/** Each field's column (by header name); a field left out or null is not in the file. */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), column);
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export const importRunSchema = importFileSchema.extend({
  mapping: importMappingSchema,
  /** True: work everything out and answer, saving nothing. */
  dry_run: z.boolean().default(true),
});
export type ImportRunRequest = z.input<typeof importRunSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  data_lines: z.number().int(),
  suggested_mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_OUTCOMES = ['created', 'matched', 'repeated', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importLineResultSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** What the line is (the donor, and the gift's date and amount), in Spanish. */
  detail: z.string(),
  /** Why it is refused; null otherwise. */
  reason: z.string().nullable(),
  /** The permanent reference of a monthly gift by transfer. */
  transfer_reference: z.string().nullable(),
});
export type ImportLineResult = z.infer<typeof importLineResultSchema>;

export const importResultSchema = z.object({
  dry_run: z.boolean(),
  import_id: z.number().int().nullable(),
  kind: z.enum(IMPORT_KINDS),
  counts: z.object({ created: z.number().int(), matched: z.number().int(), repeated: z.number().int(), refused: z.number().int() }),
  lines: z.array(importLineResultSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
