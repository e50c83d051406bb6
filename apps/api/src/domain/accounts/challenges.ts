// The short-lived state between the steps of a sign-in (docs/product.md#accounts-and-sessions): the
// token a client holds after a right password (to send a code, or to enrol an authenticator app when
// the account must have one), and WebAuthn challenges waiting for the authenticator's answer.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import type { Db } from '../../db/client';
import { signInChallenges } from '../../db/schema';
import { unauthorized } from '../../errors';
import { hashToken, newOpaqueToken } from './sessions';

export type ChallengePurpose = (typeof signInChallenges.$inferSelect)['purpose'];

const TTL_MS = { second_step: 10 * 60_000, enrol: 30 * 60_000, passkey_sign_in: 5 * 60_000, passkey_register: 10 * 60_000 } as const;
/** Wrong codes one password step may send before it must start over (the throttles still count each one). */
export const MAX_CHALLENGE_FAILURES = 5;

export const challengeInvalid = () => unauthorized(twoStepMessages.challengeInvalid);

/** A step token for a user (second step or enrolment): answered in clear once, kept as a hash. */
export async function openStepToken(db: Db, userId: number, purpose: 'second_step' | 'enrol'): Promise<string> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
  const token = newOpaqueToken();
  await db.insert(signInChallenges).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TTL_MS[purpose]) });
  return token;
}

const live = () => and(isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`));

/** The user a live step token belongs to; 401 when it is unknown, used, expired or has too many failures. */
export async function readStepToken(db: Db, token: string, purpose: 'second_step' | 'enrol'): Promise<{ id: string; userId: number }> {
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, failures: signInChallenges.failures })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, hashToken(token)), eq(signInChallenges.purpose, purpose), live()))
    .limit(1);
  if (!row || row.userId === null || row.failures >= MAX_CHALLENGE_FAILURES) throw challengeInvalid();
  return { id: row.id, userId: row.userId };
}

export async function noteChallengeFailure(db: Db, id: string): Promise<void> {
  await db.update(signInChallenges).set({ failures: sql`${signInChallenges.failures} + 1` }).where(eq(signInChallenges.id, id));
}

/** Marks a challenge used; false when another request used it first. */
export async function useChallenge(db: Db, id: string): Promise<boolean> {
  const used = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, id), live()))
    .returning({ id: signInChallenges.id });
  return used.length > 0;
}

/** Stores a WebAuthn challenge (for a known user, or none for a password-less sign-in). */
export async function openWebAuthnChallenge(db: Db, input: { userId: number | null; purpose: 'passkey_sign_in' | 'passkey_register'; challenge: string }): Promise<string> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(signInChallenges)
    .values({ userId: input.userId, purpose: input.purpose, challenge: input.challenge, expiresAt: new Date(Date.now() + TTL_MS[input.purpose]) })
    .returning({ id: signInChallenges.id });
  return row.id;
}

/** Takes a WebAuthn challenge once (it is marked used whatever the answer turns out to be). */
export async function takeWebAuthnChallenge(
  db: Db,
  id: string,
  purpose: 'passkey_sign_in' | 'passkey_register',
): Promise<{ userId: number | null; challenge: string }> {
  const [row] = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, id), eq(signInChallenges.purpose, purpose), live()))
    .returning({ userId: signInChallenges.userId, challenge: signInChallenges.challenge });
  if (!row?.challenge) throw challengeInvalid();
  return { userId: row.userId, challenge: row.challenge };
}
