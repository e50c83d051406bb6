// Bank reconciliation (docs/product.md#bank-deposits): staff import the account's movement file, the
// product proposes which pending deposit each credit pays, and a staff click confirms one, approving the
// donation through the ledger's transition (audited, the donor emailed). A movement is imported once and
// confirms at most one donation (movement-key.ts); proposals are stored and worked out again only when the
// pending deposits change (proposals.ts), so a deposit approved elsewhere stops being offered.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import type {
  ColumnMappingValue,
  StatementFile,
  StatementImport,
  StatementImportList,
  StatementPreview,
} from '@donaciones/shared/schemas/bank-statements';
import type { Database, Db } from '../../../db/client';
import { bankStatementImports, bankStatementLines, bankStatementMappings } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { bankStatementMessages as m } from '../../../messages/bank-statements';
import { approveDonation } from '../../giving/review';
import { type Actor, audit } from '../../../platform/audit';
import type { LinkContext } from '../../ledger/links';
import { recordTransferCharges } from './transfer-charges';
import { candidateOf, type LineMatch, matchStatement } from './match';
import { movementKeysOf } from './movement-key';
import { rowsOf } from '../../../db/rows';
import { inBatches, pendingDeposits, proposalsBasis, storeCandidates } from './proposals';
import { statementImport } from './import-view';
import { isUniqueViolation } from '../../../platform/reference-codes';
import { type ColumnMapping, creditsOf, guessMapping, PREVIEW_ROWS, readStatement } from './parse';

const bytesOf = (file: StatementFile) => Buffer.from(file.content_base64, 'base64');

async function savedMapping(db: Db, bank: string): Promise<ColumnMapping | null> {
  const [row] = await db.select().from(bankStatementMappings).where(eq(bankStatementMappings.bank, bank)).limit(1);
  if (!row) return null;
  return { date: row.dateColumn, description: row.descriptionColumn, reference: row.referenceColumn, credit: row.creditColumn, debit: row.debitColumn };
}

/** The header and first rows of a file, with the bank's saved mapping or a guess from the header names. */
export async function previewStatement(db: Db, file: StatementFile): Promise<StatementPreview> {
  const table = readStatement(bytesOf(file));
  const saved = await savedMapping(db, file.bank);
  return {
    bank: file.bank,
    delimiter: table.delimiter,
    headers: table.headers,
    header_line: table.headerLine,
    rows: table.rows.slice(0, PREVIEW_ROWS).map((r) => table.headers.map((_, i) => r.cells[i] ?? '')),
    data_lines: table.rows.length,
    saved_mapping: saved,
    suggested_mapping: saved ?? guessMapping(table.headers),
  };
}

/** Keys of `keys` already held by a line of some import. */
async function importedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = rowsOf<{ movement_key: string }>(
    await db.execute(
      sql`SELECT movement_key FROM ${bankStatementLines} WHERE movement_key IN (SELECT json_array_elements_text(${JSON.stringify(keys)}::json))`,
    ),
  );
  return new Set(rows.map((r) => r.movement_key));
}

async function saveMapping(db: Db, bank: string, mapping: ColumnMapping, actor: Actor): Promise<void> {
  const values = {
    dateColumn: mapping.date,
    descriptionColumn: mapping.description,
    referenceColumn: mapping.reference,
    creditColumn: mapping.credit,
    debitColumn: mapping.debit,
    updatedAt: new Date(),
    updatedBy: actor.id,
  };
  await db.insert(bankStatementMappings).values({ bank, ...values }).onConflictDoUpdate({ target: bankStatementMappings.bank, set: values });
}

/**
 * Imports a movement file: its credits not imported before are kept, in batches, with the proposals of
 * the moment. The same file again, or a file whose every movement is already imported, is refused and
 * adds nothing. The mapping given is saved for the bank; without one, the bank's saved mapping is used.
 */
// eslint-disable-next-line max-lines-per-function -- one transaction from the file to its stored proposals, under the import lock; its steps are the helpers it calls
export async function importStatement(
  db: Database,
  input: { file: StatementFile; mapping?: ColumnMappingValue; actor: Actor; ip?: string | null; links?: LinkContext },
): Promise<StatementImport> {
  const bytes = bytesOf(input.file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const table = readStatement(bytes);
  const mapping = input.mapping ?? (await savedMapping(db, input.file.bank));
  if (!mapping) throw badRequest(m.noMapping);
  const { credits, skipped } = creditsOf(table, mapping);
  const keys = movementKeysOf(credits);

  const id = await db.transaction(async (tx) => {
    // One import at a time, so two uploads of one file cannot both find its movements new.
    await tx.execute(sql`LOCK TABLE ${bankStatementImports} IN SHARE ROW EXCLUSIVE MODE`);
    const [sameFile] = await tx.select().from(bankStatementImports).where(eq(bankStatementImports.sha256, sha256)).limit(1);
    if (sameFile) throw conflict(m.sameFile(sameFile.fileName, guatemalaDay(sameFile.createdAt)));
    const known = await importedKeys(tx, keys);
    const fresh = credits.map((c, i) => ({ ...c, movementKey: keys[i] })).filter((c) => !known.has(c.movementKey));
    if (fresh.length === 0) throw conflict(m.allRepeated(credits.length));
    if (input.mapping) await saveMapping(tx, input.file.bank, mapping, input.actor);

    const basis = await proposalsBasis(tx);
    const proposals = matchStatement(
      fresh.map((c, i) => ({ id: i, ...c })),
      await pendingDeposits(tx),
    );
    const [created] = await tx
      .insert(bankStatementImports)
      .values({
        bank: input.file.bank,
        fileName: input.file.file_name,
        sha256,
        delimiter: table.delimiter,
        creditLines: fresh.length,
        skippedLines: skipped,
        repeatedLines: credits.length - fresh.length,
        proposalsBasis: basis,
        importedBy: input.actor.id,
      })
      .returning({ id: bankStatementImports.id });
    // Each file line is one credit at most, so the line number finds a stored row's proposal.
    const indexOfLine = new Map(fresh.map((c, i) => [c.line, i]));
    const stored = new Map<number, LineMatch>();
    for (const batch of inBatches(fresh.map((c, i) => ({ c, i })))) {
      // The batch travels as one JSON parameter: thousands of rows cost one bind, not ten per row.
      const json = JSON.stringify(
        batch.map(({ c, i }) => ({
          line_number: c.line,
          posted_on: c.postedOn,
          description: c.description,
          reference: c.reference,
          credit_cents: c.creditCents,
          balance_cents: c.balanceCents,
          movement_key: c.movementKey,
          match_state: proposals.lines.get(i)?.state ?? 'unmatched',
          donation_id: proposals.lines.get(i)?.proposed ?? null,
        })),
      );
      const rows = rowsOf<{ id: number | string; line_number: number }>(
        await tx.execute(sql`
          INSERT INTO ${bankStatementLines} (import_id, line_number, posted_on, description, reference, credit_cents, balance_cents, movement_key, match_state, donation_id)
          SELECT ${created.id}, r.line_number, r.posted_on, r.description, r.reference, r.credit_cents, r.balance_cents, r.movement_key, r.match_state, r.donation_id
          FROM json_to_recordset(${json}::json) AS r(line_number integer, posted_on date, description text, reference text, credit_cents bigint,
            balance_cents bigint, movement_key text, match_state text, donation_id integer)
          RETURNING id, line_number`),
      );
      for (const row of rows) {
        const match = proposals.lines.get(indexOfLine.get(row.line_number) as number);
        if (match) stored.set(Number(row.id), match);
      }
    }
    await storeCandidates(tx, created.id, stored);
    // A line carrying a monthly transfer's reference records that month's charge (decision 0045).
    if (input.links) await recordTransferCharges(tx, { importId: created.id, links: input.links, actor: input.actor, ip: input.ip });
    await audit(tx, {
      actor: input.actor,
      action: 'bank_statement.import',
      entityType: 'bank_statement',
      entityId: created.id,
      details: {
        bank: input.file.bank,
        file_name: input.file.file_name,
        credit_lines: fresh.length,
        repeated_lines: credits.length - fresh.length,
        mapping_saved: input.mapping != null,
      },
      ip: input.ip,
    });
    return created.id;
  });
  return statementImport(db, id);
}

export async function listStatementImports(db: Db): Promise<StatementImportList> {
  const [imports, confirmedCounts, banks] = await Promise.all([
    db.select().from(bankStatementImports).orderBy(desc(bankStatementImports.createdAt), desc(bankStatementImports.id)).limit(50),
    db
      .select({ importId: bankStatementLines.importId, n: count() })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.matchState, 'confirmed'))
      .groupBy(bankStatementLines.importId),
    db.select({ bank: bankStatementMappings.bank }).from(bankStatementMappings).orderBy(asc(bankStatementMappings.bank)),
  ]);
  const confirmed = new Map(confirmedCounts.map((c) => [c.importId, c.n]));
  return {
    imports: imports.map((i) => ({
      id: i.id,
      bank: i.bank,
      file_name: i.fileName,
      created_at: i.createdAt.toISOString(),
      credit_lines: i.creditLines,
      confirmed_lines: confirmed.get(i.id) ?? 0,
    })),
    banks: banks.map((b) => b.bank),
  };
}

/** A movement already confirmed through another line (of any import) confirms nothing more. */
export async function assertMovementOpen(db: Db, movementKey: string): Promise<void> {
  const [other] = await db
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.movementKey, movementKey), eq(bankStatementLines.matchState, 'confirmed')))
    .limit(1);
  if (other) throw conflict(m.movementConfirmed);
}

/**
 * Confirms that a statement line pays a pending deposit: only a deposit that fits the line now (same
 * amount, within the date window) may be confirmed; a near-miss is approved by hand from the review
 * queue. The approval, its email and the line's new state commit together or not at all.
 */
export async function confirmStatementLine(
  db: Database,
  input: { importId: number; lineId: number; donationId: number; actor: Actor; ip?: string | null },
): Promise<StatementImport> {
  const [line] = await db
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, input.lineId), eq(bankStatementLines.importId, input.importId)))
    .limit(1);
  if (!line) throw notFound(m.notFound);
  if (line.matchState === 'confirmed') throw conflict(m.alreadyConfirmed);
  const [deposit] = await pendingDeposits(db, [input.donationId]);
  if (!deposit || candidateOf(line, deposit)?.kind !== 'match') throw conflict(m.notACandidate);

  await approveDonation(db, {
    id: input.donationId,
    actor: input.actor,
    ip: input.ip,
    // The answer is not returned to anyone: the confirmed line is.
    contacts: false,
    alsoInTransaction: async (tx, donation) => {
      await assertMovementOpen(tx, line.movementKey);
      let updated: { id: number } | undefined;
      try {
        [updated] = await tx
          .update(bankStatementLines)
          .set({ matchState: 'confirmed', donationId: donation.id, confirmedAt: new Date(), confirmedBy: input.actor.id })
          .where(and(eq(bankStatementLines.id, line.id), eq(bankStatementLines.matchState, line.matchState)))
          .returning({ id: bankStatementLines.id });
      } catch (err) {
        // Another line of the same movement confirmed at the same moment (the index holds one per movement).
        if (isUniqueViolation(err, 'bank_statement_lines_confirmed_movement_key')) throw conflict(m.movementConfirmed);
        throw err;
      }
      if (!updated) throw conflict(m.alreadyConfirmed);
      await audit(tx, {
        actor: input.actor,
        action: 'bank_statement.confirm',
        entityType: 'bank_statement',
        entityId: input.importId,
        details: { line_id: line.id, line_number: line.lineNumber, donation_id: donation.id, reference: donation.referenceCode, amount_cents: line.creditCents },
        ip: input.ip,
      });
    },
  });
  return statementImport(db, input.importId);
}
