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
 * Ceilings of the throttles. Sign-in (docs/product.md#accounts-and-sessions) refuses, with 429, an
 * address that fails too often (on any accounts, or on one account), and an address or an account
 * that signs in too often (each attempt costs an argon2 hash, each success a session row); failures on
 * one account from many addresses only slow that account down (loginDelayMs), so nobody can lock
 * another person out: the right password keeps working from the owner's own address.
 */
export const AUTH_LIMITS = {
  loginFailuresPerIp: { name: 'login-fail-ip', max: 20, windowMs: 15 * MINUTE },
  loginFailuresPerAccountIp: { name: 'login-fail-account-ip', max: 5, windowMs: 15 * MINUTE },
  /** Not a ceiling: past `max`, each attempt on the account waits longer (loginDelayMs). */
  loginFailuresPerAccount: { name: 'login-fail-account', max: 5, windowMs: 15 * MINUTE },
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
  /** Counts one attempt without refusing anything; answers the count in the window. */
  note(rule: LimitRule, subject: string): Promise<number>;
  /** The count in the window, without counting. */
  peek(rule: LimitRule, subject: string): Promise<number>;
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
    async note(rule, subject) {
      if (!enabled) return 0;
      return (await counters.incr(counterKey(rule, subject), rule.windowMs)).count;
    },
    async peek(rule, subject) {
      if (!enabled) return 0;
      return (await counters.get(counterKey(rule, subject))).count;
    },
    async refund(rule, subject) {
      if (enabled) await counters.decr(counterKey(rule, subject));
    },
    async clear(rule, subject) {
      if (enabled) await counters.reset(counterKey(rule, subject));
    },
  };
}
