// How fast the outbox sends and how long it keeps what it sent (docs/product.md#email): the settings
// entry `emailDelivery` (shared/schemas/email-delivery.ts), read with its defaults like every setting.
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_DELIVERY, type EmailDeliverySettings, emailDeliverySettingsSchema } from '@donaciones/shared/schemas/email-delivery';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { settings } from '../db/schema';

const KEY = 'emailDelivery';

export async function getEmailDelivery(db: Db): Promise<EmailDeliverySettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = emailDeliverySettingsSchema.safeParse({ ...DEFAULT_EMAIL_DELIVERY, ...(row?.value ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_EMAIL_DELIVERY;
}

export async function putEmailDelivery(db: Db, value: EmailDeliverySettings, userId?: number): Promise<EmailDeliverySettings> {
  const parsed = emailDeliverySettingsSchema.parse(value);
  await db
    .insert(settings)
    .values({ key: KEY, value: parsed, updatedBy: userId ?? null })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: sql`now()`, updatedBy: userId ?? null } });
  return parsed;
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
