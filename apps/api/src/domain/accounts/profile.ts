// The signed-in account's own profile, preferences and password (docs/product.md#accounts-and-sessions,
// #validation-rules, #donor-privacy, #email).
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { emailMessages } from '../../messages/email';
import type {
  Preferences,
  Profile,
  changePasswordSchema,
  updatePreferencesSchema,
  updateProfileSchema,
} from '@donaciones/shared/schemas/profile';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { authTokens, sessions, userPreferences, users } from '../../db/schema';
import { fieldError, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { linkedDonorConsent, recordConsentFromProfile } from '../donors/account-consent';
import { AUTH_LIMITS, PASSWORD_LINK_PURPOSES, type Throttle } from './auth';
import { enqueueEmail } from '../../platform/email-outbox';
import { hashPassword, verifyPassword } from './passwords';
import { getSettings } from '../../platform/settings';

type UpdateProfile = z.output<typeof updateProfileSchema>;
type UpdatePreferences = z.output<typeof updatePreferencesSchema>;
type ChangePassword = z.output<typeof changePasswordSchema>;

const profileColumns = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  address: users.address,
  nit: users.nit,
};

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function updateProfile(db: Database, input: { userId: number; data: UpdateProfile; ip?: string | null }): Promise<Profile> {
  const { data } = input;
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).for('update').limit(1);
    if (!current) throw notFound();
    if (data.email !== undefined && data.email.toLowerCase() !== current.email) {
      const { contact_email } = await getSettings(tx, 'system');
      throw fieldError('email', validationMessages.emailReadOnly(contact_email.trim() || null));
    }
    const [row] = await tx
      .update(users)
      .set({
        firstName: data.first_name,
        lastName: data.last_name,
        phone: data.phone,
        address: data.address,
        ...(data.nit !== undefined ? { nit: data.nit } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, input.userId))
      .returning(profileColumns);
    await audit(tx, {
      actor: { id: input.userId, email: current.email },
      action: 'user.profile_updated',
      entityType: 'user',
      entityId: input.userId,
      details: { fields: ['first_name', 'last_name', 'phone', 'address', ...(data.nit !== undefined ? ['nit'] : [])] },
      ip: input.ip,
    });
    return row;
  });
}

type PreferencesRow = typeof userPreferences.$inferSelect;

/** `contact` is the consent to email of the donor record linked to the account, else the account's own choice. */
function toPreferences(row: PreferencesRow, contact: boolean | null): Preferences {
  return {
    favorite_cause: row.favoriteCause,
    communication_preferences: {
      email_notifications: row.emailNotifications,
    },
    privacy_settings: {
      show_donations_publicly: row.showDonationsPublicly,
      allow_contact: contact ?? row.allowContact,
    },
  };
}

/** The account's preferences; an account without a row gets (and keeps) the defaults. */
export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  await db.insert(userPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  if (!row) throw notFound();
  return toPreferences(row, await linkedDonorConsent(db, userId));
}

/**
 * Saves what was sent; every part left out keeps its stored value. A change of allow_contact from what
 * the switch showed is dated now, on the account and on its donor record's consent (decision 0081).
 */
export async function updatePreferences(db: Database, input: { actor: Actor; data: UpdatePreferences; ip?: string | null }): Promise<Preferences> {
  const { data, actor } = input;
  const comm = data.communication_preferences ?? {};
  const privacy = data.privacy_settings ?? {};
  return db.transaction(async (tx) => {
    const shown = privacy.allow_contact === undefined ? undefined : (await getPreferences(tx, actor.id)).privacy_settings.allow_contact;
    const contactChanged = privacy.allow_contact !== undefined && privacy.allow_contact !== shown;
    const now = new Date();
    const set: Partial<typeof userPreferences.$inferInsert> = {
      ...(data.favorite_cause !== undefined ? { favoriteCause: data.favorite_cause } : {}),
      ...(comm.email_notifications !== undefined ? { emailNotifications: comm.email_notifications } : {}),
      ...(privacy.show_donations_publicly !== undefined ? { showDonationsPublicly: privacy.show_donations_publicly } : {}),
      ...(contactChanged ? { allowContact: privacy.allow_contact, allowContactAt: now } : {}),
    };
    const [row] = await tx
      .insert(userPreferences)
      .values({ userId: actor.id, ...set })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { ...set, updatedAt: sql`now()` } })
      .returning();
    if (contactChanged) await recordConsentFromProfile(tx, { actor, allow: row.allowContact, at: now, ip: input.ip });
    return toPreferences(row, await linkedDonorConsent(tx, actor.id));
  });
}

/**
 * Checks the current password, stores the new hash, and signs out every other session of the
 * account (the one making the change stays signed in). Unused password-reset links stop working.
 * Wrong current passwords are throttled per account (429 with Retry-After past the ceiling).
 */
export async function changePassword(
  db: Database,
  input: { userId: number; sessionId: string; data: ChangePassword; ip?: string | null },
  throttle: Throttle,
): Promise<{ revokedSessions: number }> {
  const failures = [AUTH_LIMITS.passwordChangeFailuresPerAccount, String(input.userId)] as const;
  await throttle.hit([...failures]);
  const result = await storeNewPassword(db, input);
  await throttle.refund(...failures);
  return result;
}

async function storeNewPassword(
  db: Database,
  input: { userId: number; sessionId: string; data: ChangePassword; ip?: string | null },
): Promise<{ revokedSessions: number }> {
  const [account] = await db
    .select({ email: users.email, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!account) throw notFound();
  if (!(await verifyPassword(account.passwordHash, input.data.current_password))) {
    throw fieldError('current_password', authMessages.currentPasswordWrong);
  }
  const newHash = await hashPassword(input.data.new_password);
  const organization = await getSettings(db, 'organization');

  return db.transaction(async (tx) => {
    // The hash is checked again under the row lock: a concurrent change must not be overwritten silently.
    const [locked] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId)).for('update').limit(1);
    if (!locked || locked.passwordHash !== account.passwordHash) throw fieldError('current_password', authMessages.currentPasswordWrong);
    await tx.update(users).set({ passwordHash: newHash, updatedAt: sql`now()` }).where(eq(users.id, input.userId));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authTokens.userId, input.userId), inArray(authTokens.purpose, [...PASSWORD_LINK_PURPOSES]), isNull(authTokens.usedAt)));
    await audit(tx, {
      actor: { id: input.userId, email: account.email },
      action: 'user.password_changed',
      entityType: 'user',
      entityId: input.userId,
      details: { revoked_sessions: revoked.length },
      ip: input.ip,
    });
    await enqueueEmail(tx, {
      to: account.email,
      subject: emailMessages.member.passwordChangedSubject,
      text: emailMessages.member.passwordChangedText(account.firstName || account.email, organization.name),
      template: 'password-changed',
    });
    return { revokedSessions: revoked.length };
  });
}
