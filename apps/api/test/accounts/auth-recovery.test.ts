// Password recovery (docs/product.md#accounts-and-sessions): enumeration-safe request, single-use one-hour link, sessions ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { authTokens, users } from '../../src/db/schema';
import { AUTH_LIMITS, RESET_TOKEN_TTL_MINUTES } from '../../src/domain/accounts/auth';
import { hashToken } from '../../src/domain/accounts/sessions';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, linkIn, loginAs, me } from '../support/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

function forgot(email: unknown, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } as object, remoteAddress: ip });
}

function reset(token: string, password = 'NuevaClave9', confirmPassword = password, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password, confirmPassword }, remoteAddress: ip });
}

async function resetTokenFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const [mail] = await emailsTo(ctx.db, email);
  expect(mail.template).toBe('password-reset');
  return linkIn(mail.textBody, '/reset-password').token;
}

describe('POST /auth/forgot-password', () => {
  it('answers exactly the same for an existing, an unknown and an inactive account; only the existing one gets an email', async () => {
    const user = await createUser(ctx.db);
    const inactive = await createUser(ctx.db, { isActive: false });
    const existing = await forgot(user.email.toUpperCase());
    const unknown = await forgot('no.existe@prueba.gt');
    const disabled = await forgot(inactive.email);
    for (const res of [existing, unknown, disabled]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: authMessages.forgotSent });
    }
    expect(existing.body).toBe(unknown.body);
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(await emailsTo(ctx.db, 'no.existe@prueba.gt')).toHaveLength(0);
    expect(await emailsTo(ctx.db, inactive.email)).toHaveLength(0);

    const [mail] = await emailsTo(ctx.db, user.email);
    const { url, token } = linkIn(mail.textBody, '/reset-password');
    expect(url).toBe(`${ctx.config.publicUrl}/reset-password?token=${token}`);
    const [stored] = await ctx.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'reset_password')));
    expect(stored.tokenHash).toBe(hashToken(token));
    const ttl = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(Math.abs(ttl - RESET_TOKEN_TTL_MINUTES * 60_000)).toBeLessThan(5_000);
  });

  it('validates the email with the Spanish messages', async () => {
    const empty = await forgot('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.email).toBe(validationMessages.emailRequired);
    const bad = await forgot('correo@');
    expect(bad.json().errors.email).toBe(validationMessages.emailInvalid);
  });

  it('throttles per email (existing or not, the same) and per IP, with 429 and Retry-After', async () => {
    const user = await createUser(ctx.db);
    for (const email of [user.email, 'nadie.aqui@prueba.gt']) {
      for (let i = 0; i < AUTH_LIMITS.forgotPerEmail.max; i++) expect((await forgot(email)).statusCode).toBe(200);
      const blocked = await forgot(email);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await emailsTo(ctx.db, user.email)).toHaveLength(AUTH_LIMITS.forgotPerEmail.max);

    const ip = freshIp();
    for (let i = 0; i < AUTH_LIMITS.forgotPerIp.max; i++) expect((await forgot(`persona${i}.ip@prueba.gt`, ip)).statusCode).toBe(200);
    expect((await forgot('otra.persona.ip@prueba.gt', ip)).statusCode).toBe(429);
  });

  it('a newer link replaces the older one', async () => {
    const user = await createUser(ctx.db);
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, ends every session of the account and notifies by email', async () => {
    const user = await createUser(ctx.db);
    const phone = await loginAs(ctx.app, user.email, user.password);
    const laptop = await loginAs(ctx.app, user.email, user.password);
    const token = await resetTokenFor(user.email);

    const res = await reset(token, 'NuevaClave9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.resetDone });

    for (const s of [phone, laptop]) {
      expect((await me(ctx.app, s.access_token)).statusCode).toBe(401);
      const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: s.refresh_token } });
      expect(refreshed.statusCode).toBe(401);
    }
    const old = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: freshIp() });
    expect(old.statusCode).toBe(401);
    const fresh = await loginAs(ctx.app, user.email, 'NuevaClave9');
    expect((await me(ctx.app, fresh.access_token)).statusCode).toBe(200);

    const [notice] = await emailsTo(ctx.db, user.email);
    expect(notice.template).toBe('password-changed');
  });

  it('is single-use', async () => {
    const user = await createUser(ctx.db);
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'PrimeraClave1')).statusCode).toBe(200);
    const again = await reset(token, 'SegundaClave2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: authMessages.resetInvalid, errors: { token: authMessages.resetInvalid } });
    await loginAs(ctx.app, user.email, 'PrimeraClave1');
  });

  it('expires after one hour', async () => {
    const user = await createUser(ctx.db);
    const token = await resetTokenFor(user.email);
    await ctx.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(authMessages.resetInvalid);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    await loginAs(ctx.app, row.email, user.password);
  });

  it('refuses an unknown token, a verification token and a deactivated account', async () => {
    expect((await reset('z'.repeat(43))).statusCode).toBe(400);

    // A link of another purpose is not a reset link.
    const registration = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Luis Gómez', email: 'luis.gomez@prueba.gt', password: 'Segura123', confirmPassword: 'Segura123', acceptTerms: true },
      remoteAddress: freshIp(),
    });
    expect(registration.statusCode).toBe(201);
    const [welcome] = await emailsTo(ctx.db, 'luis.gomez@prueba.gt');
    expect((await reset(linkIn(welcome.textBody, '/verify-email').token)).statusCode).toBe(400);

    const user = await createUser(ctx.db);
    const token = await resetTokenFor(user.email);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await reset(token)).statusCode).toBe(400);
  });

  it('applies the password rules of docs/product.md#validation-rules with the Spanish messages, and keeps the token usable', async () => {
    const user = await createUser(ctx.db);
    const token = await resetTokenFor(user.email);
    const short = await reset(token, 'Ab1', 'Ab1');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe(validationMessages.passwordMin);
    const weak = await reset(token, 'solominusculas1', 'solominusculas1');
    expect(weak.json().errors.password).toBe(validationMessages.passwordComplexity);
    const mismatch = await reset(token, 'NuevaClave9', 'NuevaClave8');
    expect(mismatch.json().errors.confirmPassword).toBe(validationMessages.passwordsMustMatch);
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { password: 'NuevaClave9', confirmPassword: 'NuevaClave9' } });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors.token).toBe(authMessages.resetInvalid);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('throttles attempts per IP with 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < AUTH_LIMITS.resetPerIp.max; i++) expect((await reset(`${'q'.repeat(40)}${i}`, 'NuevaClave9', 'NuevaClave9', ip)).statusCode).toBe(400);
    const user = await createUser(ctx.db);
    const token = await resetTokenFor(user.email);
    const blocked = await reset(token, 'NuevaClave9', 'NuevaClave9', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The link itself was not spent by the refused attempt.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('throttles resets per account, whatever the IP', async () => {
    const user = await createUser(ctx.db);
    const tokens = Array.from({ length: AUTH_LIMITS.resetPerAccount.max + 1 }, (_, i) => `cuenta-${user.id}-enlace-${i}-${'k'.repeat(20)}`);
    await ctx.db
      .insert(authTokens)
      .values(tokens.map((t) => ({ userId: user.id, purpose: 'reset_password' as const, tokenHash: hashToken(t), expiresAt: new Date(Date.now() + 3_600_000) })));
    // Each success spends every open link of the account, so each attempt gets a link of its own.
    for (let i = 0; i < AUTH_LIMITS.resetPerAccount.max; i++) {
      await ctx.db.update(authTokens).set({ usedAt: null }).where(eq(authTokens.tokenHash, hashToken(tokens[i])));
      expect((await reset(tokens[i], `NuevaClave${i}`)).statusCode).toBe(200);
    }
    await ctx.db.update(authTokens).set({ usedAt: null }).where(eq(authTokens.tokenHash, hashToken(tokens.at(-1)!)));
    expect((await reset(tokens.at(-1)!, 'UltimaClave1')).statusCode).toBe(429);
  });
});
