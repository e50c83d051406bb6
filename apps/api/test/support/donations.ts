// The donation tests' check of the running totals against the ledger (rows come from support/factory.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

/** The totals per status and type by GROUP BY over the ledger, and as donation_totals keeps them. */
export async function ledgerVsTotals(db: Database) {
  type Row = { status: string; donation_type: string; n: number | string; c: number | string };
  const shape = (rows: Row[]) => rows.map((r) => [`${r.status}/${r.donation_type}`, Number(r.n), Number(r.c)] as [string, number, number]);
  const ledger = shape(
    rowsOf<Row>(
      await db.execute(
        sql`SELECT status, donation_type, count(*) AS n, coalesce(sum(amount_cents), 0) AS c FROM donations GROUP BY status, donation_type ORDER BY status, donation_type`,
      ),
    ),
  );
  const totals = shape(
    rowsOf<Row>(
      await db.execute(
        sql`SELECT status, donation_type, sum(count) AS n, sum(amount_cents) AS c FROM donation_totals GROUP BY status, donation_type HAVING sum(count) <> 0 ORDER BY status, donation_type`,
      ),
    ),
  );
  return { ledger, totals };
}
