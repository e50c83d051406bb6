// Who must sign in with a second step (docs/product.md#accounts-and-sessions): staff when the setting
// "segundo paso obligatorio para el personal" is on (its default is on in production, off in the
// offline demo), and in production always ADMIN and FINANCE, whatever the setting says.
import { eq, sql } from 'drizzle-orm';
import { isStaff } from '@donaciones/shared/roles';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit, type Actor } from '../../platform/audit';

const KEY = 'security';
const LOCKED_ROLES = ['ADMIN', 'FINANCE'] as const;

export type Environment = 'development' | 'production' | 'test';

export interface SecurityPolicy {
  staff_second_step_required: boolean;
  always_required_for: string[];
}

export async function getSecurityPolicy(db: Db, env: Environment): Promise<SecurityPolicy> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
  const saved = (row?.value as { staff_second_step_required?: unknown } | undefined)?.staff_second_step_required;
  return {
    staff_second_step_required: typeof saved === 'boolean' ? saved : env === 'production',
    always_required_for: env === 'production' ? [...LOCKED_ROLES] : [],
  };
}

/** Saves the setting. In production it cannot be turned off for ADMIN and FINANCE: those stay required. */
export async function saveSecurityPolicy(
  db: Db,
  input: { required: boolean; env: Environment; actor: Actor; ip?: string | null },
): Promise<SecurityPolicy> {
  const value = { staff_second_step_required: input.required };
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedBy: input.actor.id })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()`, updatedBy: input.actor.id } });
  await audit(db, { actor: input.actor, action: 'settings.security_updated', entityType: 'settings', entityId: KEY, details: value, ip: input.ip });
  return getSecurityPolicy(db, input.env);
}

/** Whether an account with these roles must use a second step. Donors and plain accounts never must. */
export function secondStepRequired(roles: readonly string[], policy: SecurityPolicy): boolean {
  if (!isStaff(roles)) return false;
  if (policy.staff_second_step_required) return true;
  return roles.some((r) => policy.always_required_for.includes(r));
}

