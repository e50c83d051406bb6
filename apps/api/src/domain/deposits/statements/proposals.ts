// The stored proposals of an import (docs/product.md#bank-deposits, decision 0024): worked out once when the
// file is imported and again only when the pending deposits have changed since (a deposit created, approved,
// rejected, edited or given a slip), so opening an import reads rows instead of matching every time.
import { and, asc, count, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { fromCents, guatemalaDay } from '@donaciones/shared/format';
import type { PendingDeposit } from '@donaciones/shared/schemas/bank-statements';
import type { Database, Db } from '../../../db/client';
import { bankStatementCandidates, bankStatementImports, bankStatementLines, donationAttachments, donations } from '../../../db/schema';
import { type DepositToMatch, type LineMatch, type LineToMatch, matchStatement } from './match';
import { declaredSlipsOf } from './declared-slips';
import { isDatedByDay } from '../../ledger/dated-by-day';
import { pendingBankPayment } from '../bank-payments';
import { inClosedMonth, latestClosedMonth } from '../../accounting/periods';

/**
 * Rows per INSERT. Each batch is one JSON parameter (json_to_recordset), so no statement nears PostgreSQL's
 * 65,535 parameters whatever the file's length, and thousands of rows cost one bind.
 */
export const INSERT_BATCH = 1_000;

export type Deposit = DepositToMatch & Omit<PendingDeposit, 'donation_id' | 'reference_code'>;

export function inBatches<T>(items: T[], size = INSERT_BATCH): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * What the pending deposits look like now, in one short row: their count, the sum of their ids (a deposit
 * leaving and another arriving changes it, ids only grow), their latest update and the newest slip.
 */
export async function proposalsBasis(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      ids: sql<string>`coalesce(sum(${donations.id}), 0)::text`,
      updated: sql<string | null>`max(${donations.updatedAt})::text`,
      slip: sql<number | null>`(SELECT max(${donationAttachments.id}) FROM ${donationAttachments} WHERE ${donationAttachments.kind} = 'deposit_slip')`,
    })
    .from(donations)
    .where(pendingBankPayment);
  return `${row.n}:${row.ids}:${row.updated ?? ''}:${row.slip ?? ''}`;
}

/** Pending bank deposits (all, or those of `ids` still pending), with what each donor declared on the slip. */
export async function pendingDeposits(db: Db, ids?: number[]): Promise<Deposit[]> {
  if (ids && ids.length === 0) return [];
  // Only the columns shown: thousands of whole donation rows cost more to read than the matching.
  const rows = await db
    .select({
      id: donations.id,
      referenceCode: donations.referenceCode,
      amountCents: donations.amountCents,
      createdAt: donations.createdAt,
      receivedOn: donations.receivedOn,
      source: donations.source,
      donorName: donations.donorName,
      currency: donations.currency,
      paymentReference: donations.paymentReference,
      paymentMethod: donations.paymentMethod,
      // Only whether there is one: the reconciliation never shows the address (ledger/completion.ts hasEmail).
      hasEmail: sql<boolean>`btrim(${donations.donorEmail}) <> ''`,
    })
    .from(donations)
    .where(ids ? and(pendingBankPayment, inArray(donations.id, ids)) : pendingBankPayment)
    .orderBy(asc(donations.createdAt), asc(donations.id));
  const [declared, closed] = await Promise.all([
    declaredSlipsOf(db, ids ?? db.select({ id: donations.id }).from(donations).where(pendingBankPayment)),
    latestClosedMonth(db),
  ]);
  return rows.map((r) => {
    const slip = declared.get(r.id);
    // A deposit the office entered carries the bank's reference staff typed (gift entry), as a slip carries its number.
    const officeReference = r.source === 'service' && r.receivedOn != null ? r.paymentReference : null;
    return {
      donationId: r.id,
      referenceCode: r.referenceCode,
      amountCents: r.amountCents,
      createdOn: guatemalaDay(r.createdAt),
      declaredDate: slip?.depositDate ?? null,
      slipNumber: slip?.slipNumber ?? null,
      officeReference,
      donor_name: r.donorName,
      amount: fromCents(r.amountCents),
      currency: r.currency,
      created_at: r.createdAt.toISOString(),
      dated_by_day: isDatedByDay(r),
      declared_date: slip?.depositDate ?? null,
      // An office deposit's bank reference stands where a donor's slip number would.
      slip_number: slip?.slipNumber ?? officeReference,
      payment_method: r.paymentMethod === 'bank_transfer' ? ('bank_transfer' as const) : ('bank_deposit' as const),
      donor_has_email: r.hasEmail,
      dated_in_closed_month: inClosedMonth(r.createdAt, closed),
    };
  });
}

/** Pending deposits no line of the import is proposed for: how many, and one page of them (oldest first). */
export async function unmatchedDepositsPage(db: Db, importId: number, page: number, size: number): Promise<{ total: number; page: Deposit[] }> {
  const proposedHere = db
    .select({ id: bankStatementLines.donationId })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.importId, importId), eq(bankStatementLines.matchState, 'proposed'), isNotNull(bankStatementLines.donationId)));
  const unmatched = and(pendingBankPayment, notInArray(donations.id, proposedHere));
  const [[{ total }], ids] = await Promise.all([
    db.select({ total: count() }).from(donations).where(unmatched),
    db
      .select({ id: donations.id })
      .from(donations)
      .where(unmatched)
      .orderBy(asc(donations.createdAt), asc(donations.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { total, page: await pendingDeposits(db, ids.map((r) => r.id)) };
}

/** Writes the candidates of `matches` (keyed by line id) for an import, in batches. */
export async function storeCandidates(db: Db, importId: number, matches: Map<number, LineMatch>): Promise<void> {
  const rows = [...matches].flatMap(([lineId, match]) =>
    match.candidates.map((c, position) => ({
      lineId,
      importId,
      donationId: c.donationId,
      position,
      kind: c.kind,
      referenceFound: c.referenceFound,
      dayDistance: c.dayDistance,
    })),
  );
  for (const batch of inBatches(rows, 5 * INSERT_BATCH)) {
    await db.execute(sql`
      INSERT INTO ${bankStatementCandidates} (line_id, import_id, donation_id, position, kind, reference_found, day_distance)
      SELECT r."lineId", r."importId", r."donationId", r.position, r.kind, r."referenceFound", r."dayDistance"
      FROM json_to_recordset(${JSON.stringify(batch)}::json)
        AS r("lineId" bigint, "importId" integer, "donationId" integer, position integer, kind text, "referenceFound" boolean, "dayDistance" integer)`);
  }
}

/**
 * Works the proposals of an import's unconfirmed lines out again from the deposits pending now, when
 * they changed since the stored ones. The import's row is locked, so two readers do not both rewrite.
 */
export async function refreshProposals(db: Database, importId: number, basis: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ basis: bankStatementImports.proposalsBasis })
      .from(bankStatementImports)
      .where(eq(bankStatementImports.id, importId))
      .for('update');
    if (!locked || locked.basis === basis) return;
    const open: (LineToMatch & { matchState: string; donationId: number | null })[] = await tx
      .select({
        id: bankStatementLines.id,
        postedOn: bankStatementLines.postedOn,
        description: bankStatementLines.description,
        reference: bankStatementLines.reference,
        creditCents: bankStatementLines.creditCents,
        matchState: bankStatementLines.matchState,
        donationId: bankStatementLines.donationId,
      })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.importId, importId), ne(bankStatementLines.matchState, 'confirmed')));
    const { lines } = matchStatement(open, await pendingDeposits(tx));
    await tx.delete(bankStatementCandidates).where(eq(bankStatementCandidates.importId, importId));
    await storeCandidates(tx, importId, lines);
    const changed = open
      .map((l) => ({ id: l.id, state: lines.get(l.id)?.state ?? 'unmatched', proposed: lines.get(l.id)?.proposed ?? null, before: l }))
      .filter((c) => c.state !== c.before.matchState || c.proposed !== c.before.donationId);
    for (const batch of inBatches(changed)) {
      const values = sql.join(
        batch.map((c) => sql`(${c.id}::bigint, ${c.state}::text, ${c.proposed}::integer)`),
        sql`, `,
      );
      await tx.execute(sql`UPDATE ${bankStatementLines} AS l SET match_state = v.state, donation_id = v.proposed
        FROM (VALUES ${values}) AS v(id, state, proposed) WHERE l.id = v.id AND l.match_state <> 'confirmed'`);
    }
    await tx.update(bankStatementImports).set({ proposalsBasis: basis }).where(eq(bankStatementImports.id, importId));
  });
}
