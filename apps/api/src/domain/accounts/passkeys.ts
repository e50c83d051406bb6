// Passkeys (WebAuthn, docs/product.md#accounts-and-sessions): registered from the account settings,
// used as the second step after a password or alone (password-less, with the authenticator's user
// verification). The library checks the signatures; this module keeps credentials and counters.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import type { Db } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import { InvalidInputError, unauthorized } from '../../errors';
import { audit } from '../../platform/audit';
import { openWebAuthnChallenge, takeWebAuthnChallenge } from './challenges';
import { notifySecondStepChange } from './second-step-notice';

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party is the site of PUBLIC_URL: its host name and origin. */
export function relyingParty(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

export async function listPasskeys(db: Db, userId: number) {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString(), last_used_at: r.lastUsedAt?.toISOString() ?? null }));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Options for the browser to create a passkey for this account (a discoverable one, so it can sign in alone). */
export async function passkeyRegistrationOptions(db: Db, userId: number, rp: RelyingParty) {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized();
  const existing = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: new TextEncoder().encode(String(userId)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await openWebAuthnChallenge(db, { userId, purpose: 'passkey_register', challenge: options.challenge });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks the browser's answer and keeps the new passkey. */
export async function registerPasskey(
  db: Db,
  input: { userId: number; challengeId: string; response: Record<string, unknown>; name: string; rp: RelyingParty; ip?: string | null; userAgent?: string | null },
): Promise<{ id: number }> {
  const challenge = await takeWebAuthnChallenge(db, input.challengeId, 'passkey_register');
  if (challenge.userId !== input.userId) throw new InvalidInputError(m.passkeyInvalid);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new InvalidInputError(m.passkeyInvalid);
  }
  if (!verification.verified || !verification.registrationInfo) throw new InvalidInputError(m.passkeyInvalid);
  const { credential } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: input.userId,
      credentialId: credential.id,
      publicKey: b64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!row) throw new InvalidInputError(m.passkeyInvalid);
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  await audit(db, { actor: { id: input.userId, email: owner?.email ?? '' }, action: 'auth.passkey_added', entityType: 'user', entityId: input.userId, details: { passkey: row.id }, ip: input.ip });
  await notifySecondStepChange(db, { userId: input.userId, change: 'passkey-added', ip: input.ip, userAgent: input.userAgent });
  return row;
}

export async function removePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, id))).returning({ id: passkeys.id });
  return removed.length > 0;
}

/** Options to sign in with a passkey: the account's own (second step) or any discoverable one (password-less). */
export async function passkeySignInOptions(db: Db, userId: number | null, rp: RelyingParty) {
  const allow = userId === null ? [] : await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: userId === null ? 'required' : 'preferred',
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransportFuture[] })),
  });
  const challengeId = await openWebAuthnChallenge(db, { userId, purpose: 'passkey_sign_in', challenge: options.challenge });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks a passkey's signature for a sign-in challenge and moves its counter forward. Answers the
 * account it belongs to and whether the challenge was a second step (bound to that account) or a
 * password-less sign-in (which requires the authenticator's user verification).
 */
export async function verifyPasskeySignIn(
  db: Db,
  input: { challengeId: string; response: Record<string, unknown>; rp: RelyingParty },
): Promise<{ userId: number; secondStepOf: number | null }> {
  const challenge = await takeWebAuthnChallenge(db, input.challengeId, 'passkey_sign_in');
  const response = input.response as unknown as AuthenticationResponseJSON;
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  if (!stored) throw unauthorized(m.passkeyUnknown);
  if (challenge.userId !== null && challenge.userId !== stored.userId) throw unauthorized(m.passkeyInvalid);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: fromB64url(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: challenge.userId === null,
    });
  } catch {
    throw unauthorized(m.passkeyInvalid);
  }
  if (!verification.verified) throw unauthorized(m.passkeyInvalid);
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, stored.id));
  return { userId: stored.userId, secondStepOf: challenge.userId };
}
