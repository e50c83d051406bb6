// The second step of a sign-in (docs/product.md#accounts-and-sessions): a code of the authenticator
// app or a recovery code, a passkey, or, when the policy requires a second step of an account that has
// none, enrolling an authenticator app before the session opens. Wrong codes pass the same gate as wrong
// passwords (sign-in-gate.ts, under their own scope; never a lock-out of the owner's own browser).
import { eq } from 'drizzle-orm';
import { TOTP_CODE } from '@donaciones/shared/schemas/two-step';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { unauthorized } from '../../errors';
import { audit } from '../../platform/audit';
import type { SecretBox } from '../../platform/data-encryption';
import { getSettings } from '../../platform/settings';
import { noteChallengeFailure, readStepToken, useChallenge, challengeInvalid } from './challenges';
import { type RelyingParty, passkeySignInOptions, verifyPasskeySignIn } from './passkeys';
import type { IssuedSession } from './sessions';
import { type SignInContext, openSignedInSession } from './sign-in';
import { type GateAccount, type GateClient, enterSignIn } from './sign-in-gate';
import type { Throttle } from './throttle';
import { notifySecondStepChange } from './second-step-notice';
import { acceptTotpCode, confirmTotpEnrolment, hasConfirmedTotp, issueRecoveryCodes, startTotpEnrolment, totpEnrolment, useRecoveryCode } from './totp';

async function accountOf(db: Database, userId: number): Promise<GateAccount> {
  const [user] = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw challengeInvalid();
  return user;
}

/** Counts an attempt on the gate of passwords (under its own scope); a success gives it back as a right password does. */
async function throttled<T>(db: Database, userId: number, client: GateClient, throttle: Throttle, attempt: () => Promise<T | null>): Promise<T> {
  const account = await accountOf(db, userId);
  const gate = await enterSignIn(db, throttle, { email: account.email, account, client, scope: 'second-step' });
  const result = await attempt();
  if (result === null) {
    await audit(db, { actor: null, action: 'auth.second_step_failed', entityType: 'user', entityId: userId, ip: client.ip ?? 'unknown' });
    throw unauthorized(m.codeInvalid);
  }
  await gate.passed();
  return result;
}

/** Completes a sign-in with the six digits of the app (each time-step once) or a single-use recovery code. */
export async function signInWithCode(db: Database, box: SecretBox, input: { token: string; code: string } & SignInContext, throttle: Throttle): Promise<IssuedSession> {
  const step = await readStepToken(db, input.token, 'second_step');
  const method = await throttled(db, step.userId, input, throttle, async () => {
    const isTotp = TOTP_CODE.test(input.code);
    const ok = isTotp ? await acceptTotpCode(db, box, step.userId, input.code) : await useRecoveryCode(db, step.userId, input.code);
    if (!ok) {
      await noteChallengeFailure(db, step.id);
      return null;
    }
    return isTotp ? ('totp' as const) : ('recovery' as const);
  });
  if (!(await useChallenge(db, step.id))) throw challengeInvalid();
  return openSignedInSession(db, step.userId, method, input);
}

/** WebAuthn options: for the second step of a signed-in password (with its token), or password-less (without). */
export async function passkeyOptionsForSignIn(db: Database, token: string | undefined, rp: RelyingParty) {
  const userId = token ? (await readStepToken(db, token, 'second_step')).userId : null;
  return passkeySignInOptions(db, userId, rp);
}

/** Completes a sign-in with a passkey: the second step (the step token is then used up) or the whole sign-in. */
export async function signInWithPasskey(
  db: Database,
  input: { challengeId: string; response: Record<string, unknown>; token?: string; rp: RelyingParty } & SignInContext,
): Promise<IssuedSession> {
  const step = input.token ? await readStepToken(db, input.token, 'second_step') : null;
  const result = await verifyPasskeySignIn(db, input);
  if (result.secondStepOf !== null) {
    if (!step || step.userId !== result.userId || !(await useChallenge(db, step.id))) throw challengeInvalid();
  }
  const [user] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, result.userId)).limit(1);
  if (!user?.isActive) throw unauthorized(m.passkeyInvalid);
  return openSignedInSession(db, result.userId, 'passkey', input);
}

/** Enrolment during a sign-in (the policy requires a second step): a new secret and its QR code. */
export async function startEnrolmentAtSignIn(db: Database, box: SecretBox, token: string) {
  const step = await readStepToken(db, token, 'enrol');
  if (await hasConfirmedTotp(db, step.userId)) throw challengeInvalid();
  const secret = await startTotpEnrolment(db, box, step.userId);
  const org = await getSettings(db, 'organization');
  const { otpauthUrl, qrSvgDataUrl } = await totpEnrolment(secret, (await accountOf(db, step.userId)).email, org.name);
  return { secret, otpauth_url: otpauthUrl, qr_svg_data_url: qrSvgDataUrl };
}

/** Confirms the enrolment with a first code; answers the recovery codes (once) and opens the session. */
export async function confirmEnrolmentAtSignIn(
  db: Database,
  box: SecretBox,
  input: { token: string; code: string } & SignInContext,
  throttle: Throttle,
): Promise<{ session: IssuedSession; recoveryCodes: string[] }> {
  const step = await readStepToken(db, input.token, 'enrol');
  await throttled(db, step.userId, input, throttle, async () => {
    const ok = await acceptTotpCode(db, box, step.userId, input.code, { pending: true });
    if (!ok) await noteChallengeFailure(db, step.id);
    return ok ? true : null;
  });
  if (!(await useChallenge(db, step.id))) throw challengeInvalid();
  const { email } = await accountOf(db, step.userId);
  const recoveryCodes = await db.transaction(async (tx) => {
    await confirmTotpEnrolment(tx, step.userId);
    await audit(tx, { actor: { id: step.userId, email }, action: 'auth.totp_enabled', entityType: 'user', entityId: step.userId, ip: input.ip });
    await notifySecondStepChange(tx, { userId: step.userId, change: 'totp-enabled', ip: input.ip, userAgent: input.userAgent });
    return issueRecoveryCodes(tx, step.userId);
  });
  return { session: await openSignedInSession(db, step.userId, 'totp', input), recoveryCodes };
}
