// Account management by staff (docs/product.md#screens-and-routes, #validation-rules, #accounts-and-sessions): list, create with an
// emailed set-password link, edit, delete, with the last active ADMIN always protected.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { normalizeRoles, rolesFromChoice, rolesWithMain } from '@donaciones/shared/roles';
import { emailMessages } from '../../messages/email';
import type { AdminUser, AdminUserList, AdminUserValues, UserStatus } from '@donaciones/shared/schemas/admin';
import type { Database, Db } from '../../db/client';
import { authTokens, userPreferences, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { hashPassword } from './passwords';
import { isUniqueViolation } from '../../platform/reference-codes';
import { hashToken, newOpaqueToken, revokeAllSessions } from './sessions';
import { getSettings } from '../../platform/settings';

const m = adminMessages.api;

/** How long the set-password link of a newly created account stays valid. */
export const SET_PASSWORD_TTL_HOURS = 72;

type UserRow = typeof users.$inferSelect;

/** An account's name as staff screens show who did something ("Ana López"); NULL when it has none (then show its email). */
export const accountNameSql = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/**
 * inactive: switched off by an admin; pending: has neither confirmed the email nor ever signed in
 * (e.g. created by an admin and still to choose a password); active otherwise.
 */
export function userStatus(row: Pick<UserRow, 'isActive' | 'emailVerifiedAt' | 'lastLoginAt'>): UserStatus {
  if (!row.isActive) return 'inactive';
  return row.emailVerifiedAt || row.lastLoginAt ? 'active' : 'pending';
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    roles: normalizeRoles(row.roles),
    is_active: row.isActive,
    status: userStatus(row),
    email_verified: row.emailVerifiedAt != null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

/** Escapes LIKE wildcards so that a search for "50%" finds the text "50%". */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(db: Db, input: { q?: string; limit: number; offset: number }): Promise<AdminUserList> {
  const q = input.q?.trim();
  const where = q
    ? or(
        ilike(users.email, likePattern(q)),
        ilike(users.firstName, likePattern(q)),
        ilike(users.lastName, likePattern(q)),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(q)),
      )
    : undefined;
  const [rows, [{ n: total }], [{ n: totalUsers }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(input.limit).offset(input.offset),
    db.select({ n: count() }).from(users).where(where),
    db.select({ n: count() }).from(users),
  ]);
  return { users: rows.map(toAdminUser), total, total_users: totalUsers, limit: input.limit, offset: input.offset };
}

/** Active admins, locked so that two concurrent demotions cannot both pass the last-admin check. */
async function lockActiveAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'ADMIN' = ANY(${users.roles})`, eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function createUser(
  db: Database,
  input: { values: AdminUserValues; actor: Actor; ip?: string | null; publicUrl: string },
): Promise<AdminUser> {
  const { values } = input;
  try {
    return await db.transaction(async (tx) => {
      // Nobody knows this password: the new user chooses theirs through the emailed link.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const [row] = await tx
        .insert(users)
        .values({
          email: values.email,
          passwordHash: unusable,
          firstName: values.first_name,
          lastName: values.last_name,
          roles: values.also_roles ? rolesFromChoice(values.role, values.also_roles) : rolesWithMain(values.role),
          isActive: values.is_active,
        })
        .returning();
      await tx.insert(userPreferences).values({ userId: row.id }).onConflictDoNothing();

      const token = newOpaqueToken();
      // An invitation: the page it opens reads "Crea tu contraseña", and setting it confirms the address.
      await tx.insert(authTokens).values({
        userId: row.id,
        purpose: 'invitation',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_HOURS * 3_600_000),
      });
      const org = await getSettings(tx, 'organization');
      const link = `${input.publicUrl}/reset-password?token=${token}`;
      await enqueueEmail(tx, {
        to: row.email,
        subject: emailMessages.admin.welcomeSubject(org.name),
        text: emailMessages.admin.welcomeText(row.firstName, org.name, link, SET_PASSWORD_TTL_HOURS),
        template: 'admin-created-account',
      });
      await audit(tx, {
        actor: input.actor,
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        details: { email: row.email, roles: row.roles, is_active: row.isActive },
        ip: input.ip,
      });
      return toAdminUser(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict(m.emailTaken);
    throw err;
  }
}

export async function updateUser(
  db: Database,
  input: { id: number; values: AdminUserValues; actor: Actor; ip?: string | null },
): Promise<AdminUser> {
  const { values } = input;
  try {
    return await db.transaction(async (tx) => {
      const admins = await lockActiveAdmins(tx);
      const [current] = await tx.select().from(users).where(eq(users.id, input.id)).for('update').limit(1);
      if (!current) throw notFound(m.userNotFound);

      const roles = values.also_roles ? rolesFromChoice(values.role, values.also_roles, current.roles) : rolesWithMain(values.role, current.roles);
      const isLastAdmin = admins.length === 1 && admins[0] === current.id;
      if (isLastAdmin && !values.is_active) throw conflict(m.lastAdminDeactivate);
      if (isLastAdmin && !roles.includes('ADMIN')) throw conflict(m.lastAdminDemote);

      const [row] = await tx
        .update(users)
        .set({
          email: values.email,
          firstName: values.first_name,
          lastName: values.last_name,
          roles,
          isActive: values.is_active,
          // A changed address has not been proven by its owner yet.
          ...(values.email !== current.email ? { emailVerifiedAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, input.id))
        .returning();

      if (values.email !== current.email) {
        // The links emailed to the former address (invitation, reset, confirmation) must not set the password
        // of, or confirm, the new one.
        await tx.update(authTokens).set({ usedAt: sql`now()` }).where(and(eq(authTokens.userId, input.id), isNull(authTokens.usedAt)));
      }
      if (current.isActive && !values.is_active) {
        // Deactivation signs the person out everywhere at once.
        await revokeAllSessions(tx, input.id, 'deactivated');
      } else if (input.id !== input.actor.id && JSON.stringify(current.roles) !== JSON.stringify(row.roles)) {
        // New roles are taken up at the next sign-in: the person's open sessions end.
        await revokeAllSessions(tx, input.id, 'roles_changed');
      }

      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const compare = (key: string, from: unknown, to: unknown) => {
        if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
      };
      compare('email', current.email, row.email);
      compare('first_name', current.firstName, row.firstName);
      compare('last_name', current.lastName, row.lastName);
      compare('roles', current.roles, row.roles);
      compare('is_active', current.isActive, row.isActive);
      await audit(tx, { actor: input.actor, action: 'user.update', entityType: 'user', entityId: row.id, details: { email: row.email, changes }, ip: input.ip });
      return toAdminUser(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict(m.emailTaken);
    throw err;
  }
}

/** Deletes an account: its sessions and tokens go with it (FK cascade); its donations stay, unlinked. */
export async function deleteUser(db: Database, input: { id: number; actor: Actor; ip?: string | null }): Promise<void> {
  if (input.id === input.actor.id) throw badRequest(m.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const [current] = await tx.select().from(users).where(eq(users.id, input.id)).for('update').limit(1);
    if (!current) throw notFound(m.userNotFound);
    if (admins.length === 1 && admins[0] === current.id) throw conflict(m.lastAdminDelete);
    await tx.delete(users).where(eq(users.id, input.id));
    await audit(tx, {
      actor: input.actor,
      action: 'user.delete',
      entityType: 'user',
      entityId: current.id,
      details: { email: current.email, roles: current.roles },
      ip: input.ip,
    });
  });
}
