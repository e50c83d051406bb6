// What an ADMIN sees and does about staff sign-in (docs/product.md#accounts-and-sessions): each staff
// member's last sign-in, second step and open sessions; ending a member's sessions; resetting a
// member's second step (recovery when the app and the codes are lost). Both are audited.
import { asc, eq, sql } from 'drizzle-orm';
import { NON_STAFF_ROLES } from '@donaciones/shared/roles';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import type { StaffSecurityRow } from '@donaciones/shared/schemas/two-step';
import type { Database, Db } from '../../db/client';
import { passkeys, recoveryCodes, totpSecrets, users } from '../../db/schema';
import { InvalidInputError, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { twoStepEmailMessages as e } from '../../messages/two-step-email';
import { endOtherSessions } from './sign-in';

const nonStaff = sql.raw(`ARRAY[${NON_STAFF_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`);

export async function listStaffSecurity(db: Db): Promise<StaffSecurityRow[]> {
  // Column names written out in full: inside a select's sql, drizzle would drop the table names.
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      lastLoginAt: users.lastLoginAt,
      totp: sql<boolean>`EXISTS (SELECT 1 FROM totp_secrets t WHERE t.user_id = "users"."id" AND t.confirmed_at IS NOT NULL)`,
      passkeys: sql<number>`(SELECT count(*)::int FROM passkeys p WHERE p.user_id = "users"."id")`,
      openSessions: sql<number>`(SELECT count(*)::int FROM sessions s WHERE s.user_id = "users"."id" AND s.revoked_at IS NULL AND s.expires_at > now())`,
    })
    .from(users)
    .where(sql`NOT (${users.roles} <@ ${nonStaff})`)
    .orderBy(asc(users.email));
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    roles: r.roles,
    last_login_at: r.lastLoginAt?.toISOString() ?? null,
    totp_enabled: Boolean(r.totp),
    passkeys: Number(r.passkeys),
    open_sessions: Number(r.openSessions),
  }));
}

async function target(db: Db, userId: number) {
  const [user] = await db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(m.userNotFound);
  return user;
}

/** Ends every open session of an account (the ADMIN's own current session stays when it is theirs). */
export async function endSessionsOf(db: Db, input: { userId: number; actor: Actor & { sessionId?: string }; ip?: string | null }): Promise<number> {
  const user = await target(db, input.userId);
  const keep = input.actor.id === user.id ? (input.actor.sessionId ?? null) : null;
  const ended = await endOtherSessions(db, user.id, keep, 'ended_by_admin');
  await audit(db, { actor: { id: input.actor.id, email: input.actor.email }, action: 'user.sessions_ended', entityType: 'user', entityId: user.id, details: { sessions_revoked: ended }, ip: input.ip });
  return ended;
}

/**
 * Resets a member's second step: removes the authenticator app, recovery codes and passkeys, ends the
 * sessions and emails the person. An ADMIN cannot reset their own (another ADMIN must).
 */
export async function resetSecondStep(db: Database, input: { userId: number; actor: Actor; ip?: string | null; publicUrl: string }): Promise<void> {
  const user = await target(db, input.userId);
  if (user.id === input.actor.id) throw new InvalidInputError(m.ownResetRefused);
  const org = await getSettings(db, 'organization');
  await db.transaction(async (tx) => {
    const hadTotp = (await tx.delete(totpSecrets).where(eq(totpSecrets.userId, user.id)).returning({ id: totpSecrets.userId })).length > 0;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    const removedKeys = (await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ id: passkeys.id })).length;
    const ended = await endOtherSessions(tx, user.id, null, 'second_step_reset');
    await enqueueEmail(tx, {
      to: user.email,
      subject: e.twoStepResetSubject(org.name),
      text: e.twoStepResetText(user.firstName, org.name, `${input.publicUrl}/login`),
      template: 'second-step-reset',
    });
    await audit(tx, {
      actor: input.actor,
      action: 'user.second_step_reset',
      entityType: 'user',
      entityId: user.id,
      details: { totp_removed: hadTotp, passkeys_removed: removedKeys, sessions_revoked: ended },
      ip: input.ip,
    });
  });
}

