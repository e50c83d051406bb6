// Reports by designation (docs/product.md#designation): the counted donations of a period grouped by
// the programme they were designated to, "Donde más se necesite" for none. The same rows and the same
// definition as the report's total (ledger/figures.ts), so the groups add up to it: both add up the
// daily rollup (donation_daily, kept per programme), the period's days rather than its gifts.
import { sql } from 'drizzle-orm';
import type { DayRange } from '@donaciones/shared/figures';
import { fromCents } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Completed donations made on the Guatemala days of `range`, by programme, largest amount first. */
export async function programTotals(db: Db, range: DayRange): Promise<Analytics['by_program']> {
  // Grouped first: the programme's own columns (created_at, name) never mix with the donation's.
  const rows = rowsOf<{ program_id: number | null; name: string | null; n: number; cents: number | string }>(
    await db.execute(sql`
      SELECT t.program_id, p.name, t.n, t.cents
      FROM (
        SELECT nullif(program_id, 0) AS program_id, sum(counted_count)::int AS n, sum(counted_cents)::bigint AS cents
        FROM donation_daily
        WHERE day >= ${range.start}::date AND day < ${range.end}::date
        GROUP BY program_id HAVING sum(counted_count) <> 0
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
