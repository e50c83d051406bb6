// One import as "Conciliación bancaria" shows it (docs/product.md#bank-deposits): how many lines each section
// holds and a page of them at a time, with their stored proposals, and the pending deposits no line of the
// import is proposed for. A page is read with LIMIT/OFFSET, so a 10,000-line import answers as fast as a small one.
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { fromCents } from '@donaciones/shared/format';
import {
  type PendingDeposit,
  STATEMENT_LINE_STATES,
  STATEMENT_PAGE_SIZE,
  type StatementImport,
  type StatementLine,
  type StatementSection,
} from '@donaciones/shared/schemas/bank-statements';
import type { Database, Db } from '../../../db/client';
import { bankStatementCandidates, bankStatementImports, bankStatementLines, donations } from '../../../db/schema';
import { notFound } from '../../../errors';
import { bankStatementMessages as m } from '../../../messages/bank-statements';
import { type Deposit, pendingDeposits, proposalsBasis, refreshProposals, unmatchedDepositsPage } from './proposals';
import { shortFirstTransfer, waitingTransferGifts } from './transfer-charges';

type LineState = (typeof STATEMENT_LINE_STATES)[number];

export const depositAnswer = (d: Deposit): PendingDeposit => ({
  donation_id: d.donationId,
  reference_code: d.referenceCode,
  donor_name: d.donor_name,
  amount: d.amount,
  currency: d.currency,
  created_at: d.created_at,
  dated_by_day: d.dated_by_day,
  declared_date: d.declared_date,
  slip_number: d.slip_number,
  payment_method: d.payment_method,
  donor_has_email: d.donor_has_email,
  dated_in_closed_month: d.dated_in_closed_month,
});

/** The import's row, its proposals first worked out again when the pending deposits changed since. */
export async function currentImport(db: Database, id: number) {
  const [[found], basis] = await Promise.all([db.select().from(bankStatementImports).where(eq(bankStatementImports.id, id)).limit(1), proposalsBasis(db)]);
  if (!found) throw notFound(m.notFound);
  if (found.proposalsBasis !== basis) await refreshProposals(db, id, basis);
  return found;
}

async function lineCounts(db: Db, importId: number): Promise<Record<LineState, number>> {
  const rows = await db
    .select({ state: bankStatementLines.matchState, n: count() })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.importId, importId))
    .groupBy(bankStatementLines.matchState);
  const counts = { proposed: 0, near_miss: 0, unmatched: 0, confirmed: 0 };
  for (const r of rows) if (r.state in counts) counts[r.state as LineState] = r.n;
  return counts;
}

/** One page of the lines of one state: by line number, confirmed ones newest first (the one just confirmed on top). */
function linesPage(db: Db, importId: number, state: LineState, page: number) {
  const order: SQL[] =
    state === 'confirmed'
      ? [desc(bankStatementLines.confirmedAt), desc(bankStatementLines.id)]
      : [asc(bankStatementLines.lineNumber), asc(bankStatementLines.id)];
  return db
    .select({
      id: bankStatementLines.id,
      lineNumber: bankStatementLines.lineNumber,
      postedOn: bankStatementLines.postedOn,
      description: bankStatementLines.description,
      reference: bankStatementLines.reference,
      creditCents: bankStatementLines.creditCents,
      matchState: bankStatementLines.matchState,
      donationId: bankStatementLines.donationId,
    })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.importId, importId), eq(bankStatementLines.matchState, state)))
    .orderBy(...order)
    .limit(STATEMENT_PAGE_SIZE)
    .offset((page - 1) * STATEMENT_PAGE_SIZE);
}
type Line = Awaited<ReturnType<typeof linesPage>>[number];

/** The stored candidates of `lineIds`, by line, in their order, each with its deposit if still pending. */
async function candidatesOf(db: Db, importId: number, lineIds: number[]) {
  if (lineIds.length === 0) return new Map<number, StatementLine['candidates']>();
  const rows = await db
    .select({
      lineId: bankStatementCandidates.lineId,
      donationId: bankStatementCandidates.donationId,
      position: bankStatementCandidates.position,
      kind: bankStatementCandidates.kind,
      referenceFound: bankStatementCandidates.referenceFound,
      dayDistance: bankStatementCandidates.dayDistance,
    })
    .from(bankStatementCandidates)
    .where(and(eq(bankStatementCandidates.importId, importId), inArray(bankStatementCandidates.lineId, lineIds)))
    .orderBy(asc(bankStatementCandidates.lineId), asc(bankStatementCandidates.position));
  // A candidate no longer pending is dropped.
  const byId = new Map((await pendingDeposits(db, [...new Set(rows.map((r) => r.donationId))])).map((d) => [d.donationId, d]));
  const byLine = new Map<number, StatementLine['candidates']>();
  for (const r of rows) {
    const deposit = byId.get(r.donationId);
    if (!deposit) continue;
    const shown = { ...depositAnswer(deposit), kind: r.kind, reference_found: r.referenceFound, day_distance: r.dayDistance };
    byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), shown]);
  }
  return byLine;
}

async function confirmedDonationsOf(db: Db, lines: Line[]) {
  const ids = lines.filter((l) => l.matchState === 'confirmed' && l.donationId != null).map((l) => l.donationId as number);
  if (ids.length === 0) return new Map<number, { id: number; reference_code: string; donor_name: string }>();
  const rows = await db
    .select({ id: donations.id, reference_code: donations.referenceCode, donor_name: donations.donorName })
    .from(donations)
    .where(inArray(donations.id, ids));
  return new Map(rows.map((d) => [d.id, d]));
}

async function answerLines(db: Db, importId: number, lines: Line[]): Promise<StatementLine[]> {
  const open = lines.filter((l) => l.matchState !== 'confirmed');
  const [candidates, confirmed, waiting] = await Promise.all([
    candidatesOf(
      db,
      importId,
      open.map((l) => l.id),
    ),
    confirmedDonationsOf(db, lines),
    open.length > 0 ? waitingTransferGifts(db) : [],
  ]);
  return lines.map((l) => {
    const base = { id: l.id, line_number: l.lineNumber, posted_on: l.postedOn, description: l.description, reference: l.reference, amount: fromCents(l.creditCents) };
    if (l.matchState === 'confirmed') {
      const d = l.donationId != null ? confirmed.get(l.donationId) : undefined;
      return { ...base, state: 'confirmed' as const, confirmed_donation: d ?? null, candidates: [], short_transfer: null };
    }
    const shown = candidates.get(l.id) ?? [];
    const short = shortFirstTransfer(l, waiting);
    return {
      ...base,
      state: shown.length === 0 ? ('unmatched' as const) : (l.matchState as LineState),
      confirmed_donation: null,
      candidates: shown,
      short_transfer: short ? { reference: short.reference, monthly_amount: fromCents(short.amountCents) } : null,
    };
  });
}

/**
 * One import: the count of each section, and either the first page of every section (no `section`) or
 * page `page` of one section.
 */
export async function statementImport(db: Database, id: number, query: { section?: StatementSection; page?: number } = {}): Promise<StatementImport> {
  const found = await currentImport(db, id);
  const page = query.page ?? 1;
  const states = query.section == null ? STATEMENT_LINE_STATES : STATEMENT_LINE_STATES.filter((s) => s === query.section);
  const linePage = query.section == null ? 1 : page;
  const [counts, pages, deposits] = await Promise.all([
    lineCounts(db, id),
    Promise.all(states.map((state) => linesPage(db, id, state, linePage))),
    unmatchedDepositsPage(db, id, query.section === 'deposits' ? page : 1, STATEMENT_PAGE_SIZE),
  ]);
  return {
    id: found.id,
    bank: found.bank,
    file_name: found.fileName,
    created_at: found.createdAt.toISOString(),
    credit_lines: found.creditLines,
    skipped_lines: found.skippedLines,
    repeated_lines: found.repeatedLines,
    counts: { ...counts, unmatched_deposits: deposits.total },
    page_size: STATEMENT_PAGE_SIZE,
    lines: await answerLines(db, id, pages.flat()),
    unmatched_deposits: deposits.page.map(depositAnswer),
  };
}
