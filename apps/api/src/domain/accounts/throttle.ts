// Throttles of accounts and sessions (docs/product.md#accounts-and-sessions): ceilings per IP and per
// account kept in the shared counters, so every API process sees the same.
import { tooManyRequests } from '../../errors';
import type { CounterStore } from '../../platform/counters';

const MINUTE = 60_000;

export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Ceilings of the throttles. Sign-in (docs/product.md#accounts-and-sessions, decision 0065, applied in
 * sign-in-gate.ts) refuses, with 429, a browser that has signed in to the account before only after its own
 * failures there; any other client after too many failures from its address (on any accounts, or on one
 * account), or once the account has had too many failures from such clients; and an address or an account
 * that signs in too often (each attempt costs an argon2 hash, each success a session row). So nobody can
 * lock another person out of their own browser, and guessing from many addresses stays bounded.
 */
export const AUTH_LIMITS = {
  loginFailuresPerIp: { name: 'login-fail-ip', max: 20, windowMs: 15 * MINUTE },
  loginFailuresPerAccountIp: { name: 'login-fail-account-ip', max: 5, windowMs: 15 * MINUTE },
  /** A browser that has signed in to the account before: its failures count by themselves. */
  loginFailuresPerAccountDevice: { name: 'login-fail-account-device', max: 5, windowMs: 15 * MINUTE },
  /** All unknown clients of one account together, until the window ends or the password changes. */
  loginFailuresPerAccount: { name: 'login-fail-account-unknown', max: 20, windowMs: 60 * MINUTE },
  loginAttemptsPerIp: { name: 'login-ip', max: 120, windowMs: 5 * MINUTE },
  loginSuccessesPerAccount: { name: 'login-success-account', max: 30, windowMs: 5 * MINUTE },
  registerPerIp: { name: 'register-ip', max: 30, windowMs: 15 * MINUTE },
  registerPerEmail: { name: 'register-email', max: 5, windowMs: 15 * MINUTE },
  forgotPerIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', max: 3, windowMs: 15 * MINUTE },
  resetPerIp: { name: 'reset-ip', max: 10, windowMs: 15 * MINUTE },
  resetPerAccount: { name: 'reset-account', max: 5, windowMs: 15 * MINUTE },
  verificationPerAccount: { name: 'verification-account', max: 3, windowMs: 15 * MINUTE },
  /** Wrong current passwords when changing it while signed in; a success is not counted. */
  passwordChangeFailuresPerAccount: { name: 'password-change-fail-account', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;

export interface Throttle {
  /** Counts one attempt against each rule; 429 (with Retry-After) when any is over its ceiling. */
  hit(...checks: [LimitRule, string][]): Promise<void>;
  /** Gives back one attempt (it turned out to be a success that must not count). */
  refund(rule: LimitRule, subject: string): Promise<void>;
  clear(rule: LimitRule, subject: string): Promise<void>;
}

const counterKey = (rule: LimitRule, subject: string) => `auth:${rule.name}:${subject.toLowerCase()}`;

export function counterThrottle(counters: CounterStore, enabled: boolean): Throttle {
  return {
    async hit(...checks) {
      if (!enabled) return;
      let retryMs = 0;
      for (const [rule, subject] of checks) {
        const { count, ttlMs } = await counters.incr(counterKey(rule, subject), rule.windowMs);
        if (count > rule.max) retryMs = Math.max(retryMs, ttlMs);
      }
      if (retryMs > 0) throw tooManyRequests(retryMs / 1000);
    },
    async refund(rule, subject) {
      if (enabled) await counters.decr(counterKey(rule, subject));
    },
    async clear(rule, subject) {
      if (enabled) await counters.reset(counterKey(rule, subject));
    },
  };
}
