// Authenticator apps (TOTP, RFC 6238, 30-second steps) and recovery codes (docs/product.md#accounts-and-sessions).
// A code is accepted once: the step it belongs to is stored, and a code of that step or an earlier
// one is refused (replay). Recovery codes are ten, single-use, stored as SHA-256 hashes. The app's secret
// is stored sealed (platform/data-encryption.ts); one stored in clear before that is sealed at start
// (sealClearTotpSecrets) or, at the latest, when its next code is accepted.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, isNotNull, like, lt, notLike, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { recoveryCodes, totpSecrets } from '../../db/schema';
import { type SecretBox, SealedValueError } from '../../platform/data-encryption';

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

/** Where a sealed secret belongs: it opens only on its own account's row. */
const sealContext = (userId: number) => `totp:${userId}`;

/**
 * Accepts a code of the account's confirmed (or, with `pending`, unconfirmed) secret once: the stored
 * step moves forward in one statement, so two requests with the same code cannot both pass.
 */
export async function acceptTotpCode(db: Db, box: SecretBox, userId: number, code: string, options: { pending?: boolean } = {}): Promise<boolean> {
  const [row] = await db
    .select({ secret: totpSecrets.secret, confirmedAt: totpSecrets.confirmedAt })
    .from(totpSecrets)
    .where(eq(totpSecrets.userId, userId))
    .limit(1);
  if (!row || (row.confirmedAt === null) !== Boolean(options.pending)) return false;
  let secret: string;
  try {
    secret = box.open(row.secret, sealContext(userId));
  } catch (err) {
    // A sealed value that is not this account's (copied from another row) signs nobody in.
    if (err instanceof SealedValueError) return false;
    throw err;
  }
  const step = totpStepOf(secret, code);
  if (step === null) return false;
  // A secret still in clear is sealed in the same statement (only if no new enrolment replaced it).
  const seal = box.isSealed(row.secret) ? {} : { secret: box.seal(row.secret, sealContext(userId)) };
  const moved = await db
    .update(totpSecrets)
    .set({ lastStep: step, ...seal })
    .where(and(eq(totpSecrets.userId, userId), eq(totpSecrets.secret, row.secret), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))))
    .returning({ userId: totpSecrets.userId });
  return moved.length > 0;
}

/**
 * At start: seals every secret still stored in clear, and checks that the key opens the sealed ones (a
 * changed DATA_ENCRYPTION_KEY would lock every staff account out: better not to start).
 */
export async function sealClearTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const [sealed] = await db
    .select({ userId: totpSecrets.userId, secret: totpSecrets.secret })
    .from(totpSecrets)
    .where(like(totpSecrets.secret, 'enc:%'))
    .limit(1);
  if (sealed) {
    try {
      box.open(sealed.secret, sealContext(sealed.userId));
    } catch {
      throw new Error('DATA_ENCRYPTION_KEY no abre los secretos de autenticación guardados: usa la misma clave con la que se guardaron');
    }
  }
  const clear = await db.select({ userId: totpSecrets.userId, secret: totpSecrets.secret }).from(totpSecrets).where(notLike(totpSecrets.secret, 'enc:%'));
  for (const row of clear) {
    await db
      .update(totpSecrets)
      .set({ secret: box.seal(row.secret, sealContext(row.userId)) })
      .where(and(eq(totpSecrets.userId, row.userId), eq(totpSecrets.secret, row.secret)));
  }
  return clear.length;
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
export async function startTotpEnrolment(db: Db, box: SecretBox, userId: number): Promise<string> {
  const secret = newTotpSecret();
  const stored = box.seal(secret, sealContext(userId));
  await db
    .insert(totpSecrets)
    .values({ userId, secret: stored })
    .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret: stored, confirmedAt: null, lastStep: null, createdAt: sql`now()` } });
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
