// The monthly close (docs/product.md#the-register-and-the-close): the month's certified receipts
// against the money received, what does not tie, and the close itself (audited; afterwards
// assertOpenPeriod refuses edits dated up to the end of the month).
import { sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { accountingMessages } from '@donaciones/shared/messages/accounting';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accountingCloses } from '../../db/schema';
import { ConflictError, InvalidInputError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { bankPaymentIn } from '../deposits/bank-payments';
import { monthInstants, nextMonth } from './periods';

export type MismatchKind =
  | 'gift_without_receipt'
  | 'receipt_without_money'
  | 'deposit_without_statement'
  | 'transfer_without_statement'
  | 'deposit_pending'
  | 'transfer_pending'
  | 'office_gift_pending';

export interface Mismatch {
  kind: MismatchKind;
  donationId: number;
  reference: string;
  donor: string;
  date: string;
  amountCents: number;
  currency: string;
  receipt: string | null;
}

export interface CloseCheck {
  month: string;
  /**
   * Completed gifts dated in the month, in quetzal cents (as every figure). Gifts imported from the
   * charity's earlier records are left out here and in the mismatches: the earlier system receipted
   * them, and the product issues no receipt of its own for them (decision 0045).
   */
  receivedCents: number;
  receivedCount: number;
  /**
   * Receipts of the month's gifts (by the gift's date, as receivedCents, not the receipt's) that stand (not void)
   * and are certified (or issued where FEL is off).
   */
  certifiedCents: number;
  certifiedCount: number;
  /** The month's completed gifts imported from the earlier records, left out above: said apart on the close. */
  importedCents: number;
  importedCount: number;
  ties: boolean;
  mismatches: Mismatch[];
  closed: { at: string; by: number | null } | null;
}

const GTQ = (t: string) => `CASE WHEN ${t}.currency = 'GTQ' THEN ${t}.amount_cents ELSE coalesce(${t}.gtq_cents, 0) END`;
const STANDING = `r.voided_at IS NULL AND r.fel_status IN ('certified', 'not_required')`;

export function assertMonth(month: string): void {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new InvalidInputError(accountingMessages.invalidMonth, { month: accountingMessages.invalidMonth });
}

async function mismatchesOf(db: Db, s: string, e: string): Promise<Mismatch[]> {
  const result = await db.execute(sql`
    SELECT 'gift_without_receipt' AS kind, d.id, d.reference_code, d.donor_name, d.created_at AS at, d.amount_cents, d.currency, r.series, r.number
      FROM donations d LEFT JOIN receipts r ON r.donation_id = d.id
      WHERE d.status = 'completed' AND d.import_id IS NULL AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
        AND (r.id IS NULL OR NOT (${sql.raw(STANDING)}))
    UNION ALL
    SELECT 'receipt_without_money', d.id, d.reference_code, d.donor_name, d.created_at, r.amount_cents, r.currency, r.series, r.number
      FROM receipts r JOIN donations d ON d.id = r.donation_id
      WHERE r.voided_at IS NULL AND d.status <> 'completed' AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
    UNION ALL
    SELECT CASE d.payment_method WHEN 'bank_transfer' THEN 'transfer_without_statement' ELSE 'deposit_without_statement' END,
        d.id, d.reference_code, d.donor_name, d.created_at, d.amount_cents, d.currency, r.series, r.number
      FROM donations d LEFT JOIN receipts r ON r.donation_id = d.id
      WHERE d.status = 'completed' AND ${bankPaymentIn('d')} AND d.import_id IS NULL
        AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.donation_id = d.id AND l.match_state = 'confirmed')
    UNION ALL
    -- A bank payment of the month still waiting for staff to verify it: approved after the close, it would add to the
    -- closed month's money (a gift counts by its date), so staff see it before closing.
    SELECT CASE d.payment_method WHEN 'bank_transfer' THEN 'transfer_pending' ELSE 'deposit_pending' END,
        d.id, d.reference_code, d.donor_name, d.created_at, d.amount_cents, d.currency, NULL::text, NULL::integer
      FROM donations d
      WHERE d.status = 'pending' AND ${bankPaymentIn('d')} AND d.import_id IS NULL
        AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
    UNION ALL
    -- Any other gift the office entered (received_on: cash, cheque, in kind) without "Ya se recibió", still waiting for
    -- staff to approve it: the same, approved after the close it adds to the closed month's money.
    SELECT 'office_gift_pending', d.id, d.reference_code, d.donor_name, d.created_at, d.amount_cents, d.currency, NULL::text, NULL::integer
      FROM donations d
      WHERE d.status = 'pending' AND d.received_on IS NOT NULL AND NOT coalesce(${bankPaymentIn('d')}, false) AND d.import_id IS NULL
        AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
    ORDER BY 1, 5, 2`);
  return rowsOf<{
    kind: MismatchKind; id: number; reference_code: string; donor_name: string; at: string | Date;
    amount_cents: string | number; currency: string; series: string | null; number: number | null;
  }>(result).map((r) => ({
    kind: r.kind,
    donationId: Number(r.id),
    reference: r.reference_code,
    donor: r.donor_name,
    date: guatemalaDay(new Date(r.at)),
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    receipt: r.number === null ? null : `${r.series}-${r.number}`,
  }));
}

/** The month's check: money received, certified receipts, and each item that does not tie. */
export async function checkMonth(db: Db, month: string): Promise<CloseCheck> {
  assertMonth(month);
  const { start, end } = monthInstants(month);
  const [s, e] = [start.toISOString(), end.toISOString()];
  const [received] = rowsOf<{ n: number; cents: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(${sql.raw(GTQ('d'))}), 0)::bigint AS cents FROM donations d
      WHERE d.status = 'completed' AND d.import_id IS NULL AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz`),
  );
  // The receipts of the month's gifts, whatever day each receipt carries: a gift made on the 30th and paid on
  // the 1st is dated by its completion on the receipt, but counts in the month it was made, as the register does.
  const [certified] = rowsOf<{ n: number; cents: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(${sql.raw(GTQ('r'))}), 0)::bigint AS cents FROM receipts r JOIN donations d ON d.id = r.donation_id
      WHERE ${sql.raw(STANDING)} AND d.import_id IS NULL AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz`),
  );
  // Gifts imported from the earlier records were receipted there (decision 0045): counted apart, so the
  // close says why its money is less than the register's and the reports'.
  const [imported] = rowsOf<{ n: number; cents: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(${sql.raw(GTQ('d'))}), 0)::bigint AS cents FROM donations d
      WHERE d.status = 'completed' AND d.import_id IS NOT NULL AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz`),
  );
  const mismatches = await mismatchesOf(db, s, e);
  const [closedRow] = rowsOf<{ closed_at: string | Date; closed_by: number | null }>(
    await db.execute(sql`SELECT closed_at, closed_by FROM accounting_closes WHERE month = ${month}`),
  );
  const receivedCents = Number(received?.cents ?? 0);
  const certifiedCents = Number(certified?.cents ?? 0);
  return {
    month,
    receivedCents,
    receivedCount: Number(received?.n ?? 0),
    certifiedCents,
    certifiedCount: Number(certified?.n ?? 0),
    importedCents: Number(imported?.cents ?? 0),
    importedCount: Number(imported?.n ?? 0),
    ties: receivedCents === certifiedCents && mismatches.length === 0,
    mismatches,
    closed: closedRow ? { at: new Date(closedRow.closed_at).toISOString(), by: closedRow.closed_by } : null,
  };
}

/**
 * Closes a month that has ended: records it with the check as it stood, audited. A month that does
 * not tie may still be closed (staff decide; the audit keeps the mismatches it was closed with).
 */
export async function closeMonth(db: Db, month: string, actor: Actor, now: Date = new Date()): Promise<CloseCheck> {
  assertMonth(month);
  if (guatemalaDay(now) < `${nextMonth(month)}-01`) throw new ConflictError(accountingMessages.monthNotOver(month));
  const check = await checkMonth(db, month);
  if (check.closed) throw new ConflictError(accountingMessages.alreadyClosed(month));
  const summary = {
    received_cents: check.receivedCents,
    certified_cents: check.certifiedCents,
    ties: check.ties,
    mismatches: check.mismatches.length,
  };
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(accountingCloses).values({ month, closedBy: actor.id, summary }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new ConflictError(accountingMessages.alreadyClosed(month));
    await audit(tx, { actor, action: 'accounting.month_closed', entityType: 'accounting_close', entityId: month, details: summary });
  });
  return checkMonth(db, month);
}
