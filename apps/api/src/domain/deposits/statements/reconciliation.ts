// Bank reconciliation (docs/product.md#bank-deposits): staff import the account's movement file, the
// product proposes which pending deposit each credit pays, and a staff click confirms one, approving the
// donation through the ledger's transition (audited, the donor emailed). Proposals are worked out again
// on every read from the deposits still pending, so a deposit approved elsewhere stops being offered.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { fromCents, guatemalaDay } from '@donaciones/shared/format';
import type {
  ColumnMappingValue,
  PendingDeposit,
  StatementFile,
  StatementImport,
  StatementImportList,
  StatementPreview,
} from '@donaciones/shared/schemas/bank-statements';
import type { Database, Db } from '../../../db/client';
import { bankStatementImports, bankStatementLines, bankStatementMappings, donations } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { bankStatementMessages as m } from '../../../messages/bank-statements';
import { approveDonation } from '../../giving/review';
import { type Actor, audit } from '../../../platform/audit';
import { candidateOf, type DepositToMatch, matchStatement } from './match';
import { type ColumnMapping, creditsOf, guessMapping, PREVIEW_ROWS, readStatement } from './parse';
import { declaredSlipsOf } from './declared-slips';

type Deposit = DepositToMatch & Omit<PendingDeposit, 'donation_id' | 'reference_code'>;

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

/** Every pending bank deposit, with what its donor declared on the slip. */
async function pendingDeposits(db: Db): Promise<Deposit[]> {
  const rows = await db
    .select()
    .from(donations)
    .where(and(eq(donations.status, 'pending'), eq(donations.paymentMethod, 'bank_deposit')))
    .orderBy(asc(donations.createdAt), asc(donations.id));
  const declared = await declaredSlipsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const slip = declared.get(r.id);
    return {
      donationId: r.id,
      referenceCode: r.referenceCode,
      amountCents: r.amountCents,
      createdOn: guatemalaDay(r.createdAt),
      declaredDate: slip?.depositDate ?? null,
      slipNumber: slip?.slipNumber ?? null,
      donor_name: r.donorName,
      amount: fromCents(r.amountCents),
      currency: r.currency,
      created_at: r.createdAt.toISOString(),
      declared_date: slip?.depositDate ?? null,
      slip_number: slip?.slipNumber ?? null,
    };
  });
}

const depositAnswer = (d: Deposit): PendingDeposit => ({
  donation_id: d.donationId,
  reference_code: d.referenceCode,
  donor_name: d.donor_name,
  amount: d.amount,
  currency: d.currency,
  created_at: d.created_at,
  declared_date: d.declared_date,
  slip_number: d.slip_number,
});

/**
 * Imports a movement file: its credits are kept with the proposals of the moment. The mapping given is
 * saved for the bank; without one, the bank's saved mapping is used.
 */
export async function importStatement(
  db: Database,
  input: { file: StatementFile; mapping?: ColumnMappingValue; actor: Actor; ip?: string | null },
): Promise<StatementImport> {
  const bytes = bytesOf(input.file);
  const table = readStatement(bytes);
  const mapping = input.mapping ?? (await savedMapping(db, input.file.bank));
  if (!mapping) throw badRequest(m.noMapping);
  const { credits, skipped } = creditsOf(table, mapping);
  const deposits = await pendingDeposits(db);
  const proposals = matchStatement(
    credits.map((c, i) => ({ id: i, ...c })),
    deposits,
  );

  const id = await db.transaction(async (tx) => {
    if (input.mapping) {
      const values = {
        dateColumn: mapping.date,
        descriptionColumn: mapping.description,
        referenceColumn: mapping.reference,
        creditColumn: mapping.credit,
        debitColumn: mapping.debit,
        updatedAt: new Date(),
        updatedBy: input.actor.id,
      };
      await tx
        .insert(bankStatementMappings)
        .values({ bank: input.file.bank, ...values })
        .onConflictDoUpdate({ target: bankStatementMappings.bank, set: values });
    }
    const [created] = await tx
      .insert(bankStatementImports)
      .values({
        bank: input.file.bank,
        fileName: input.file.file_name,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        delimiter: table.delimiter,
        creditLines: credits.length,
        skippedLines: skipped,
        importedBy: input.actor.id,
      })
      .returning({ id: bankStatementImports.id });
    await tx.insert(bankStatementLines).values(
      credits.map((c, i) => ({
        importId: created.id,
        lineNumber: c.line,
        postedOn: c.postedOn,
        description: c.description,
        reference: c.reference,
        creditCents: c.creditCents,
        matchState: proposals.lines.get(i)?.state ?? 'unmatched',
        donationId: proposals.lines.get(i)?.proposed ?? null,
      })),
    );
    await audit(tx, {
      actor: input.actor,
      action: 'bank_statement.import',
      entityType: 'bank_statement',
      entityId: created.id,
      details: { bank: input.file.bank, file_name: input.file.file_name, credit_lines: credits.length, mapping_saved: input.mapping != null },
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

/** One import: its lines with the proposals of now, and the pending deposits no line of it pays. */
export async function statementImport(db: Db, id: number): Promise<StatementImport> {
  const [found] = await db.select().from(bankStatementImports).where(eq(bankStatementImports.id, id)).limit(1);
  if (!found) throw notFound(m.notFound);
  const [lines, deposits] = await Promise.all([
    db.select().from(bankStatementLines).where(eq(bankStatementLines.importId, id)).orderBy(asc(bankStatementLines.lineNumber), asc(bankStatementLines.id)),
    pendingDeposits(db),
  ]);
  const open = lines.filter((l) => l.matchState !== 'confirmed');
  const proposals = matchStatement(open, deposits);
  const byId = new Map(deposits.map((d) => [d.donationId, d]));
  const confirmedIds = lines.filter((l) => l.matchState === 'confirmed' && l.donationId != null).map((l) => l.donationId as number);
  const confirmedDonations = confirmedIds.length
    ? await db
        .select({ id: donations.id, referenceCode: donations.referenceCode, donorName: donations.donorName })
        .from(donations)
        .where(inArray(donations.id, confirmedIds))
    : [];
  const confirmedById = new Map(confirmedDonations.map((d) => [d.id, d]));

  return {
    id: found.id,
    bank: found.bank,
    file_name: found.fileName,
    created_at: found.createdAt.toISOString(),
    credit_lines: found.creditLines,
    skipped_lines: found.skippedLines,
    lines: lines.map((l) => {
      const base = {
        id: l.id,
        line_number: l.lineNumber,
        posted_on: l.postedOn,
        description: l.description,
        reference: l.reference,
        amount: fromCents(l.creditCents),
      };
      if (l.matchState === 'confirmed') {
        const d = l.donationId != null ? confirmedById.get(l.donationId) : undefined;
        return {
          ...base,
          state: 'confirmed' as const,
          confirmed_donation: d ? { id: d.id, reference_code: d.referenceCode, donor_name: d.donorName } : null,
          candidates: [],
        };
      }
      const match = proposals.lines.get(l.id);
      return {
        ...base,
        state: match?.state ?? 'unmatched',
        confirmed_donation: null,
        candidates: (match?.candidates ?? []).map((c) => ({
          ...depositAnswer(byId.get(c.donationId) as Deposit),
          kind: c.kind,
          reference_found: c.referenceFound,
          day_distance: c.dayDistance,
        })),
      };
    }),
    unmatched_deposits: proposals.unmatchedDeposits.map((donationId) => depositAnswer(byId.get(donationId) as Deposit)),
  };
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
  const deposit = (await pendingDeposits(db)).find((d) => d.donationId === input.donationId);
  if (!deposit || candidateOf(line, deposit)?.kind !== 'match') throw conflict(m.notACandidate);

  await approveDonation(db, {
    id: input.donationId,
    actor: input.actor,
    ip: input.ip,
    alsoInTransaction: async (tx, donation) => {
      const [updated] = await tx
        .update(bankStatementLines)
        .set({ matchState: 'confirmed', donationId: donation.id, confirmedAt: new Date(), confirmedBy: input.actor.id })
        .where(and(eq(bankStatementLines.id, line.id), eq(bankStatementLines.matchState, line.matchState)))
        .returning({ id: bankStatementLines.id });
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
