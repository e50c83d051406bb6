// Who may try a password or a second-step code, and how failures count (docs/product.md#accounts-and-sessions,
// decision 0065): a browser that has signed in to the account before counts its failures by itself; any other
// client counts them per account at its address, per address, and against the account's ceiling for unknown
// clients, which a new password lifts. A stranger can therefore lock out only their own address, never the
// owner's browser, and guessing from many addresses stays bounded.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { minutesToWait } from '@donaciones/shared/format';
import { authMessages } from '@donaciones/shared/messages/auth';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { RateLimitedError, tooManyRequests } from '../../errors';
import { AUTH_LIMITS, type LimitRule, type Throttle } from './throttle';

export interface GateAccount {
  id: number;
  email: string;
  passwordHash: string;
}

export interface GateClient {
  ip?: string | null;
  deviceId?: string | null;
}

export interface SignInGate {
  /** The attempt succeeded: it counts as no failure; the failures of this client on this account are forgotten. */
  passed(): Promise<void>;
}

/** Whether this browser (its `device_id` cookie) has opened a session of the account before. */
async function isKnownDevice(db: Db, userId: number, deviceId: string | null | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The account's subject for the ceiling of unknown clients: its email and a fingerprint of its current
 * password hash, so a reset (a new hash) starts a fresh count; an unknown email counts by the email alone,
 * with the same ceiling (no enumeration).
 */
function accountSubject(email: string, account: GateAccount | null): string {
  if (!account) return email;
  return `${email}|${createHash('sha256').update(account.passwordHash).digest('hex').slice(0, 16)}`;
}

/**
 * Counts one attempt up front (so parallel guesses cannot overrun a ceiling) and refuses it with 429, in
 * Spanish with the minutes left, when the client is over one. `scope` keeps wrong codes apart from wrong
 * passwords, so a right password does not wipe the codes counted.
 */
export async function enterSignIn(
  db: Db,
  throttle: Throttle,
  input: { email: string; account: GateAccount | null; client: GateClient; scope: 'password' | 'second-step' },
): Promise<SignInGate> {
  const ip = input.client.ip ?? 'unknown';
  const prefix = input.scope === 'password' ? '' : 'second-step|';
  const known = input.account ? await isKnownDevice(db, input.account.id, input.client.deviceId) : false;
  const own: [LimitRule, string][] = known
    ? [[AUTH_LIMITS.loginFailuresPerAccountDevice, `${prefix}${input.email}|${input.client.deviceId}`]]
    : [
        [AUTH_LIMITS.loginFailuresPerIp, ip],
        [AUTH_LIMITS.loginFailuresPerAccountIp, `${prefix}${input.email}|${ip}`],
        [AUTH_LIMITS.loginFailuresPerAccount, accountSubject(input.email, input.account)],
      ];
  try {
    await throttle.hit([AUTH_LIMITS.loginAttemptsPerIp, ip], ...own);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    throw tooManyRequests(err.retryAfterSeconds, authMessages.tooManyAttempts(minutesToWait(err.retryAfterSeconds)));
  }
  return {
    async passed() {
      // The client's own counts are cleared; the address's and the account's get this attempt back but
      // keep the others' failures, so a success does not reopen them to a guesser.
      for (const [rule, subject] of own) {
        if (rule === AUTH_LIMITS.loginFailuresPerIp || rule === AUTH_LIMITS.loginFailuresPerAccount) await throttle.refund(rule, subject);
        else await throttle.clear(rule, subject);
      }
    },
  };
}
