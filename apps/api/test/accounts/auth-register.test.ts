// Registration (docs/product.md#validation-rules, #accounts-and-sessions) and email verification with donation linking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { minutesToWait } from '@donaciones/shared/format';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { authMessages } from '@donaciones/shared/messages/auth';
import { NAME_MAX_LENGTH } from '@donaciones/shared/constants';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { auditLog, authTokens, donations, userPreferences, users } from '../../src/db/schema';
import { insertDonation, transitionDonation } from '../../src/domain/ledger/transitions';
import { hashToken } from '../../src/domain/accounts/sessions';
import { AUTH_LIMITS } from '../../src/domain/accounts/auth';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, linkIn, loginAs, me, validRegistration } from '../support/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const v = validationMessages;

function register(payload: unknown, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: payload as object, remoteAddress: ip });
}

describe('POST /auth/register validation (docs/product.md#validation-rules, messages verbatim)', () => {
  const base = validRegistration('validacion@prueba.gt');
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { name: undefined }, 'name', v.nameRequired],
    ['empty name', { name: '   ' }, 'name', v.nameRequired],
    ['short name', { name: 'A' }, 'name', v.nameMin],
    ['long name', { name: 'x'.repeat(NAME_MAX_LENGTH + 1) }, 'name', v.nameMax],
    ['missing email', { email: undefined }, 'email', v.emailRequired],
    ['empty email', { email: '' }, 'email', v.emailRequired],
    ['invalid email', { email: 'no-es-correo' }, 'email', v.emailInvalid],
    ['missing password', { password: undefined }, 'password', v.passwordRequired],
    ['empty password', { password: '', confirmPassword: '' }, 'password', v.passwordRequired],
    ['short password', { password: 'Ab1', confirmPassword: 'Ab1' }, 'password', v.passwordMin],
    ['password without uppercase', { password: 'segura123', confirmPassword: 'segura123' }, 'password', v.passwordComplexity],
    ['password without lowercase', { password: 'SEGURA123', confirmPassword: 'SEGURA123' }, 'password', v.passwordComplexity],
    ['password without digit', { password: 'SeguraSegura', confirmPassword: 'SeguraSegura' }, 'password', v.passwordComplexity],
    ['missing confirmation', { confirmPassword: '' }, 'confirmPassword', v.confirmRequired],
    ['different confirmation', { confirmPassword: 'Segura124' }, 'confirmPassword', v.passwordsMustMatch],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', v.termsRequired],
    ['terms missing', { acceptTerms: undefined }, 'acceptTerms', v.termsRequired],
  ];
  it.each(cases)('%s -> 400 with the Spanish message on the field', async (_label, change, field, message) => {
    const res = await register({ ...base, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[field]).toBe(message);
    expect(body.detail).toBeTruthy();
  });

  it('reports every wrong field at once, the mismatch included', async () => {
    const res = await register({ name: 'A', email: 'x', password: 'abc', confirmPassword: 'abd', acceptTerms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: v.nameMin,
      email: v.emailInvalid,
      password: v.passwordMin,
      confirmPassword: v.passwordsMustMatch,
      acceptTerms: v.termsRequired,
    });
  });

  it.each([
    ['only capital is Ñ', 'Ñandú2026seguro', 'clave.enie@prueba.gt'],
    ['only capital is Á', 'Árbol2026seguro', 'clave.acento@prueba.gt'],
    ['only small letters are ñ and ú', 'ÑANDÚ2026ñú', 'clave.minusculas@prueba.gt'],
  ])('takes a password whose %s, as a Spanish keyboard writes it', async (_label, password, email) => {
    const res = await register({ ...validRegistration(email), password, confirmPassword: password });
    expect(res.json().errors?.password).toBeUndefined();
    expect(res.statusCode).toBe(201);
    await loginAs(ctx.app, email, password);
  });

  it('creates nothing on invalid input', async () => {
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, 'validacion@prueba.gt'));
    expect(n).toBe(0);
  });
});

describe('POST /auth/register', () => {
  it('creates a USER with preferences, stores an argon2id hash and queues the welcome email with a verification link', async () => {
    const res = await register({ ...validRegistration('Nueva.Cuenta@Prueba.GT'), name: '  Ana Lucía   Pérez  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'nueva.cuenta@prueba.gt'));
    expect(user).toBeDefined();
    expect(user.roles).toEqual(['USER']);
    expect(user.firstName).toBe('Ana');
    expect(user.lastName).toBe('Lucía Pérez');
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.isActive).toBe(true);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain('Segura123');
    const prefs = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, user.id));
    expect(prefs).toHaveLength(1);

    const [email] = await emailsTo(ctx.db, user.email);
    expect(email.template).toBe('welcome');
    expect(email.status).toBe('pending');
    const { url, token } = linkIn(email.textBody, '/verify-email');
    expect(url.startsWith(`${ctx.config.publicUrl}/verify-email?token=`)).toBe(true);
    // Only the hash of the token is stored.
    const [stored] = await ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.purpose).toBe('verify_email');
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('does not answer with anything secret', async () => {
    const res = await register(validRegistration('sin.secretos@prueba.gt'));
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(/argon|hash|token/i);
  });

  it('answers an address that has an account exactly as a new one (no enumeration), emails its owner and creates nothing', async () => {
    const existing = await createUser(ctx.db, { email: 'repetido@prueba.gt', firstName: 'Rosa', password: 'Original123' });
    const [before] = await ctx.db.select().from(users).where(eq(users.email, existing.email));
    const fresh = await register(validRegistration('libre@prueba.gt'));
    const taken = await register({ ...validRegistration('REPETIDO@prueba.gt'), name: 'Otra Persona' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    // No second account, and the existing one is untouched: name, password, roles, tokens.
    const rows = await ctx.db.select().from(users).where(eq(users.email, existing.email));
    expect(rows).toEqual([before]);
    expect(await ctx.db.select().from(authTokens).where(eq(authTokens.userId, existing.id))).toEqual([]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: existing.email, password: 'Segura123' }, remoteAddress: freshIp() })).statusCode).toBe(401);
    await loginAs(ctx.app, existing.email, 'Original123');

    // The owner is told, with the ways in; no welcome and no verification link.
    const emails = await emailsTo(ctx.db, existing.email);
    expect(emails.map((e) => e.template)).toEqual(['register-existing-account']);
    expect(emails[0].subject).toContain('Alguien intentó crear una cuenta con tu correo');
    expect(emails[0].textBody).toContain('Hola Rosa:');
    expect(emails[0].textBody).toContain(`inicia sesión en ${ctx.config.publicUrl}/login`);
    expect(emails[0].textBody).toContain(`restablécela en ${ctx.config.publicUrl}/forgot-password`);
    expect(emails[0].textBody).not.toMatch(/token=/);
    // A security record, out of the dashboard's activity feed like the other auth.* entries.
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(existing.id)));
    expect(entry.action).toBe('auth.register_existing');
  });

  it('does not email a deactivated account that someone tries to register again, and still answers the same', async () => {
    const off = await createUser(ctx.db, { email: 'apagada@prueba.gt', isActive: false });
    const res = await register(validRegistration(off.email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered });
    expect(await emailsTo(ctx.db, off.email)).toEqual([]);
  });

  it('lets a new account sign in before verifying its email', async () => {
    await register(validRegistration('sin.verificar@prueba.gt'));
    const tokens = await loginAs(ctx.app, 'sin.verificar@prueba.gt', 'Segura123');
    const res = await me(ctx.app, tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'sin.verificar@prueba.gt', roles: ['USER'], first_name: 'Ana', last_name: 'Lucía Pérez', email_verified: false });
  });

  it('throttles registrations per email and per IP with 429 and Retry-After', async () => {
    // Per email: the same address from different IPs.
    let last;
    for (let i = 0; i < AUTH_LIMITS.registerPerEmail.max; i++) last = await register(validRegistration('insistente@prueba.gt'));
    expect(last?.statusCode).toBe(201);
    const blocked = await register(validRegistration('insistente@prueba.gt'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: httpMessages.tooManyRequestsIn(minutesToWait(Number(blocked.headers['retry-after']))) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(AUTH_LIMITS.registerPerEmail.windowMs / 1000);

    // Per IP: different addresses from one IP.
    const ip = freshIp();
    for (let i = 0; i < AUTH_LIMITS.registerPerIp.max; i++) {
      const res = await register({ ...validRegistration(`masiva${i}@prueba.gt`), password: 'x' }, ip);
      expect(res.statusCode).toBe(400);
    }
    // Invalid bodies are refused before counting; valid ones count.
    for (let i = 0; i < AUTH_LIMITS.registerPerIp.max; i++) {
      const res = await register(validRegistration(`masiva${i}@prueba.gt`), ip);
      expect(res.statusCode).toBe(201);
    }
    const over = await register(validRegistration('una.mas@prueba.gt'), ip);
    expect(over.statusCode).toBe(429);
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, 'una.mas@prueba.gt'));
    expect(n).toBe(0);
    // Another address is not affected.
    expect((await register(validRegistration('otra.ip@prueba.gt'))).statusCode).toBe(201);
  });
});

describe('GET /auth/verify-email', () => {
  async function registerAndGetToken(email: string) {
    const res = await register(validRegistration(email));
    expect(res.statusCode).toBe(201);
    const [mail] = await emailsTo(ctx.db, email);
    return linkIn(mail.textBody, '/verify-email').token;
  }
  const verify = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}` });

  it('marks the email verified; the same link again says it is already verified', async () => {
    const token = await registerAndGetToken('verificar@prueba.gt');
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.verifyDone });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'verificar@prueba.gt'));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: authMessages.alreadyVerified });
  });

  it('refuses an unknown, a missing or an expired token with a Spanish 400', async () => {
    const unknown = await verify('a'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(authMessages.verifyInvalid);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(authMessages.verifyInvalid);

    const token = await registerAndGetToken('vencido@prueba.gt');
    await ctx.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, hashToken(token)));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'vencido@prueba.gt'));
    expect(user.emailVerifiedAt).toBeNull();
  });

  it('links the completed donations made with that email only once it is verified, and adds DONOR first', async () => {
    const email = 'donante.nueva@prueba.gt';
    const completed = await insertDonation(ctx.db, { donorName: 'Ana', donorEmail: 'Donante.Nueva@prueba.gt', amountCents: 18_500, donationType: 'monetary', source: 'public' });
    await transitionDonation(ctx.db, { id: completed.id, action: 'approve', actor: null });
    const pending = await insertDonation(ctx.db, { donorName: 'Ana', donorEmail: email, amountCents: 7_500, donationType: 'monetary', source: 'public' });
    const other = await insertDonation(ctx.db, { donorName: 'Otra', donorEmail: 'otra.persona@prueba.gt', amountCents: 1_500, donationType: 'monetary', source: 'public' });
    await transitionDonation(ctx.db, { id: other.id, action: 'approve', actor: null });

    const token = await registerAndGetToken(email);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, email));
    // Registering alone links nothing: anyone could type a donor's address.
    const before = await ctx.db.select().from(donations).where(eq(donations.id, completed.id));
    expect(before[0].userId).toBeNull();
    expect(account.roles).toEqual(['USER']);

    expect((await verify(token)).statusCode).toBe(200);
    const [linked] = await ctx.db.select().from(donations).where(eq(donations.id, completed.id));
    expect(linked.userId).toBe(account.id);
    const [stillPending] = await ctx.db.select().from(donations).where(eq(donations.id, pending.id));
    expect(stillPending.userId).toBeNull();
    const [notMine] = await ctx.db.select().from(donations).where(eq(donations.id, other.id));
    expect(notMine.userId).toBeNull();
    const [after] = await ctx.db.select().from(users).where(eq(users.id, account.id));
    expect(after.roles).toEqual(['DONOR', 'USER']);

    // /auth/me shows the new main role at once.
    const tokens = await loginAs(ctx.app, email, 'Segura123');
    expect((await me(ctx.app, tokens.access_token)).json()).toMatchObject({ roles: ['DONOR', 'USER'], email_verified: true });
  });

  it('keeps the role USER when the email has no completed donation', async () => {
    const token = await registerAndGetToken('sin.donaciones@prueba.gt');
    await verify(token);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'sin.donaciones@prueba.gt'));
    expect(user.roles).toEqual(['USER']);
  });

  it('sends a new link on request to a signed-in unverified account, and the older link stops working', async () => {
    const email = 'reenviar@prueba.gt';
    const first = await registerAndGetToken(email);
    const tokens = await loginAs(ctx.app, email, 'Segura123');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.verificationSent });
    const [latest] = await emailsTo(ctx.db, email);
    expect(latest.template).toBe('verify-email');
    const second = linkIn(latest.textBody, '/verify-email').token;
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(done.json()).toEqual({ message: authMessages.alreadyVerified });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification' });
    expect(anonymous.statusCode).toBe(401);
  });
});
