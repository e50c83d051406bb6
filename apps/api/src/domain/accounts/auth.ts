// Accounts (docs/product.md#accounts-and-sessions): registration, sign-in, password recovery and email verification, with
// throttles per IP and per account kept in the shared counters, so every API process sees the same.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { emailMessages } from '../../messages/email';
import type { Role } from '@donaciones/shared/constants';
import type { Database, Db } from '../../db/client';
import { authTokens, userPreferences, users } from '../../db/schema';
import { InvalidInputError, unauthorized } from '../../errors';
import { AUTH_LIMITS, type Throttle } from './throttle';

export { AUTH_LIMITS, counterThrottle, type LimitRule, type Throttle } from './throttle';
import { audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { confirmEmailOwnership } from './email-ownership';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashToken, newOpaqueToken, revokeAllSessions } from './sessions';
import { type LoginOutcome, type SignInContext, afterPassword } from './sign-in';
import { enterSignIn } from './sign-in-gate';
import { getSettings } from '../../platform/settings';

const MINUTE = 60_000;

export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_HOURS = 72;

interface LinkContext {
  publicUrl: string;
  ip?: string | null;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

async function issueAuthToken(db: Db, userId: number, purpose: 'reset_password' | 'verify_email', ttlMs: number): Promise<string> {
  // A new link replaces the older ones of the same purpose.
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  const token = newOpaqueToken();
  await db.insert(authTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

async function queueVerificationEmail(db: Db, user: { email: string; firstName: string }, publicUrl: string, welcome: boolean, userId: number) {
  const token = await issueAuthToken(db, userId, 'verify_email', VERIFY_TOKEN_TTL_HOURS * 60 * MINUTE);
  const org = await getSettings(db, 'organization');
  const link = `${publicUrl}/verify-email?token=${token}`;
  const e = emailMessages.auth;
  await enqueueEmail(db, {
    to: user.email,
    subject: welcome ? e.welcomeSubject(org.name) : e.verifySubject(org.name),
    text: welcome ? e.welcomeText(user.firstName, org.name, link, VERIFY_TOKEN_TTL_HOURS) : e.verifyText(user.firstName, org.name, link, VERIFY_TOKEN_TTL_HOURS),
    template: welcome ? 'welcome' : 'verify-email',
  });
}

/**
 * Tells the owner of an existing account that someone tried to register their address, with the ways in
 * (sign in, or a new password). Not to a deactivated account, which neither way opens.
 */
async function queueRegisterAttemptEmail(db: Db, user: { email: string; firstName: string; isActive: boolean }, publicUrl: string) {
  if (!user.isActive) return;
  const org = await getSettings(db, 'organization');
  await enqueueEmail(db, {
    to: user.email,
    subject: emailMessages.auth.registerAttemptSubject(org.name),
    text: emailMessages.auth.registerAttemptText(user.firstName || user.email, org.name, `${publicUrl}/login`, `${publicUrl}/forgot-password`),
    template: 'register-existing-account',
  });
}

/**
 * Creates a USER account with its preferences and queues the welcome email, all in one transaction. An
 * address that already has an account answers the same (no account enumeration, decision 0066): its
 * owner is emailed instead, and nothing else changes.
 */
export async function registerAccount(
  db: Database,
  input: { name: string; email: string; password: string } & LinkContext,
  throttle: Throttle,
): Promise<void> {
  await throttle.hit([AUTH_LIMITS.registerPerIp, input.ip ?? 'unknown'], [AUTH_LIMITS.registerPerEmail, input.email]);
  // Hashed in both cases, so that the time of the answer does not tell them apart either.
  const passwordHash = await hashPassword(input.password);
  const { firstName, lastName } = splitName(input.name);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, firstName, lastName, roles: ['USER'] satisfies Role[] })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) {
      const [owner] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (!owner) return;
      await queueRegisterAttemptEmail(tx, owner, input.publicUrl);
      await audit(tx, { actor: null, action: 'auth.register_existing', entityType: 'user', entityId: owner.id, ip: input.ip });
      return;
    }
    await tx.insert(userPreferences).values({ userId: user.id });
    await queueVerificationEmail(tx, { email: input.email, firstName }, input.publicUrl, true, user.id);
    await audit(tx, { actor: { id: user.id, email: input.email }, action: 'user.registered', entityType: 'user', entityId: user.id, ip: input.ip });
  });
}

/**
 * Checks the credentials and opens a session. Unknown email, wrong password and inactive account all
 * answer the same 401, after the same argon2 work (a dummy hash stands in for a missing account).
 */
export async function login(
  db: Database,
  input: { email: string; password: string } & SignInContext,
  throttle: Throttle,
): Promise<LoginOutcome> {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, isActive: users.isActive, roles: users.roles })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  // Counted up front (and given back on success), so parallel guesses cannot overrun the ceilings.
  const gate = await enterSignIn(db, throttle, { email: input.email, account: user ?? null, client: input, scope: 'password' });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || !user.isActive) {
    if (user) {
      await audit(db, {
        actor: null,
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: user.id,
        details: { reason: valid ? 'inactive' : 'password' },
        ip: input.ip,
      });
    }
    throw unauthorized(authMessages.invalidCredentials);
  }
  await gate.passed();
  await throttle.hit([AUTH_LIMITS.loginSuccessesPerAccount, input.email]);
  // With a second step the password only opens the next step (a code, a passkey, or enrolling one).
  return afterPassword(db, user, input);
}

export async function getMe(db: Db, userId: number) {
  const [user] = await db
    .select({ id: users.id, email: users.email, roles: users.roles, firstName: users.firstName, lastName: users.lastName, emailVerifiedAt: users.emailVerifiedAt, nit: users.nit })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  return {
    id: user.id,
    email: user.email,
    roles: user.roles as Role[],
    first_name: user.firstName,
    last_name: user.lastName,
    email_verified: user.emailVerifiedAt !== null,
    nit: user.nit,
  };
}

/** Always resolves the same way, whether the account exists or not (no account enumeration). */
export async function requestPasswordReset(db: Database, input: { email: string } & LinkContext, throttle: Throttle): Promise<void> {
  await throttle.hit([AUTH_LIMITS.forgotPerIp, input.ip ?? 'unknown'], [AUTH_LIMITS.forgotPerEmail, input.email]);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isActive, true)))
    .limit(1);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueAuthToken(tx, user.id, 'reset_password', RESET_TOKEN_TTL_MINUTES * MINUTE);
    const org = await getSettings(tx, 'organization');
    await enqueueEmail(tx, {
      to: user.email,
      subject: emailMessages.auth.resetSubject(org.name),
      text: emailMessages.auth.resetText(user.firstName, org.name, `${input.publicUrl}/reset-password?token=${token}`),
      template: 'password-reset',
    });
    await audit(tx, { actor: null, action: 'auth.password_reset_requested', entityType: 'user', entityId: user.id, ip: input.ip });
  });
}

const resetInvalid = () => new InvalidInputError(authMessages.resetInvalid, { token: authMessages.resetInvalid });

/** The emailed links that set a password: a reset, or the invitation of an account created by an admin. */
export const PASSWORD_LINK_PURPOSES = ['reset_password', 'invitation'] as const;
export type PasswordLinkKind = 'reset' | 'invitation';
const kindOf = (purpose: string): PasswordLinkKind => (purpose === 'invitation' ? 'invitation' : 'reset');

/** A password link not used, not expired, of an active account. */
function usablePasswordLink(token: string) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    inArray(authTokens.purpose, [...PASSWORD_LINK_PURPOSES]),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
    eq(users.isActive, true),
  );
}

/** Whether a password link can still be used, and for what; it spends nothing and names no account. */
export async function checkPasswordLink(db: Db, token: string): Promise<{ usable: boolean; kind: PasswordLinkKind | null }> {
  const [found] = await db
    .select({ purpose: authTokens.purpose })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(usablePasswordLink(token))
    .limit(1);
  return found ? { usable: true, kind: kindOf(found.purpose) } : { usable: false, kind: null };
}

/**
 * Sets the password with a single-use emailed link (a reset, or an invitation's first password), and ends
 * every session of the account. The link reached the account's address (a changed address spends the
 * links sent before, users.ts), so it also proves that address: the email is verified with
 * confirmEmailOwnership, as its confirmation link would.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string } & LinkContext,
  throttle: Throttle,
): Promise<{ kind: PasswordLinkKind }> {
  await throttle.hit([AUTH_LIMITS.resetPerIp, input.ip ?? 'unknown']);
  const [found] = await db.select({ userId: authTokens.userId }).from(authTokens).innerJoin(users, eq(users.id, authTokens.userId)).where(usablePasswordLink(input.token)).limit(1);
  if (!found) throw resetInvalid();
  await throttle.hit([AUTH_LIMITS.resetPerAccount, String(found.userId)]);
  // Hashing is slow: done before the transaction, which then re-checks the link under a row lock.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: authTokens.userId, purpose: authTokens.purpose })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(usablePasswordLink(input.token))
      .for('update', { of: authTokens })
      .limit(1);
    if (!link) throw resetInvalid();
    const kind = kindOf(link.purpose);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName, emailVerifiedAt: users.emailVerifiedAt });
    if (!user) throw resetInvalid();
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authTokens.userId, user.id), inArray(authTokens.purpose, [...PASSWORD_LINK_PURPOSES]), isNull(authTokens.usedAt)));
    await confirmEmailOwnership(tx, user, { via: kind === 'invitation' ? 'invitation' : 'password_reset', ip: input.ip });
    const revoked = await revokeAllSessions(tx, user.id, 'password_reset');
    // A first password replaces none: the notice "tu contraseña cambió" is for a reset only.
    if (kind === 'reset') {
      const org = await getSettings(tx, 'organization');
      await enqueueEmail(tx, {
        to: user.email,
        subject: emailMessages.auth.passwordChangedSubject(org.name),
        text: emailMessages.auth.passwordChangedText(user.firstName, org.name, `${input.publicUrl}/forgot-password`),
        template: 'password-changed',
      });
    }
    const action = kind === 'invitation' ? 'auth.invitation_accepted' : 'auth.password_reset';
    await audit(tx, { actor: { id: user.id, email: user.email }, action, entityType: 'user', entityId: user.id, details: { sessions_revoked: revoked }, ip: input.ip });
    return { kind };
  });
}

/**
 * Confirms the account's email with the link of the welcome email; then the completed donations made with
 * that address join the account (confirmEmailOwnership).
 */
export async function verifyEmail(db: Database, input: { token: string; ip?: string | null }): Promise<{ alreadyVerified: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: authTokens.id, userId: authTokens.userId, usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, hashToken(input.token)), eq(authTokens.purpose, 'verify_email')))
      .for('update')
      .limit(1);
    const invalid = () => new InvalidInputError(authMessages.verifyInvalid, { token: authMessages.verifyInvalid });
    if (!row) throw invalid();
    const [user] = await tx
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!user) throw invalid();
    // Opening the same link twice after it worked is harmless: say so instead of calling it invalid.
    if (row.usedAt) {
      if (user.emailVerifiedAt) return { alreadyVerified: true };
      throw invalid();
    }
    if (row.expiresAt.getTime() <= Date.now()) throw invalid();
    await tx.update(authTokens).set({ usedAt: sql`now()` }).where(eq(authTokens.id, row.id));
    await confirmEmailOwnership(tx, user, { via: 'verify_link', ip: input.ip });
    return { alreadyVerified: user.emailVerifiedAt !== null };
  });
}

/** Sends a new verification link to a signed-in account whose email is not verified yet. */
export async function resendVerification(
  db: Database,
  input: { userId: number } & LinkContext,
  throttle: Throttle,
): Promise<{ alreadyVerified: boolean }> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw unauthorized();
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  await throttle.hit([AUTH_LIMITS.verificationPerAccount, String(user.id)]);
  await db.transaction(async (tx) => queueVerificationEmail(tx, user, input.publicUrl, false, user.id));
  return { alreadyVerified: false };
}
