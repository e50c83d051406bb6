// Importing from the charity's earlier spreadsheets (docs/product.md#imports, decision 0045): donors, past
// gifts and monthly donors by transfer. A dry run does the whole import in a transaction and rolls it back,
// so what it lists (created, matched, already imported, refused with the reason) is exactly what the import
// does. Each line keeps a stable key (import_lines): the same file twice adds nothing. Imported gifts are
// completed as they were, on their own date, with no receipt issued, no email and no FEL certification.
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { formatCents, formatDay, guatemalaDay } from '@donaciones/shared/format';
import { importsMessages } from '@donaciones/shared/messages/imports';
import type { IMPORT_FIELDS, ImportFile, ImportKind, ImportLineResult, ImportMapping, ImportPreview, ImportResult } from '@donaciones/shared/schemas/imports';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { importLines, imports } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { amountColumnOf, readLine, columnsOf, type ImportLine, type ReadLine } from './lines';
import { readImportTable } from './read-table';
import { importGift, importMonthly, type LineOutcome } from './records';
import { anotherDonorOf, matchOrCreateDonor } from '../donors/match';

const PREVIEW_ROWS = 5;
const bytesOf = (file: ImportFile) => Buffer.from(file.content_base64, 'base64');

const HINTS: Record<(typeof IMPORT_FIELDS)[number], RegExp> = {
  name: /nombre|name|donante|raz[oó]n social/i,
  email: /correo|e-?mail/i,
  phone: /tel[eé]fono|celular|phone|m[oó]vil/i,
  tax_id: /nit|cui|dpi/i,
  date: /^fecha$|fecha (de )?(donaci[oó]n|pago|recib)|^date$/i,
  amount: /monto|importe|cantidad|amount|valor/i,
  currency: /moneda|currency|divisa/i,
  method: /m[eé]todo|forma de pago|medio de pago|^pago$|method/i,
  receipt: /recibo|receipt|comprobante/i,
  note: /nota|observ|coment|descrip|concepto/i,
  reference: /referencia|reference/i,
  next_charge: /pr[oó]xim|siguiente|next/i,
};

/** The header and first rows of a file, with a guess of each field's column from the header names. */
export async function previewImport(file: ImportFile): Promise<ImportPreview> {
  const table = await readImportTable(bytesOf(file));
  const suggested: ImportPreview['suggested_mapping'] = {};
  const used = new Set<string>();
  for (const field of ['next_charge', 'receipt', 'reference', 'tax_id', 'email', 'phone', 'date', 'amount', 'currency', 'method', 'name', 'note'] as const) {
    const found = table.headers.find((h) => !used.has(h) && HINTS[field].test(h));
    if (found) {
      suggested[field] = found;
      used.add(found);
    }
  }
  return {
    kind: file.kind,
    headers: table.headers,
    rows: table.rows.slice(0, PREVIEW_ROWS).map((r) => table.headers.map((_, i) => r.cells[i] ?? '')),
    data_lines: table.rows.length,
    suggested_mapping: suggested,
  };
}

/** Thrown inside the transaction of a dry run, so everything it wrote is rolled back. */
class DryRunDone extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

/**
 * A line whose key an earlier line of the same file holds is refused: the file says the same thing twice.
 * A past gift's refusal says how to bring in two real gifts of one donor, day and amount: a receipt
 * number or a note sets their keys apart, and keeps the same file imported once (decision 0084).
 */
function refuseRepeatsInFile(kind: ImportKind, lines: ReadLine[]): ReadLine[] {
  const seen = new Map<string, number>();
  const r = importsMessages.reasons;
  return lines.map((l) => {
    if (!l.ok) return l;
    const first = seen.get(l.value.key);
    if (first === undefined) {
      seen.set(l.value.key, l.value.line);
      return l;
    }
    const v = l.value;
    const reason = v.receipt
      ? r.receiptRepeated(v.receipt, first)
      : v.reference
        ? r.referenceRepeated(v.reference, first)
        : kind === 'gifts'
          ? r.giftRepeatedInFile(first)
          : r.repeatedInFile(first);
    return { ok: false, line: v.line, name: v.name, reason };
  });
}

async function knownKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: importLines.key }).from(importLines).where(inArray(importLines.key, keys));
  return new Set(rows.map((r) => r.key));
}

async function importDonor(tx: Db, line: ImportLine, donorsBefore: number): Promise<LineOutcome> {
  const donorId = await matchOrCreateDonor(tx, { email: line.email, taxId: line.taxId, taxIdKind: line.taxIdKind, name: line.name, phone: line.phone });
  const existing = donorId <= donorsBefore;
  if (line.note) await tx.execute(sql`UPDATE donors SET notes = ${line.note} WHERE id = ${donorId} AND notes IS NULL`);
  return { outcome: existing ? 'matched' : 'created', detail: line.name + (existing ? importsMessages.details.existingDonor : ''), donorId };
}

export interface RunImportInput {
  file: ImportFile;
  mapping: ImportMapping;
  dryRun: boolean;
  actor: Actor;
  ip?: string | null;
}

/** Reads the file, works every line out in one transaction, and keeps it (import) or rolls it back (dry run). */
export async function runImport(db: Database, input: RunImportInput): Promise<ImportResult> {
  const bytes = bytesOf(input.file);
  const table = await readImportTable(bytes);
  const at = columnsOf(table, input.file.kind, input.mapping);
  const today = guatemalaDay(new Date());
  const amounts = amountColumnOf(table, at);
  const read = refuseRepeatsInFile(input.file.kind, table.rows.map((row) => readLine(input.file.kind, at, row, today, amounts)));
  try {
    return await db.transaction(async (tx) => {
      // One import at a time: two runs of one file cannot both find its lines new.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(4242045)`);
      const result = await importLinesOf(tx, input, read, createHash('sha256').update(bytes).digest('hex'));
      if (input.dryRun) throw new DryRunDone(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRunDone) return { ...err.result, dry_run: true, import_id: null };
    throw err;
  }
}

async function importLinesOf(tx: Db, input: RunImportInput, read: ReadLine[], sha256: string): Promise<ImportResult> {
  const [{ max }] = rowsOf<{ max: number | string }>(await tx.execute(sql`SELECT coalesce(max(id), 0) AS max FROM donors`));
  const donorsBefore = Number(max);
  const known = await knownKeys(tx, read.flatMap((l) => (l.ok ? [l.value.key] : [])));
  const [created] = await tx.insert(imports).values({ kind: input.file.kind, fileName: input.file.file_name, sha256, importedBy: input.actor.id }).returning({ id: imports.id });
  const lines: ImportLineResult[] = [];
  for (const l of read) {
    if (!l.ok) {
      lines.push({ line: l.line, outcome: 'refused', detail: l.name, reason: l.reason, transfer_reference: null });
      continue;
    }
    const line = l.value;
    if (known.has(line.key)) {
      lines.push({ line: line.line, outcome: 'repeated', detail: detailOf(input.file.kind, line), reason: null, transfer_reference: line.reference });
      continue;
    }
    const done = await importOne(tx, input.file.kind, line, donorsBefore, created.id);
    lines.push({ line: line.line, outcome: done.outcome, detail: done.detail, reason: done.reason ?? null, transfer_reference: done.transferReference ?? null });
    if (done.outcome !== 'refused') {
      await tx.insert(importLines).values({ key: line.key, importId: created.id, lineNumber: line.line, donorId: done.donorId, donationId: done.donationId, recurringGiftId: done.recurringGiftId });
    }
  }
  const counts = { created: 0, matched: 0, repeated: 0, refused: 0 };
  for (const l of lines) counts[l.outcome]++;
  await tx.execute(
    sql`UPDATE imports SET created_lines = ${counts.created}, matched_lines = ${counts.matched}, repeated_lines = ${counts.repeated}, refused_lines = ${counts.refused} WHERE id = ${created.id}`,
  );
  await audit(tx, {
    actor: input.actor,
    action: 'import.run',
    entityType: 'import',
    entityId: created.id,
    details: { kind: input.file.kind, file_name: input.file.file_name, ...counts },
    ip: input.ip,
  });
  return { dry_run: false, import_id: created.id, kind: input.file.kind, counts, lines };
}

/**
 * One line, matched to its donor by the rule every gift follows; a line whose email (or else NIT/CUI) is a
 * donor's of another name is refused instead of adding that line's name, email and gifts to them.
 */
async function importOne(tx: Db, kind: ImportFile['kind'], line: ImportLine, donorsBefore: number, importId: number): Promise<LineOutcome> {
  const other = await anotherDonorOf(tx, { name: line.name, email: line.email, taxId: line.taxId });
  if (other) return { outcome: 'refused', detail: detailOf(kind, line), reason: importsMessages.reasons.ofAnotherDonor(other.by, other.name) };
  if (kind === 'donors') return importDonor(tx, line, donorsBefore);
  if (kind === 'gifts') return importGift(tx, line, donorsBefore, importId);
  return importMonthly(tx, line, donorsBefore, importId);
}

/** What a line is, for the lines already imported (nothing is looked up for them). */
function detailOf(kind: ImportFile['kind'], line: ImportLine): string {
  const d = importsMessages.details;
  const amount = line.amountCents == null ? '' : formatCents(line.amountCents, line.currency);
  if (kind === 'gifts') return d.gift(line.name, amount, line.date == null ? '' : formatDay(line.date), line.receipt, line.method && importsMessages.methods[line.method]);
  if (kind === 'monthly') return d.monthly(line.name, amount, line.reference ?? '—');
  return d.donor(line.name);
}
