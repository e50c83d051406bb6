// Refresh-token rotation, reuse detection and its reuse interval, CSRF on cookie calls, and logout
// (docs/product.md#accounts-and-sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { errorMessages } from '../../src/messages/errors';
import { refreshTokens, sessions, users } from '../../src/db/schema';
import { hashToken, REFRESH_REUSE_INTERVAL_SECONDS } from '../../src/domain/accounts/sessions';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { loginAs, me, setCookies, type Tokens } from '../support/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const sessionIdOf = (accessToken: string): string => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid;

function refreshWithBody(token: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
}

function refreshWithCookie(tokens: { refresh_token: string; csrf: string }, csrfHeader: string | null = tokens.csrf) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    cookies: { refresh_token: tokens.refresh_token, csrf_token: tokens.csrf },
    headers: csrfHeader === null ? {} : { 'x-csrf-token': csrfHeader },
  });
}

/** Moves a spent token's use back in time, past the reuse interval unless told otherwise. */
async function spentSecondsAgo(token: string, seconds = REFRESH_REUSE_INTERVAL_SECONDS + 1): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
}

const tokenRow = async (token: string) => (await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))))[0];

async function signIn(): Promise<Tokens & { userId: number }> {
  const user = await createUser(ctx.db);
  return { ...(await loginAs(ctx.app, user.email, user.password)), userId: user.id };
}

describe('POST /auth/refresh with the token in the body', () => {
  it('rotates both tokens: the new pair works, the session stays the same', async () => {
    const first = await signIn();
    const res = await refreshWithBody(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.token_type).toBe('bearer');
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(sessionIdOf(next.access_token)).toBe(sessionIdOf(first.access_token));
    expect((await me(ctx.app, next.access_token)).statusCode).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.refresh_token.value).toBe(next.refresh_token);
    expect(cookies.csrf_token.value).toBeTruthy();
    const [old] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token)));
    expect(old.usedAt).toBeInstanceOf(Date);
    // And again: each rotation hands out a token that can be used once.
    expect((await refreshWithBody(next.refresh_token)).statusCode).toBe(200);
  });

  it('a reused refresh token revokes the whole session: every token of that family stops working', async () => {
    const first = await signIn();
    const second = (await refreshWithBody(first.refresh_token)).json();
    const third = (await refreshWithBody(second.refresh_token)).json();

    // An attacker replays the first token. It is still within the reuse interval, but the session has moved on
    // (the second token was spent after it), so it counts as reuse.
    const replay = await refreshWithBody(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: authMessages.refreshInvalid });

    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(first.access_token)));
    expect(session.revokedAt).toBeInstanceOf(Date);
    expect(session.revokedReason).toBe('refresh_token_reuse');
    // The legitimate holder's latest tokens are dead too.
    expect((await refreshWithBody(third.refresh_token)).statusCode).toBe(401);
    expect((await me(ctx.app, third.access_token)).statusCode).toBe(401);
    expect((await me(ctx.app, first.access_token)).statusCode).toBe(401);
  });

  it('the latest spent token, presented again after the reuse interval, revokes the session', async () => {
    const first = await signIn();
    const second = (await refreshWithBody(first.refresh_token)).json();
    await spentSecondsAgo(first.refresh_token);

    const replay = await refreshWithBody(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(first.access_token)));
    expect(session.revokedReason).toBe('refresh_token_reuse');
    expect((await refreshWithBody(second.refresh_token)).statusCode).toBe(401);
  });

  it('within the reuse interval, the latest spent token gets a new token of the same session (a reload during a refresh)', async () => {
    const first = await signIn();
    // The answer to this refresh never reaches the browser: the page was reloaded while it was in flight.
    const lost = (await refreshWithBody(first.refresh_token)).json();
    const spentAt = (await tokenRow(first.refresh_token)).usedAt;

    const again = await refreshWithBody(first.refresh_token);
    expect(again.statusCode).toBe(200);
    const kept = again.json();
    expect(kept.refresh_token).not.toBe(lost.refresh_token);
    expect(sessionIdOf(kept.access_token)).toBe(sessionIdOf(first.access_token));
    expect((await me(ctx.app, kept.access_token)).statusCode).toBe(200);
    // Answering again does not move the token's use, so the interval cannot be stretched by repeating it.
    expect((await tokenRow(first.refresh_token)).usedAt).toEqual(spentAt);

    // The browser goes on with the token it received; that spends the lost answer's token too.
    const next = await refreshWithBody(kept.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await tokenRow(lost.refresh_token)).usedAt).toBeInstanceOf(Date);
    expect((await refreshWithBody(next.json().refresh_token)).statusCode).toBe(200);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(first.access_token)));
    expect(session.revokedAt).toBeNull();
  });

  it('the reuse interval counts from the first use: late in it the token still works, past it the session ends', async () => {
    const first = await signIn();
    await refreshWithBody(first.refresh_token);
    await spentSecondsAgo(first.refresh_token, REFRESH_REUSE_INTERVAL_SECONDS - 5);
    expect((await refreshWithBody(first.refresh_token)).statusCode).toBe(200);
    await spentSecondsAgo(first.refresh_token);
    expect((await refreshWithBody(first.refresh_token)).statusCode).toBe(401);
  });

  it('two concurrent uses of one token (two tabs): both are answered in the same session, and it goes on', async () => {
    const tokens = await signIn();
    const results = await Promise.all([refreshWithBody(tokens.refresh_token), refreshWithBody(tokens.refresh_token)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json());
    expect(a.refresh_token).not.toBe(b.refresh_token);
    expect(sessionIdOf(a.access_token)).toBe(sessionIdOf(tokens.access_token));
    expect(sessionIdOf(b.access_token)).toBe(sessionIdOf(tokens.access_token));
    // The browser keeps one of the two cookies; using it spends the other.
    const next = await refreshWithBody(b.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await tokenRow(a.refresh_token)).usedAt).toBeInstanceOf(Date);
    expect((await me(ctx.app, next.json().access_token)).statusCode).toBe(200);
  });

  it('refuses unknown, expired and revoked-session tokens, and a deactivated account', async () => {
    expect((await refreshWithBody('x'.repeat(43))).statusCode).toBe(401);

    const expired = await signIn();
    await ctx.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.tokenHash, hashToken(expired.refresh_token)));
    expect((await refreshWithBody(expired.refresh_token)).statusCode).toBe(401);

    const idle = await signIn();
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(idle.access_token)));
    expect((await refreshWithBody(idle.refresh_token)).statusCode).toBe(401);

    const revoked = await signIn();
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionIdOf(revoked.access_token)));
    expect((await refreshWithBody(revoked.refresh_token)).statusCode).toBe(401);

    const deactivated = await signIn();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.userId));
    expect((await refreshWithBody(deactivated.refresh_token)).statusCode).toBe(401);
  });

  it('answers 401 without any token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: authMessages.refreshInvalid });
  });
});

describe('POST /auth/refresh with the cookie (browser)', () => {
  it('requires the X-CSRF-Token header equal to the csrf cookie', async () => {
    const tokens = await signIn();
    const missing = await refreshWithCookie(tokens, null);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ detail: errorMessages.csrf });
    const wrong = await refreshWithCookie(tokens, 'otro-valor');
    expect(wrong.statusCode).toBe(403);
    // A refused call does not burn the token.
    const ok = await refreshWithCookie(tokens);
    expect(ok.statusCode).toBe(200);
    const cookies = setCookies(ok);
    expect(cookies.refresh_token.value).toBe(ok.json().refresh_token);
    expect(cookies.refresh_token.value).not.toBe(tokens.refresh_token);
    expect(cookies.refresh_token.attributes.httponly).toBe(true);
    expect(cookies.refresh_token.attributes.path).toBe('/api/v1/auth');
    expect(cookies.csrf_token.value).not.toBe(tokens.csrf);
  });

  it('detects reuse through the cookie as well, and clears the cookies', async () => {
    const tokens = await signIn();
    expect((await refreshWithCookie(tokens)).statusCode).toBe(200);
    await spentSecondsAgo(tokens.refresh_token);
    const replay = await refreshWithCookie(tokens);
    expect(replay.statusCode).toBe(401);
    const cleared = setCookies(replay);
    expect(cleared.refresh_token.value).toBe('');
    expect(new Date(String(cleared.refresh_token.attributes.expires)).getTime()).toBeLessThan(Date.now());
  });
});

describe('POST /auth/logout', () => {
  it('with the refresh token in the body: revokes that session only, clears the cookies', async () => {
    const user = await createUser(ctx.db);
    const a = await loginAs(ctx.app, user.email, user.password);
    const b = await loginAs(ctx.app, user.email, user.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: a.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.loggedOut });
    const cleared = setCookies(res);
    expect(cleared.refresh_token.value).toBe('');
    expect(cleared.refresh_token.attributes.path).toBe('/api/v1/auth');
    expect(cleared.csrf_token.value).toBe('');
    expect((await me(ctx.app, a.access_token)).statusCode).toBe(401);
    expect((await refreshWithBody(a.refresh_token)).statusCode).toBe(401);
    expect((await me(ctx.app, b.access_token)).statusCode).toBe(200);
  });

  it('with the access token: revokes the session it belongs to', async () => {
    const tokens = await signIn();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(401);
    expect((await refreshWithBody(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('with the cookie: requires the CSRF header', async () => {
    const tokens = await signIn();
    const cookies = { refresh_token: tokens.refresh_token, csrf_token: tokens.csrf };
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies });
    expect(forged.statusCode).toBe(403);
    expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies, headers: { 'x-csrf-token': tokens.csrf } });
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses an invalid access token when nothing else is presented, and is harmless without credentials', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: 'Bearer nada' } });
    expect(bad.statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(none.statusCode).toBe(200);
  });
});
