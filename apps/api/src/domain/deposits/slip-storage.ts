// The bound on slip storage (docs/product.md#bank-deposits): the slips of one donation and all slips
// together stay within the quotas of the settings entry `slipStorage`, staff are warned from 80% of
// the total, and the slips of donations that ended without money are deleted after the retention
// period (the donation and its history stay; an audit event records each deletion).
import { eq, sql } from 'drizzle-orm';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { SLIP_STORAGE_WARNING_PERCENT, type SlipStorageAnswer } from '@donaciones/shared/schemas/deposits';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { donationAttachments } from '../../db/schema';
import { ConflictError } from '../../errors';
import { audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';

const e = depositMessages.errors;
const MB = 1024 * 1024;
/** Donation statuses that end without money: their slips prove nothing any more. */
export const ENDED_WITHOUT_MONEY = ['expired', 'failed', 'cancelled'] as const;
const PURGE_BATCH = 100;

async function usedBytes(db: Db): Promise<number> {
  const [row] = await db.select({ used: sql<string>`coalesce(sum(${donationAttachments.sizeBytes}), 0)` }).from(donationAttachments);
  return Number(row.used);
}

/**
 * Refuses (409, in Spanish) a new slip of `size` bytes that would take the donation's slips past the
 * per-donation quota or all slips past the total one. Called inside the upload's transaction, with
 * the donation's row locked, so two uploads for one donation count each other.
 */
export async function assertSlipQuota(db: Db, donationId: number, size: number): Promise<void> {
  const quota = await getSettings(db, 'slipStorage');
  const [own] = await db
    .select({ used: sql<string>`coalesce(sum(${donationAttachments.sizeBytes}), 0)` })
    .from(donationAttachments)
    .where(eq(donationAttachments.donationId, donationId));
  if (Number(own.used) + size > quota.per_donation_mb * MB) throw new ConflictError(e.donationQuota(quota.per_donation_mb));
  if ((await usedBytes(db)) + size > quota.total_mb * MB) throw new ConflictError(e.storageFull);
}

/** What the slips take now against the total quota, with the warning from 80%. */
export async function slipStorageUsage(db: Db): Promise<SlipStorageAnswer> {
  const [settings, used] = await Promise.all([getSettings(db, 'slipStorage'), usedBytes(db)]);
  const quota = settings.total_mb * MB;
  const percent = Math.round((used / quota) * 1000) / 10;
  return { settings, used_bytes: used, quota_bytes: quota, used_percent: percent, warning: percent >= SLIP_STORAGE_WARNING_PERCENT };
}

/**
 * Deletes the slips of donations that ended without money (expired, failed, cancelled) and were last
 * changed more than `retention_days` ago. Safe with several processes: each batch locks its
 * donations with FOR UPDATE SKIP LOCKED. Returns how many slips were deleted.
 */
export async function purgeEndedSlips(db: Db, options: { now?: Date } = {}): Promise<number> {
  const { retention_days: days } = await getSettings(db, 'slipStorage');
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const ended = rowsOf<{ id: number; reference_code: string; status: string }>(
        await tx.execute(sql`
          SELECT d.id, d.reference_code, d.status FROM donations d
          WHERE d.status IN ('expired', 'failed', 'cancelled') AND d.updated_at < ${cutoff}::timestamptz
            AND EXISTS (SELECT 1 FROM donation_attachments a WHERE a.donation_id = d.id)
          ORDER BY d.id
          LIMIT ${PURGE_BATCH}
          FOR UPDATE OF d SKIP LOCKED`),
      );
      let deleted = 0;
      for (const donation of ended) {
        const gone = await tx
          .delete(donationAttachments)
          .where(eq(donationAttachments.donationId, donation.id))
          .returning({ id: donationAttachments.id, sha256: donationAttachments.sha256, size: donationAttachments.sizeBytes });
        deleted += gone.length;
        await audit(tx, {
          actor: null,
          action: 'donation.slips_purge',
          entityType: 'donation',
          entityId: donation.id,
          details: {
            reference: donation.reference_code,
            status: donation.status,
            retention_days: days,
            attachments: gone.map((a) => ({ attachment_id: a.id, sha256: a.sha256, size_bytes: a.size })),
          },
        });
      }
      return { donations: ended.length, deleted };
    });
    purged += batch.deleted;
    if (batch.donations < PURGE_BATCH) return purged;
  }
}
