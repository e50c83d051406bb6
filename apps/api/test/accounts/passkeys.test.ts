// Passkeys (docs/product.md#accounts-and-sessions): registered from the settings, used as the second
// step after a password or alone, against a software authenticator built with node:crypto.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { auditLog, passkeys, sessions } from '../../src/db/schema';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { loginAs, me } from '../support/auth';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { bearerOf, postLogin } from '../support/two-step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const V1 = '/api/v1';
const sidOf = (accessToken: string): string => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid;

function authenticator() {
  const url = new URL(ctx.config.publicUrl);
  return new SoftAuthenticator(url.hostname, url.origin);
}

async function withPasskey(roles: ('USER' | 'ADMIN')[] = ['USER']) {
  const user = await createUser(ctx.db, { roles });
  const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
  const key = authenticator();
  const options = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys/options`, headers: bearerOf(token) });
  expect(options.statusCode).toBe(200);
  const { challenge_id: challengeId, options: creation } = options.json();
  const saved = await ctx.app.inject({
    method: 'POST',
    url: `${V1}/users/me/passkeys`,
    headers: bearerOf(token),
    payload: { challenge_id: challengeId, response: key.register(creation), name: 'Teléfono de prueba' },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { ...user, token, key };
}

async function signInOptions(token?: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `${V1}/auth/passkey/options`, payload: token ? { token } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge_id: string; options: Record<string, unknown> };
}

function verify(challengeId: string, response: unknown, token?: string) {
  return ctx.app.inject({ method: 'POST', url: `${V1}/auth/passkey/verify`, payload: { challenge_id: challengeId, response, ...(token ? { token } : {}) } });
}

describe('registering a passkey', () => {
  it('keeps the public key and lists it in the settings; a discoverable key is asked for', async () => {
    const user = await withPasskey();
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row.credentialId).toBe(user.key.id);
    const [added] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.passkey_added'), eq(auditLog.entityId, String(user.id))));
    expect(added.details).toEqual({ passkey: row.id });
    expect(row.publicKey.length).toBeGreaterThan(40);
    const security = (await ctx.app.inject({ method: 'GET', url: `${V1}/users/me/security`, headers: bearerOf(user.token) })).json();
    expect(security.passkeys).toEqual([expect.objectContaining({ name: 'Teléfono de prueba', last_used_at: null })]);
    const options = (await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys/options`, headers: bearerOf(user.token) })).json().options;
    expect(options.authenticatorSelection.residentKey).toBe('required');
    // The key already registered is excluded, so the browser does not make a second one on it.
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: user.key.id })]);
  });

  it('refuses an answer made for another site, and a challenge used twice', async () => {
    const user = await createUser(ctx.db);
    const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
    const key = authenticator();
    const { challenge_id: challengeId, options } = (await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys/options`, headers: bearerOf(token) })).json();
    const phishing = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/users/me/passkeys`,
      headers: bearerOf(token),
      payload: { challenge_id: challengeId, response: key.register(options, { origin: 'https://donaciones-falsas.example' }), name: 'Otra' },
    });
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json().detail).toBe(twoStepMessages.passkeyInvalid);
    const reused = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys`, headers: bearerOf(token), payload: { challenge_id: challengeId, response: key.register(options), name: 'Otra' } });
    expect(reused.statusCode).toBe(401);
    const blank = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys`, headers: bearerOf(token), payload: { challenge_id: challengeId, response: {}, name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe(twoStepMessages.passkeyNameRequired);
  });
});

describe('signing in with a passkey', () => {
  it('as the second step after the password: only the account\'s own keys are offered, and the session is opened', async () => {
    const user = await withPasskey();
    const login = (await postLogin(ctx.app, user.email, user.password)).json();
    expect(login.second_step.methods).toEqual(['passkey']);
    const { challenge_id: challengeId, options } = await signInOptions(login.second_step.token);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: user.key.id })]);
    const res = await verify(challengeId, user.key.assert(options, { userVerified: false }), login.second_step.token);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().access_token;
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sidOf(token)));
    expect(session.signInMethod).toBe('passkey');
    // The step token is used up.
    const again = await signInOptions();
    expect((await verify(again.challenge_id, user.key.assert(again.options), login.second_step.token)).statusCode).toBe(401);
  });

  it('alone, without a password, when the authenticator verified the person; not without that verification', async () => {
    const user = await withPasskey();
    const bare = await signInOptions();
    expect(bare.options.allowCredentials ?? []).toEqual([]);
    expect(bare.options.userVerification).toBe('required');
    const unverified = await verify(bare.challenge_id, user.key.assert(bare.options, { userVerified: false }));
    expect(unverified.statusCode).toBe(401);

    const { challenge_id: challengeId, options } = await signInOptions();
    const answer = user.key.assert(options);
    const ok = await verify(challengeId, answer);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(ctx.app, ok.json().access_token)).json().email).toBe(user.email);
    // The same answer again: the challenge is spent.
    expect((await verify(challengeId, answer)).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect(row.counter).toBeGreaterThan(0);
  });

  it('refuses an unknown key, a signature of another key, and a counter that went back (a cloned key)', async () => {
    const user = await withPasskey();
    const stranger = authenticator();
    const first = await signInOptions();
    const unknown = await verify(first.challenge_id, stranger.assert(first.options));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(twoStepMessages.passkeyUnknown);

    const second = await signInOptions();
    const forged = { ...stranger.assert(second.options), id: user.key.id, rawId: user.key.id };
    expect((await verify(second.challenge_id, forged)).statusCode).toBe(401);

    const third = await signInOptions();
    expect((await verify(third.challenge_id, user.key.assert(third.options, { counter: 10 }))).statusCode).toBe(200);
    const fourth = await signInOptions();
    expect((await verify(fourth.challenge_id, user.key.assert(fourth.options, { counter: 5 }))).statusCode).toBe(401);
  });

  it('removing a passkey ends the other sessions; the last second step of someone who must have one stays', async () => {
    const user = await withPasskey();
    const other = (await postLogin(ctx.app, user.email, user.password)).json();
    const opts = await signInOptions(other.second_step.token);
    const otherToken = (await verify(opts.challenge_id, user.key.assert(opts.options), other.second_step.token)).json().access_token;
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    const removed = await ctx.app.inject({ method: 'DELETE', url: `${V1}/users/me/passkeys/${row.id}`, headers: bearerOf(user.token) });
    expect(removed.statusCode).toBe(200);
    expect((await me(ctx.app, otherToken)).statusCode).toBe(401);
    expect((await me(ctx.app, user.token)).statusCode).toBe(200);
    const missing = await ctx.app.inject({ method: 'DELETE', url: `${V1}/users/me/passkeys/${row.id}`, headers: bearerOf(user.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(twoStepMessages.passkeyNotFound);
  });
});
