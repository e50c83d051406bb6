// Reports by designation (docs/product.md#designation): the counted donations of a period grouped by
// the programme they were designated to, "Donde más se necesite" for none. The same rows and the same
// definition as the report's total (ledger/figures.ts), so the groups add up to it.
import { sql } from 'drizzle-orm';
import { fromCents } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { COUNTED, QUETZAL_CENTS } from '../ledger/figures';

/** Completed donations made in [startAt, endAt), by programme, largest amount first. */
export async function programTotals(db: Db, range: { startAt: string; endAt: string }): Promise<Analytics['by_program']> {
  // Grouped in the ledger first: the programme's own columns (created_at, name) never mix with the donation's.
  const rows = rowsOf<{ program_id: number | null; name: string | null; n: number; cents: number | string }>(
    await db.execute(sql`
      SELECT t.program_id, p.name, t.n, t.cents
      FROM (
        SELECT program_id, count(*)::int AS n, coalesce(sum(${QUETZAL_CENTS}), 0)::bigint AS cents
        FROM donations
        WHERE ${COUNTED} AND created_at >= ${range.startAt}::timestamptz AND created_at < ${range.endAt}::timestamptz
        GROUP BY program_id
      ) t LEFT JOIN programs p ON p.id = t.program_id
      ORDER BY t.cents DESC, t.n DESC, p.name NULLS LAST`),
  );
  return rows.map((row) => ({
    program_id: row.program_id,
    name: row.name ?? designationMessages.whereMostNeeded,
    donations: row.n,
    amount: fromCents(Number(row.cents)),
  }));
}
