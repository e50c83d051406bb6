// Expires donations left pending longer than `system.pending_expiry_days` (docs/product.md#the-donation-ledger).
// Safe with several processes: each batch locks its rows with FOR UPDATE SKIP LOCKED, so two runs
// never take the same donation, and a row held by a concurrent process/cancel is skipped (it will
// not be pending any more once that transition commits).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { audit } from '../platform/audit';
import { getSettings } from '../platform/settings';

const BATCH = 200;

/** Returns how many donations this run expired. */
export async function expireStaleDonations(db: Database, options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const { pending_expiry_days: days } = await getSettings(db, 'system');
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 86_400_000);
  const batchSize = options.batchSize ?? BATCH;
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        WITH stale AS (
          SELECT id FROM donations
          -- A gift the office entered (received_on) is held by the office, not an abandoned checkout:
          -- it waits for staff's decision, however long ago it arrived (docs/product.md#staff-gift-entry).
          WHERE status = 'pending' AND received_on IS NULL AND created_at < ${cutoff.toISOString()}::timestamptz
          ORDER BY created_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE donations d SET status = 'expired', updated_at = now()
        FROM stale WHERE d.id = stale.id AND d.status = 'pending'
        RETURNING d.id, d.reference_code, d.created_at`);
      const rows = rowsOf<{ id: number; reference_code: string; created_at: string | Date }>(result);
      for (const row of rows) {
        await audit(tx, {
          actor: null,
          action: 'donation.expire',
          entityType: 'donation',
          entityId: row.id,
          details: { from: 'pending', to: 'expired', reference: row.reference_code, pending_expiry_days: days },
        });
      }
      return rows.length;
    });
    expired += batch;
    if (batch < batchSize) return expired;
  }
}
