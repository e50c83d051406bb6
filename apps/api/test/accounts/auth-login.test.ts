// Sign-in, /auth/me, forged and stale access tokens, cookies, and the sign-in throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { errorMessages } from '../../src/messages/errors';
import { refreshTokens, sessions, users } from '../../src/db/schema';
import { accessTokenSigner } from '../../src/domain/accounts/access-tokens';
import { AUTH_LIMITS } from '../../src/domain/accounts/auth';
import { hashPassword } from '../../src/domain/accounts/passwords';
import { DEVICE_COOKIE } from '../../src/routes/auth-steps';
import { hashToken } from '../../src/domain/accounts/sessions';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { freshIp, loginAs, me, setCookies } from '../support/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

function postLogin(payload: unknown, ip = freshIp(), device?: string) {
  const cookies = device ? { [DEVICE_COOKIE]: device } : undefined;
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object, remoteAddress: ip, cookies });
}

/** Signs the user in once from a browser and answers its device id, which makes that browser known. */
async function knownBrowser(user: { email: string; password: string }): Promise<string> {
  const res = await postLogin({ email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  return setCookies(res)[DEVICE_COOKIE].value;
}

const waitMessage = /^Demasiados intentos\. Intenta de nuevo en (\d+) minutos? o restablece tu contraseña\.$/;

describe('POST /auth/login', () => {
  it('answers the token pair, opens a session with a hashed refresh token and records the last access', async () => {
    const user = await createUser(ctx.db, { roles: ['ADMIN', 'DONOR'] });
    const res = await postLogin({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(ctx.config.accessTokenTtlSeconds);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const stored = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(body.refresh_token)));
    expect(stored).toHaveLength(1);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, stored[0].sessionId));
    expect(session.userId).toBe(user.id);
    expect(session.revokedAt).toBeNull();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLoginAt).toBeInstanceOf(Date);
    expect(Date.now() - row.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('sets the refresh cookie (HttpOnly, SameSite=Strict, Path=/api/v1/auth) and the readable CSRF cookie', async () => {
    const user = await createUser(ctx.db);
    const res = await postLogin({ email: user.email, password: user.password });
    const cookies = setCookies(res);
    const refresh = cookies.refresh_token;
    expect(refresh.value).toBe(res.json().refresh_token);
    expect(refresh.attributes.httponly).toBe(true);
    expect(refresh.attributes.samesite).toBe('Strict');
    expect(refresh.attributes.path).toBe('/api/v1/auth');
    expect(refresh.attributes.secure).toBeUndefined();
    expect(Number(refresh.attributes['max-age'])).toBe(ctx.config.refreshTokenTtlDays * 86_400);
    const csrf = cookies.csrf_token;
    expect(csrf.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf.attributes.httponly).toBeUndefined();
    expect(csrf.attributes.samesite).toBe('Strict');
    expect(csrf.attributes.path).toBe('/');
  });

  it('marks both cookies Secure when configured', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    try {
      const user = await createUser(secure.db);
      const res = await secure.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
      const cookies = setCookies(res);
      expect(cookies.refresh_token.attributes.secure).toBe(true);
      expect(cookies.csrf_token.attributes.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('answers wrong password, unknown email and inactive account with the same 401, which names neither part', async () => {
    const active = await createUser(ctx.db);
    const inactive = await createUser(ctx.db, { isActive: false });
    const wrong = await postLogin({ email: active.email, password: 'Incorrecta1' });
    const unknown = await postLogin({ email: 'nadie@prueba.gt', password: 'Incorrecta1' });
    const disabled = await postLogin({ email: inactive.email, password: inactive.password });
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(authMessages.invalidCredentials).not.toMatch(/no existe|inactiv|contraseña incorrecta\b/i);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, inactive.id));
    expect(row.lastLoginAt).toBeNull();
  });

  it('validates the body with the Spanish messages of docs/product.md#validation-rules', async () => {
    const noEmail = await postLogin({ password: 'Secreta123' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toBe(validationMessages.emailRequired);
    const badEmail = await postLogin({ email: 'correo', password: 'Secreta123' });
    expect(badEmail.json().errors.email).toBe(validationMessages.emailInvalid);
    const noPassword = await postLogin({ email: 'a@prueba.gt', password: '' });
    expect(noPassword.json().errors.password).toBe(validationMessages.passwordRequired);
    const shortPassword = await postLogin({ email: 'a@prueba.gt', password: '12345' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().errors.password).toBe(validationMessages.loginPasswordMin);
    const notJson = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('GET /auth/me', () => {
  it('answers id, email, roles (main first), names and verification', async () => {
    const user = await createUser(ctx.db, { roles: ['DONOR', 'USER'], firstName: 'María', lastName: 'López', verified: false });
    const tokens = await loginAs(ctx.app, user.email, user.password);
    const res = await me(ctx.app, tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: user.email, roles: ['DONOR', 'USER'], first_name: 'María', last_name: 'López', email_verified: false, nit: null });
  });

  it('refuses a missing or malformed Authorization header', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const basic = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: 'Basic YTpi' } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toEqual({ detail: errorMessages.unauthorized });
    expect((await me(ctx.app, 'mock-token-123')).statusCode).toBe(401);
  });

  describe('forged and stale access tokens -> 401', () => {
    let user: Awaited<ReturnType<typeof createUser>>;
    let good: string;
    let claims: { sub: string; sid: string };
    beforeAll(async () => {
      user = await createUser(ctx.db);
      good = (await loginAs(ctx.app, user.email, user.password)).access_token;
      const payload = JSON.parse(Buffer.from(good.split('.')[1], 'base64url').toString());
      claims = { sub: payload.sub, sid: payload.sid };
      expect((await me(ctx.app, good)).statusCode).toBe(200);
    });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

    it('alg: none', async () => {
      const [, payload] = good.split('.');
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      expect((await me(ctx.app, unsigned)).statusCode).toBe(401);
    });

    it('a signature made with another secret', async () => {
      const other = accessTokenSigner('x'.repeat(48), 900);
      const forged = await other.sign({ userId: user.id, sessionId: claims.sid });
      expect((await me(ctx.app, forged)).statusCode).toBe(401);
    });

    it('a payload changed after signing', async () => {
      const [header, payload, signature] = good.split('.');
      const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: String(user.id + 1000) };
      expect((await me(ctx.app, `${header}.${b64(changed)}.${signature}`)).statusCode).toBe(401);
      expect((await me(ctx.app, `${header}.${payload}`)).statusCode).toBe(401);
    });

    it('an HS512 token signed with the right secret', async () => {
      const token = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(claims.sub)
        .setIssuer('donaciones-api')
        .setAudience('donaciones-web')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
      expect((await me(ctx.app, token)).statusCode).toBe(401);
    });

    it('an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      const token = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer('donaciones-api')
        .setAudience('donaciones-web')
        .setIssuedAt(past - 900)
        .setExpirationTime(past)
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
      expect((await me(ctx.app, token)).statusCode).toBe(401);
    });

    it('a token of a deactivated user, and of a deleted user', async () => {
      const victim = await createUser(ctx.db);
      const token = (await loginAs(ctx.app, victim.email, victim.password)).access_token;
      expect((await me(ctx.app, token)).statusCode).toBe(200);
      await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, victim.id));
      expect((await me(ctx.app, token)).statusCode).toBe(401);

      const gone = await createUser(ctx.db);
      const goneToken = (await loginAs(ctx.app, gone.email, gone.password)).access_token;
      await ctx.db.delete(users).where(eq(users.id, gone.id));
      expect((await me(ctx.app, goneToken)).statusCode).toBe(401);
    });

    it('a token of a revoked session', async () => {
      const tokens = await loginAs(ctx.app, user.email, user.password);
      const sid = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sid;
      await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
      expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(401);
      // Other sessions of the same account are not affected.
      expect((await me(ctx.app, good)).statusCode).toBe(200);
    });
  });
});

describe('sign-in throttle (per account and connection, per known browser, per address, per account; shared counters)', () => {
  const L = AUTH_LIMITS;

  it('blocks an account from the address that failed too often, with 429 and Retry-After, and only there', async () => {
    const user = await createUser(ctx.db);
    const attacker = freshIp();
    for (let i = 0; i < L.loginFailuresPerAccountIp.max; i++) {
      expect((await postLogin({ email: user.email, password: `Incorrecta${i}` }, attacker)).statusCode).toBe(401);
    }
    const blocked = await postLogin({ email: user.email, password: user.password }, attacker);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(L.loginFailuresPerAccountIp.windowMs / 1000);
    // The answer says, in whole minutes from the real remaining time, when to try again.
    const { detail } = blocked.json() as { detail: string };
    expect(detail).toBe(authMessages.tooManyAttempts(Math.ceil(retryAfter / 60)));
    expect(Number(waitMessage.exec(detail)?.[1])).toBe(L.loginFailuresPerAccountIp.windowMs / 60_000);
    // The owner, from anywhere else, still signs in with the right password.
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).statusCode).toBe(200);
  });

  it("a stranger at the owner's own address cannot lock the owner's browser out", async () => {
    const user = await createUser(ctx.db);
    const device = await knownBrowser(user);
    const office = freshIp();
    // A stranger in the same office (one address) fails on the owner's account until that address is blocked...
    for (let i = 0; i < L.loginFailuresPerAccountIp.max; i++) {
      expect((await postLogin({ email: user.email, password: `Incorrecta${i}` }, office)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: user.email, password: user.password }, office)).statusCode).toBe(429);
    // ...and the owner, from the same address in the browser used before, still signs in.
    expect((await postLogin({ email: user.email, password: user.password }, office, device)).statusCode).toBe(200);
    // A known browser's own failures are counted for it alone.
    for (let i = 0; i < L.loginFailuresPerAccountDevice.max; i++) {
      expect((await postLogin({ email: user.email, password: `Incorrecta${i}` }, freshIp(), device)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: user.email, password: user.password }, freshIp(), device)).statusCode).toBe(429);
    // A made-up device id is no known browser: it counts as any other client.
    expect((await postLogin({ email: user.email, password: user.password }, office, 'x'.repeat(43))).statusCode).toBe(429);
  });

  it('bounds guessing from many addresses, even in parallel: past the ceiling only known browsers and a new password get in', async () => {
    const user = await createUser(ctx.db);
    const device = await knownBrowser(user);
    // More guesses than the ceiling, all at once, each from its own address.
    const guesses = await Promise.all(
      Array.from({ length: L.loginFailuresPerAccount.max + 10 }, (_, i) => postLogin({ email: user.email, password: `Incorrecta${i}` })),
    );
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(L.loginFailuresPerAccount.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    // Even the right password, from a new address, now waits: the account's window, in minutes.
    const refused = await postLogin({ email: user.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    const minutes = Number(waitMessage.exec((refused.json() as { detail: string }).detail)?.[1]);
    expect(minutes).toBeGreaterThan(L.loginFailuresPerAccountIp.windowMs / 60_000);
    expect(minutes).toBeLessThanOrEqual(L.loginFailuresPerAccount.windowMs / 60_000);
    // The owner's browser is not locked out.
    expect((await postLogin({ email: user.email, password: user.password }, freshIp(), device)).statusCode).toBe(200);
    // A new password (a reset) lifts the ceiling: guessing the old one is pointless now.
    const password = 'NuevaClave123';
    await ctx.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    expect((await postLogin({ email: user.email, password })).statusCode).toBe(200);
  });

  it('treats an unknown email like an existing one (no enumeration through the throttle)', async () => {
    const ip = freshIp();
    for (let i = 0; i < L.loginFailuresPerAccountIp.max; i++) {
      expect((await postLogin({ email: 'fantasma@prueba.gt', password: `Incorrecta${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: 'fantasma@prueba.gt', password: 'Incorrecta9' }, ip)).statusCode).toBe(429);
  });

  it('blocks an IP that fails across many accounts, and not the others', async () => {
    const ip = freshIp();
    for (let i = 0; i < L.loginFailuresPerIp.max; i++) {
      expect((await postLogin({ email: `cuenta${i}@prueba.gt`, password: 'Incorrecta1' }, ip)).statusCode).toBe(401);
    }
    const user = await createUser(ctx.db);
    expect((await postLogin({ email: user.email, password: user.password }, ip)).statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).statusCode).toBe(200);
  });

  it('lets the staff of one office sign in one after another, mistakes included', async () => {
    const ip = freshIp();
    const staff = await Promise.all(Array.from({ length: L.loginFailuresPerIp.max + 5 }, () => createUser(ctx.db)));
    for (let i = 0; i < 3; i++) expect((await postLogin({ email: staff[i].email, password: 'Equivocada1' }, ip)).statusCode).toBe(401);
    for (const person of staff) {
      const res = await postLogin({ email: person.email, password: person.password }, ip);
      expect(res.statusCode).toBe(200);
    }
  });

  it('throttles successful sign-ins too (each costs a password hash and a session): per account and per address', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < L.loginSuccessesPerAccount.max; i++) {
      expect((await postLogin({ email: user.email, password: user.password })).statusCode).toBe(200);
    }
    const sessionsBefore = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const over = await postLogin({ email: user.email, password: user.password });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(sessionsBefore);

    const ip = freshIp();
    // Enough people that none of them reaches the per-account ceiling first.
    const people = await Promise.all(Array.from({ length: Math.ceil(L.loginAttemptsPerIp.max / (L.loginSuccessesPerAccount.max - 1)) + 1 }, () => createUser(ctx.db)));
    const codes: number[] = [];
    for (let i = 0; i < L.loginAttemptsPerIp.max + 1; i++) {
      const person = people[i % people.length];
      codes.push((await postLogin({ email: person.email, password: person.password }, ip)).statusCode);
      if (codes.at(-1) === 429) break;
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c === 200)).toHaveLength(L.loginAttemptsPerIp.max);
  }, 180_000);

  it('forgets the failures of an account from an address after it signs in successfully there', async () => {
    const user = await createUser(ctx.db);
    const ip = freshIp();
    for (let i = 0; i < L.loginFailuresPerAccountIp.max - 1; i++) {
      expect((await postLogin({ email: user.email, password: 'Incorrecta1' }, ip)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: user.email, password: user.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < L.loginFailuresPerAccountIp.max; i++) {
      expect((await postLogin({ email: user.email, password: 'Incorrecta1' }, ip)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: user.email, password: 'Incorrecta1' }, ip)).statusCode).toBe(429);
  });

  it('shares the counters between two API processes on one database', async () => {
    // A second app on the same database stands in for a second process behind the load balancer.
    const { buildApp } = await import('../../src/app');
    const second = await buildApp({ config: ctx.config, database: { db: ctx.db, kind: ctx.app.dbKind, close: async () => {} }, logger: false });
    await second.ready();
    try {
      const user = await createUser(ctx.db);
      const ip = freshIp();
      for (let i = 0; i < AUTH_LIMITS.loginFailuresPerAccountIp.max; i++) {
        const target = i % 2 === 0 ? ctx.app : second;
        const res = await target.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'Incorrecta1' }, remoteAddress: ip });
        expect(res.statusCode).toBe(401);
      }
      const res = await second.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: ip });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
