// The audit log: who did what to which record, and when.
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface Actor {
  id: number;
  email: string;
}

export async function audit(
  db: Db,
  entry: { actor: Actor | null; action: string; entityType: string; entityId?: string | number | null; details?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
