// How fast the outbox sends and how long it keeps what it sent (docs/product.md#email): the settings
// entry `emailDelivery` (shared/schemas/email-delivery.ts), read with its defaults like every setting.
import { sql } from 'drizzle-orm';
import type { EmailDeliverySettings } from '@donaciones/shared/schemas/email-delivery';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { getSettings, putSettings } from './settings';

export function getEmailDelivery(db: Db): Promise<EmailDeliverySettings> {
  return getSettings(db, 'emailDelivery');
}

export function putEmailDelivery(db: Db, value: EmailDeliverySettings, userId?: number): Promise<EmailDeliverySettings> {
  return putSettings(db, 'emailDelivery', value, userId);
}

/** Sends per tick of the outbox job (every 2 s): a thirtieth of the minute's rate, at least one. */
export function batchOfRate(perMinute: number): number {
  return Math.max(1, Math.ceil(perMinute / 30));
}

/**
 * How many more emails may be claimed now: the rate less the attempts claimed in the last minute by
 * every process (read by the index on claimed_at). Call it in the claiming transaction after
 * lockOutboxRate, so two processes never both spend the same room.
 */
export async function roomInRate(db: Db, perMinute: number): Promise<number> {
  const [row] = rowsOf<{ recent: number }>(
    await db.execute(sql`SELECT count(*)::int AS recent FROM email_outbox WHERE claimed_at > now() - interval '1 minute'`),
  );
  return Math.max(0, perMinute - Number(row?.recent ?? 0));
}

/** Serialises the outbox's claims among processes until the transaction ends. */
export async function lockOutboxRate(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('email_outbox.rate'))`);
}

/** Rows deleted per statement when pruning, so no statement holds many locks or runs long. */
export const PRUNE_BATCH = 5_000;

/**
 * Deletes sent emails older than the retention (`sent_retention_days`), a batch at a time, by the
 * partial index on sent_at; pending and failed emails are kept. Returns how many were deleted.
 */
export async function pruneSentEmails(db: Db, now = new Date()): Promise<number> {
  const { sent_retention_days: days } = await getEmailDelivery(db);
  const before = new Date(now.getTime() - days * 86_400_000);
  let pruned = 0;
  for (;;) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        DELETE FROM email_outbox WHERE id IN (
          SELECT id FROM email_outbox WHERE status = 'sent' AND sent_at < ${before.toISOString()}::timestamptz LIMIT ${PRUNE_BATCH}
        ) RETURNING id`),
    );
    pruned += rows.length;
    if (rows.length < PRUNE_BATCH) return pruned;
  }
}
