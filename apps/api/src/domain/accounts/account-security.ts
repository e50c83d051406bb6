// A person's own second step and sessions, from the account settings (docs/product.md#accounts-and-sessions):
// enrol an authenticator app (QR code, first code, ten recovery codes shown once), remove it (ends
// the other sessions), new recovery codes, passkeys; the open sessions with device, place and last use.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import type { AccountSecurity, SessionView } from '@donaciones/shared/schemas/two-step';
import type { Database, Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { InvalidInputError, fieldError, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import type { SecretBox } from '../../platform/data-encryption';
import { getSettings } from '../../platform/settings';
import { describeDevice, describePlace } from './device';
import { listPasskeys, removePasskey } from './passkeys';
import { notifySecondStepChange } from './second-step-notice';
import { verifyPassword } from './passwords';
import { type Environment, getSecurityPolicy, secondStepRequired } from './security-policy';
import { endOtherSessions } from './sign-in';
import { AUTH_LIMITS, type Throttle } from './throttle';
import {
  acceptTotpCode,
  confirmTotpEnrolment,
  hasConfirmedTotp,
  issueRecoveryCodes,
  recoveryCodesLeft,
  removeRecoveryCodes,
  removeTotp,
  startTotpEnrolment,
  totpEnrolment,
} from './totp';

async function account(db: Db, userId: number) {
  const [user] = await db.select({ id: users.id, email: users.email, roles: users.roles, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

export async function getAccountSecurity(db: Db, userId: number, env: Environment): Promise<AccountSecurity> {
  const user = await account(db, userId);
  const policy = await getSecurityPolicy(db, env);
  return {
    totp_enabled: await hasConfirmedTotp(db, userId),
    recovery_codes_left: await recoveryCodesLeft(db, userId),
    passkeys: await listPasskeys(db, userId),
    second_step_required: secondStepRequired(user.roles, policy),
  };
}

/** Checks the current password before a change to the second step; wrong ones count like a password change's. */
async function confirmPassword(db: Db, userId: number, password: string, throttle: Throttle) {
  const failures = [AUTH_LIMITS.passwordChangeFailuresPerAccount, String(userId)] as const;
  await throttle.hit([...failures]);
  const user = await account(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('password', authMessages.currentPasswordWrong);
  await throttle.refund(...failures);
  return user;
}

export async function startTotpFromSettings(db: Db, box: SecretBox, userId: number) {
  if (await hasConfirmedTotp(db, userId)) throw new InvalidInputError(m.alreadyEnabled);
  const user = await account(db, userId);
  const secret = await startTotpEnrolment(db, box, userId);
  const org = await getSettings(db, 'organization');
  const { otpauthUrl, qrSvgDataUrl } = await totpEnrolment(secret, user.email, org.name);
  return { secret, otpauth_url: otpauthUrl, qr_svg_data_url: qrSvgDataUrl };
}

export async function confirmTotpFromSettings(db: Database, box: SecretBox, input: { userId: number; code: string; ip?: string | null; userAgent?: string | null }, throttle: Throttle) {
  if (await hasConfirmedTotp(db, input.userId)) throw new InvalidInputError(m.alreadyEnabled);
  const failures = [AUTH_LIMITS.passwordChangeFailuresPerAccount, String(input.userId)] as const;
  await throttle.hit([...failures]);
  if (!(await acceptTotpCode(db, box, input.userId, input.code, { pending: true }))) throw fieldError('code', m.codeInvalid);
  await throttle.refund(...failures);
  const user = await account(db, input.userId);
  return db.transaction(async (tx) => {
    await confirmTotpEnrolment(tx, input.userId);
    await audit(tx, { actor: { id: user.id, email: user.email }, action: 'auth.totp_enabled', entityType: 'user', entityId: user.id, ip: input.ip });
    await notifySecondStepChange(tx, { userId: user.id, change: 'totp-enabled', ip: input.ip, userAgent: input.userAgent });
    return { recovery_codes: await issueRecoveryCodes(tx, input.userId) };
  });
}

/**
 * Removes the authenticator app and its recovery codes, and ends the other sessions. Refused when the
 * policy requires a second step of this account and no passkey would be left.
 */
export async function removeTotpFromSettings(
  db: Database,
  input: { userId: number; sessionId: string; password: string; env: Environment; ip?: string | null; userAgent?: string | null },
  throttle: Throttle,
) {
  const user = await confirmPassword(db, input.userId, input.password, throttle);
  if (!(await hasConfirmedTotp(db, input.userId))) throw new InvalidInputError(m.notEnabled);
  const security = await getAccountSecurity(db, input.userId, input.env);
  if (security.second_step_required && security.passkeys.length === 0) throw new InvalidInputError(m.requiredForYou);
  return db.transaction(async (tx) => {
    await removeTotp(tx, input.userId);
    await removeRecoveryCodes(tx, input.userId);
    const ended = await endOtherSessions(tx, input.userId, input.sessionId, 'second_step_removed');
    await audit(tx, { actor: { id: user.id, email: user.email }, action: 'auth.totp_removed', entityType: 'user', entityId: user.id, details: { sessions_revoked: ended }, ip: input.ip });
    await notifySecondStepChange(tx, { userId: user.id, change: 'totp-removed', ip: input.ip, userAgent: input.userAgent });
    return { ended };
  });
}

export async function regenerateRecoveryCodes(db: Database, input: { userId: number; password: string; ip?: string | null; userAgent?: string | null }, throttle: Throttle) {
  const user = await confirmPassword(db, input.userId, input.password, throttle);
  if (!(await hasConfirmedTotp(db, input.userId))) throw new InvalidInputError(m.notEnabled);
  return db.transaction(async (tx) => {
    await audit(tx, { actor: { id: user.id, email: user.email }, action: 'auth.recovery_codes_regenerated', entityType: 'user', entityId: user.id, ip: input.ip });
    await notifySecondStepChange(tx, { userId: user.id, change: 'recovery-codes', ip: input.ip, userAgent: input.userAgent });
    return { recovery_codes: await issueRecoveryCodes(tx, input.userId) };
  });
}

/** Removes a passkey; when it was the last second step of an account that must have one, refused. Ends the other sessions. */
export async function removePasskeyFromSettings(db: Database, input: { userId: number; sessionId: string; passkeyId: number; env: Environment; ip?: string | null; userAgent?: string | null }) {
  const security = await getAccountSecurity(db, input.userId, input.env);
  if (!security.passkeys.some((p) => p.id === input.passkeyId)) throw notFound(m.passkeyNotFound);
  if (security.second_step_required && !security.totp_enabled && security.passkeys.length === 1) throw new InvalidInputError(m.requiredForYou);
  const user = await account(db, input.userId);
  return db.transaction(async (tx) => {
    await removePasskey(tx, input.userId, input.passkeyId);
    const ended = await endOtherSessions(tx, input.userId, input.sessionId, 'second_step_removed');
    await audit(tx, { actor: { id: user.id, email: user.email }, action: 'auth.passkey_removed', entityType: 'user', entityId: user.id, details: { passkey: input.passkeyId, sessions_revoked: ended }, ip: input.ip });
    await notifySecondStepChange(tx, { userId: user.id, change: 'passkey-removed', ip: input.ip, userAgent: input.userAgent });
    return { ended };
  });
}

/** The account's open sessions, newest use first; the caller's own is marked `current`. */
export async function listOpenSessions(db: Db, userId: number, currentSessionId: string | null): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    place: describePlace(s.ip),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === currentSessionId,
    sign_in_method: s.signInMethod,
  }));
}

export async function endOwnSession(db: Db, input: { userId: number; sessionId: string; ip?: string | null }) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'ended_by_owner' })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(m.sessionNotFound);
  await audit(db, { actor: { id: input.userId, email: (await account(db, input.userId)).email }, action: 'auth.session_ended', entityType: 'session', entityId: input.sessionId, ip: input.ip });
}

export async function endOwnOtherSessions(db: Db, input: { userId: number; sessionId: string; ip?: string | null }): Promise<number> {
  const ended = await endOtherSessions(db, input.userId, input.sessionId, 'ended_by_owner');
  const user = await account(db, input.userId);
  await audit(db, { actor: { id: user.id, email: user.email }, action: 'auth.other_sessions_ended', entityType: 'user', entityId: user.id, details: { sessions_revoked: ended }, ip: input.ip });
  return ended;
}
