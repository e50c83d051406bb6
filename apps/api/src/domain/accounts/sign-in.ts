// The steps after a right password (docs/product.md#accounts-and-sessions): a code of the
// authenticator app, a recovery code or a passkey when the account has a second step; enrolling an
// authenticator app first when the policy requires one and the account has none; then the session,
// with an email to staff signing in from a device not seen before.
import { and, eq, ne, sql } from 'drizzle-orm';
import { isStaff } from '@donaciones/shared/roles';
import type { SecondStepMethod } from '@donaciones/shared/schemas/two-step';
import type { Database, Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { twoStepEmailMessages as e } from '../../messages/two-step-email';
import { openStepToken } from './challenges';
import { describeDevice, describePlace, describeWhen } from './device';
import { countPasskeys } from './passkeys';
import { type Environment, getSecurityPolicy, secondStepRequired } from './security-policy';
import { type IssuedSession, type SessionClient, createSession } from './sessions';
import { hasConfirmedTotp, recoveryCodesLeft } from './totp';

export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey';

export interface SignInContext extends SessionClient {
  ttlDays: number;
  /** The browser's random id (a long-lived cookie), to tell a new device. */
  deviceId?: string | null;
  env: Environment;
  publicUrl: string;
}

export type LoginOutcome =
  | { kind: 'session'; session: IssuedSession }
  | { kind: 'second_step'; token: string; methods: SecondStepMethod[] }
  | { kind: 'enrol'; token: string };

/** The second-step methods an account has: an authenticator app (with its recovery codes) and passkeys. */
export async function secondStepMethods(db: Db, userId: number): Promise<SecondStepMethod[]> {
  const methods: SecondStepMethod[] = [];
  if (await hasConfirmedTotp(db, userId)) {
    methods.push('totp');
    if ((await recoveryCodesLeft(db, userId)) > 0) methods.push('recovery');
  }
  if ((await countPasskeys(db, userId)) > 0) methods.push('passkey');
  return methods;
}

/** After a right password: the session, or the step still missing. */
export async function afterPassword(db: Database, user: { id: number; roles: string[] }, ctx: SignInContext): Promise<LoginOutcome> {
  const methods = await secondStepMethods(db, user.id);
  if (methods.length > 0) return { kind: 'second_step', token: await openStepToken(db, user.id, 'second_step'), methods };
  const policy = await getSecurityPolicy(db, ctx.env);
  if (secondStepRequired(user.roles, policy)) return { kind: 'enrol', token: await openStepToken(db, user.id, 'enrol') };
  return { kind: 'session', session: await openSignedInSession(db, user.id, 'password', ctx) };
}

/** Opens the session of a completed sign-in, notes the sign-in, and emails staff about a new device. */
export async function openSignedInSession(db: Database, userId: number, method: SignInMethod, ctx: SignInContext): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, roles: users.roles })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const seenBefore = ctx.deviceId
      ? (await tx.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), eq(sessions.deviceId, ctx.deviceId))).limit(1)).length > 0
      : false;
    const session = await createSession(tx, { userId, ttlDays: ctx.ttlDays, ip: ctx.ip, userAgent: ctx.userAgent });
    await tx.update(sessions).set({ deviceId: ctx.deviceId ?? null, signInMethod: method }).where(eq(sessions.id, session.sessionId));
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
    await audit(tx, {
      actor: { id: user.id, email: user.email },
      action: 'auth.login',
      entityType: 'session',
      entityId: session.sessionId,
      details: { method, new_device: !seenBefore },
      ip: ctx.ip,
    });
    if (!seenBefore && isStaff(user.roles)) await emailNewDevice(tx, user, ctx);
    return session;
  });
}

async function emailNewDevice(db: Db, user: { email: string; firstName: string }, ctx: SignInContext) {
  const org = await getSettings(db, 'organization');
  const when = describeWhen();
  await enqueueEmail(db, {
    to: user.email,
    subject: e.newDeviceSubject(org.name),
    text: e.newDeviceText(user.firstName, org.name, describeDevice(ctx.userAgent), describePlace(ctx.ip), when, `${PUBLIC_URL_MARK}/settings?pestana=seguridad`),
    template: 'new-device-sign-in',
  });
}

/** Ends every other open session of an account (password changed, second step removed). Returns how many. */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: string | null, reason: string): Promise<number> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`, ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`);
  const ended = await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason }).where(where).returning({ id: sessions.id });
  return ended.length;
}
