// Sessions and their refresh-token families (docs/product.md#accounts-and-sessions): opaque random tokens stored as SHA-256
// hashes, rotated on every use; presenting an already used token revokes the whole session, except within a short
// reuse interval (decision 0063).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';

/** 256 random bits, URL-safe: refresh tokens, email links, CSRF tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionClient {
  ip?: string | null;
  userAgent?: string | null;
}

export interface IssuedSession {
  userId: number;
  sessionId: string;
  refreshToken: string;
}

const DAY_MS = 86_400_000;

/**
 * How long a spent refresh token may be presented again without counting as reuse, as long as it is the session's
 * latest spent token: a page reloaded while its refresh was in flight never received the new cookie and comes back
 * with the old one (decision 0063). Counted from the token's first use, so repeating it does not extend the window.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 30;

/** Opens a session for a signed-in user and issues its first refresh token. */
export async function createSession(db: Db, input: { userId: number; ttlDays: number } & SessionClient): Promise<IssuedSession> {
  const expiresAt = new Date(Date.now() + input.ttlDays * DAY_MS);
  const [session] = await db
    .insert(sessions)
    .values({ userId: input.userId, expiresAt, ip: input.ip ?? null, userAgent: input.userAgent?.slice(0, 300) ?? null })
    .returning({ id: sessions.id });
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(refreshToken), expiresAt });
  return { userId: input.userId, sessionId: session.id, refreshToken };
}

export type RotationResult =
  | { ok: true; session: IssuedSession }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'inactive' | 'reused'; sessionId?: string; userId?: number };

/**
 * Exchanges a refresh token for a new one. The token row is locked, so two concurrent uses of the same token run one
 * after the other. A spent token presented again revokes the session (reuse detection), unless it comes back within
 * the reuse interval and no later token of the session has been spent since: then it is answered with a new token of
 * the same session. A reuse is committed (the session stays revoked) and reported to the caller, who answers 401.
 */
export async function rotateRefreshToken(db: Database, input: { token: string; ttlDays: number } & SessionClient): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        // Read against the database's clock, which set used_at.
        spentRecently: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_REUSE_INTERVAL_SECONDS})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(input.token)))
      .for('update')
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' } as const;

    const [session] = await tx
      .select({ id: sessions.id, userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, isActive: users.isActive })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, row.sessionId))
      .for('update', { of: sessions })
      .limit(1);
    if (!session) return { ok: false, reason: 'unknown' } as const;
    const base = { sessionId: session.id, userId: session.userId };
    if (session.revokedAt) return { ok: false, reason: 'revoked', ...base } as const;
    if (row.usedAt) {
      const withinReuseInterval = row.spentRecently && !(await spentSince(tx, row));
      if (!withinReuseInterval) {
        await revokeSession(tx, session.id, 'refresh_token_reuse');
        return { ok: false, reason: 'reused', ...base } as const;
      }
    }
    const now = Date.now();
    if (row.expiresAt.getTime() <= now || session.expiresAt.getTime() <= now) return { ok: false, reason: 'expired', ...base } as const;
    if (!session.isActive) return { ok: false, reason: 'inactive', ...base } as const;

    if (!row.usedAt) {
      await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
      // Tokens handed out earlier and never presented (a second answer within the reuse interval, whose cookie the
      // browser replaced) are spent with it: the session has one live token.
      await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.sessionId, session.id), isNull(refreshTokens.usedAt), ne(refreshTokens.id, row.id)));
    }
    // Sliding expiry: an active session stays open, an idle one ends after the configured days.
    const expiresAt = new Date(now + input.ttlDays * DAY_MS);
    const refreshToken = newOpaqueToken();
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(refreshToken), expiresAt });
    await tx
      .update(sessions)
      .set({
        lastUsedAt: sql`now()`,
        expiresAt,
        ...(input.ip ? { ip: input.ip } : {}),
        ...(input.userAgent ? { userAgent: input.userAgent.slice(0, 300) } : {}),
      })
      .where(eq(sessions.id, session.id));
    return { ok: true, session: { userId: session.userId, sessionId: session.id, refreshToken } } as const;
  });
}

/** Whether another token of the session was spent after this one: the session has moved on from it. */
async function spentSince(db: Db, token: { id: number; sessionId: string }): Promise<boolean> {
  // Compared in the database: used_at keeps microseconds, which a Date would round away.
  const [later] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.sessionId, token.sessionId),
        gt(refreshTokens.usedAt, sql`(select spent.used_at from refresh_tokens spent where spent.id = ${token.id})`),
      ),
    )
    .limit(1);
  return Boolean(later);
}

/** The session a refresh token belongs to (used or not), for logout. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<{ sessionId: string; userId: number } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Ends every open session of an account (password reset, deactivation). Returns how many. */
export async function revokeAllSessions(db: Db, userId: number, reason: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
