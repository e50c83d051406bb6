// A donation's history on its staff page: every audited step on it, in the words of the activity feed.
import { and, asc, eq } from 'drizzle-orm';
import type { RecentActivity } from '@donaciones/shared/schemas/admin';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { activityMessage } from './organisation-dashboard';

export async function donationHistory(db: Db, donationId: number): Promise<RecentActivity[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'donation'), eq(auditLog.entityId, String(donationId))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => ({ type: row.action, message: activityMessage(row), timestamp: row.createdAt.toISOString() }));
}
