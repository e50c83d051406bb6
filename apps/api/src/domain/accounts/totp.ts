// Authenticator apps (TOTP, RFC 6238, 30-second steps) and recovery codes (docs/product.md#accounts-and-sessions).
// A code is accepted once: the step it belongs to is stored, and a code of that step or an earlier
// one is refused (replay). Recovery codes are ten, single-use, stored as SHA-256 hashes.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, isNotNull, or, lt, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { recoveryCodes, totpSecrets } from '../../db/schema';

const STEP_SECONDS = 30;
/** One step either side: a phone's clock a little off still works. */
const totp = authenticator.clone({ window: 1, step: STEP_SECONDS });

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newTotpSecret(): string {
  return totp.generateSecret(20);
}

/** The otpauth:// address an authenticator app reads from the QR code, and that QR code as an SVG data URL. */
export async function totpEnrolment(secret: string, account: string, issuer: string): Promise<{ otpauthUrl: string; qrSvgDataUrl: string }> {
  const otpauthUrl = totp.keyuri(account, issuer, secret);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { otpauthUrl, qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time-step a code belongs to (within one step of now), or null when it is not a code of this secret. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

/**
 * Accepts a code of the account's confirmed (or, with `pending`, unconfirmed) secret once: the stored
 * step moves forward in one statement, so two requests with the same code cannot both pass.
 */
export async function acceptTotpCode(db: Db, userId: number, code: string, options: { pending?: boolean } = {}): Promise<boolean> {
  const [row] = await db
    .select({ secret: totpSecrets.secret, confirmedAt: totpSecrets.confirmedAt })
    .from(totpSecrets)
    .where(eq(totpSecrets.userId, userId))
    .limit(1);
  if (!row || (row.confirmedAt === null) !== Boolean(options.pending)) return false;
  const step = totpStepOf(row.secret, code);
  if (step === null) return false;
  const moved = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))))
    .returning({ userId: totpSecrets.userId });
  return moved.length > 0;
}

export async function hasConfirmedTotp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/** Starts (or restarts) an enrolment: a new unconfirmed secret. Refused by the caller when one is confirmed. */
export async function startTotpEnrolment(db: Db, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret, confirmedAt: null, lastStep: null, createdAt: sql`now()` } });
  return secret;
}

export async function confirmTotpEnrolment(db: Db, userId: number): Promise<void> {
  await db.update(totpSecrets).set({ confirmedAt: sql`now()` }).where(eq(totpSecrets.userId, userId));
}

export async function removeTotp(db: Db, userId: number): Promise<boolean> {
  const removed = await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId)).returning({ userId: totpSecrets.userId });
  return removed.length > 0;
}

/** `abcde-12345` with dash, spaces and case ignored. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(`recovery:${normalizeRecoveryCode(code)}`).digest('hex');

function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones, answered once in clear (only hashes are kept). */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Uses one recovery code: true once, false for an unknown or used code. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
