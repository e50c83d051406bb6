import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesToWait } from '@donaciones/shared/format';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { and, eq } from 'drizzle-orm';
import { auditLog, authTokens, emailOutbox, sessions, userPreferences, users } from '../../src/db/schema';
import { verifyPassword } from '../../src/domain/accounts/passwords';
import { createTestApp, createUser, inject, openSession, type TestContext } from '../support/helpers';

let ctx: TestContext;
let alice: { id: number; email: string; password: string; token: string };
let bob: { id: number; email: string; password: string; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { firstName: 'Alicia', lastName: 'Morales' });
  const b = await createUser(ctx.db, { firstName: 'Bernardo', lastName: 'López' });
  alice = { ...a, token: (await openSession(ctx.app, ctx.db, a.id)).token };
  bob = { ...b, token: (await openSession(ctx.app, ctx.db, b.id)).token };
});
afterAll(async () => ctx?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  inject(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('profile', () => {
  it('shows the caller’s own profile', async () => {
    const res = await call('GET', '/users/me/profile', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ first_name: 'Alicia', last_name: 'Morales', email: alice.email, phone: null, address: null, nit: null });
  });

  it('saves names, a Guatemalan phone and an address', async () => {
    const res = await call('PUT', '/users/me/profile', alice.token, {
      first_name: '  Alicia María ',
      last_name: 'Morales Pérez',
      phone: '+502 5555-1234',
      address: 'Zona 1, Ciudad de Guatemala',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ first_name: 'Alicia María', last_name: 'Morales Pérez', email: alice.email, phone: '+502 5555-1234', address: 'Zona 1, Ciudad de Guatemala', nit: null });
    expect((await call('GET', '/users/me/profile', alice.token)).json().phone).toBe('+502 5555-1234');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.profile_updated'), eq(auditLog.entityId, String(alice.id))));
    expect(entry.actorUserId).toBe(alice.id);
  });

  it('accepts the phone formats of docs/product.md#validation-rules and clears empty optional fields', async () => {
    for (const phone of ['55551234', '(502) 5555 1234', '+50255551234', '2222-3333']) {
      const res = await call('PUT', '/users/me/profile', alice.token, { first_name: 'Alicia', last_name: 'Morales', phone });
      expect(res.statusCode, phone).toBe(200);
    }
    const cleared = await call('PUT', '/users/me/profile', alice.token, { first_name: 'Alicia', last_name: 'Morales', phone: '', address: '' });
    expect(cleared.json()).toMatchObject({ phone: null, address: null });
  });

  it('keeps the phone of a donor abroad that /donate took: another country code than +502', async () => {
    for (const phone of ['+1 (213) 555-0199', '+52 55 1234 5678', '+34 612 345 678']) {
      const donated = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/donate',
        headers: { 'idempotency-key': `telefono-${phone.replace(/\D/g, '')}` },
        payload: { donorName: 'Alicia Morales', email: 'alicia.lejos@prueba.gt', phone, amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
      });
      expect(donated.statusCode, phone).toBe(201);
      const res = await call('PUT', '/users/me/profile', alice.token, { first_name: 'Alicia', last_name: 'Morales', phone });
      expect(res.json().errors, phone).toBeUndefined();
      expect(res.statusCode, phone).toBe(200);
      expect((await call('GET', '/users/me/profile', alice.token)).json().phone).toBe(phone);
    }
  });

  it.each([
    [{ first_name: '', last_name: 'Morales' }, 'first_name', 'El nombre es requerido'],
    [{ last_name: 'Morales' }, 'first_name', 'El nombre es requerido'],
    [{ first_name: 'Alicia', last_name: ' ' }, 'last_name', 'El apellido es requerido'],
    [{ first_name: 'A'.repeat(101), last_name: 'Morales' }, 'first_name', 'El nombre no puede tener más de 100 caracteres'],
    [{ first_name: 'Alicia', last_name: 'Morales', phone: '1234' }, 'phone', 'Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)'],
    [{ first_name: 'Alicia', last_name: 'Morales', phone: 'llámame' }, 'phone', 'Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)'],
    [{ first_name: 'Alicia', last_name: 'Morales', phone: '+1 555 123 4567 ext' }, 'phone', 'Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)'],
    [{ first_name: 'Alicia', last_name: 'Morales', address: 'x'.repeat(256) }, 'address', 'La dirección no puede tener más de 255 caracteres'],
    [{ first_name: 'Alicia', last_name: 'Morales', email: 'otra@prueba.gt' }, 'email', 'Tu correo no se puede cambiar desde aquí. Para cambiarlo, escribe desde él a contacto@ejemplo.org y dinos cuál es el nuevo.'],
  ])('refuses %j with a Spanish message on %s', async (body, field, message) => {
    const res = await call('PUT', '/users/me/profile', alice.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const [row] = await ctx.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, alice.id));
    expect(row.email).toBe(alice.email);
    expect(row.firstName).toBe('Alicia');
  });

  it('accepts the unchanged email sent back with the form', async () => {
    const res = await call('PUT', '/users/me/profile', alice.token, { first_name: 'Alicia', last_name: 'Morales', email: alice.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('refuses malformed bodies with a 400', async () => {
    const res = await inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/profile', token: alice.token, headers: { 'content-type': 'application/json' }, payload: '{"first_name":' });
    expect(res.statusCode).toBe(400);
    expect((await call('PUT', '/users/me/profile', alice.token, { first_name: 5, last_name: [] })).statusCode).toBe(400);
  });

  it('only ever changes the caller’s own account', async () => {
    await call('PUT', '/users/me/profile', bob.token, { first_name: 'Beto', last_name: 'López', phone: '4444 5555' });
    expect((await call('GET', '/users/me/profile', alice.token)).json().first_name).toBe('Alicia');
    expect((await call('GET', '/users/me/profile', bob.token)).json()).toMatchObject({ first_name: 'Beto', email: bob.email, phone: '4444 5555' });
    // An id in the body is ignored: the account comes from the session only.
    await call('PUT', '/users/me/profile', bob.token, { id: alice.id, user_id: alice.id, first_name: 'Intruso', last_name: 'López' });
    expect((await call('GET', '/users/me/profile', alice.token)).json().first_name).toBe('Alicia');
  });

  it('requires a session', async () => {
    expect((await call('GET', '/users/me/profile')).statusCode).toBe(401);
    expect((await call('PUT', '/users/me/profile', undefined, { first_name: 'X', last_name: 'Y' })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('starts from the defaults, without consent to be contacted (decision 0081)', async () => {
    const res = await call('GET', '/users/me/preferences', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      favorite_cause: null,
      communication_preferences: { email_notifications: true },
      privacy_settings: { show_donations_publicly: false, allow_contact: false },
    });
  });

  it('creates the defaults for an account that has no preferences row yet', async () => {
    await ctx.db.delete(userPreferences).where(eq(userPreferences.userId, bob.id));
    expect((await call('GET', '/users/me/preferences', bob.token)).json().privacy_settings).toEqual({ show_donations_publicly: false, allow_contact: false });
  });

  it('saves what is sent and keeps the rest', async () => {
    const res = await call('PUT', '/users/me/preferences', alice.token, {
      favorite_cause: 'Programa de alimentación',
      communication_preferences: { email_notifications: false },
      privacy_settings: { show_donations_publicly: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      favorite_cause: 'Programa de alimentación',
      communication_preferences: { email_notifications: false },
      privacy_settings: { show_donations_publicly: true, allow_contact: false },
    });
    const [row] = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, alice.id));
    expect(row.showDonationsPublicly).toBe(true);

    const second = await call('PUT', '/users/me/preferences', alice.token, {
      communication_preferences: { email_notifications: false },
      privacy_settings: { show_donations_publicly: false, allow_contact: true },
    });
    expect(second.json()).toEqual({
      favorite_cause: 'Programa de alimentación',
      communication_preferences: { email_notifications: false },
      privacy_settings: { show_donations_publicly: false, allow_contact: true },
    });
    expect((await call('PUT', '/users/me/preferences', alice.token, { favorite_cause: null })).json().favorite_cause).toBeNull();
  });

  it('refuses wrong types and overlong causes', async () => {
    expect((await call('PUT', '/users/me/preferences', alice.token, { privacy_settings: { show_donations_publicly: 'sí' } })).statusCode).toBe(400);
    const long = await call('PUT', '/users/me/preferences', alice.token, { favorite_cause: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe('La causa favorita no puede tener más de 100 caracteres');
  });

  it('keeps each account’s preferences apart', async () => {
    await call('PUT', '/users/me/preferences', bob.token, { privacy_settings: { show_donations_publicly: true } });
    expect((await call('GET', '/users/me/preferences', alice.token)).json().privacy_settings.show_donations_publicly).toBe(false);
    expect((await call('GET', '/users/me/preferences', bob.token)).json().privacy_settings.show_donations_publicly).toBe(true);
  });

  it('requires a session', async () => {
    expect((await call('GET', '/users/me/preferences')).statusCode).toBe(401);
    expect((await call('PUT', '/users/me/preferences', undefined, {})).statusCode).toBe(401);
  });
});

describe('POST /user/change-password', () => {
  it('refuses a wrong current password with a Spanish 400 and changes nothing', async () => {
    const res = await call('POST', '/user/change-password', alice.token, { current_password: 'NoEsLaMia1', new_password: 'NuevaClave1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'La contraseña actual no es correcta.', errors: { current_password: 'La contraseña actual no es correcta.' } });
    const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, alice.id));
    expect(await verifyPassword(row.hash, alice.password)).toBe(true);
  });

  it.each([
    [{ current_password: '', new_password: 'NuevaClave1' }, 'current_password', 'La contraseña actual es requerida'],
    [{ current_password: 'x', new_password: 'Corta1' }, 'new_password', 'La contraseña debe tener al menos 8 caracteres'],
    [{ current_password: 'x', new_password: 'sinmayusculas1' }, 'new_password', 'La contraseña debe contener al menos una mayúscula, una minúscula y un número'],
    [{ current_password: 'x', new_password: 'NuevaClave1', confirm_password: 'NuevaClave2' }, 'confirm_password', 'Las contraseñas nuevas no coinciden'],
    [{ current_password: 'NuevaClave1', new_password: 'NuevaClave1' }, 'new_password', 'La nueva contraseña debe ser diferente de la actual'],
  ])('validates %j', async (body, field, message) => {
    const res = await call('POST', '/user/change-password', alice.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const other = await openSession(ctx.app, ctx.db, alice.id);
    const bobOther = await openSession(ctx.app, ctx.db, bob.id);
    await ctx.db.insert(authTokens).values({ userId: alice.id, purpose: 'reset_password', tokenHash: `hash-${alice.id}`, expiresAt: new Date(Date.now() + 3_600_000) });

    const res = await call('POST', '/user/change-password', alice.token, { current_password: alice.password, new_password: 'NuevaClave1', confirm_password: 'NuevaClave1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contraseña cambiada exitosamente' });

    const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, alice.id));
    expect(await verifyPassword(row.hash, 'NuevaClave1')).toBe(true);
    expect(await verifyPassword(row.hash, alice.password)).toBe(false);

    // This session still works; the other one of the same account does not; other accounts are untouched.
    expect((await call('GET', '/users/me/profile', alice.token)).statusCode).toBe(200);
    expect((await call('GET', '/users/me/profile', other.token)).statusCode).toBe(401);
    const [revoked] = await ctx.db.select().from(sessions).where(eq(sessions.id, other.sessionId));
    expect(revoked.revokedReason).toBe('password_changed');
    expect((await call('GET', '/users/me/profile', bobOther.token)).statusCode).toBe(200);

    // A pending reset link can no longer be used, the change is audited and the owner is told by email.
    const [token] = await ctx.db.select().from(authTokens).where(eq(authTokens.userId, alice.id));
    expect(token.usedAt).not.toBeNull();
    const audited = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.password_changed'), eq(auditLog.entityId, String(alice.id))));
    expect(audited).toHaveLength(1);
    const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, alice.email));
    expect(mail.map((m) => m.subject)).toContain('Tu contraseña fue cambiada');
    alice.password = 'NuevaClave1';
  });

  it('throttles repeated wrong current passwords per account', async () => {
    const carla = await createUser(ctx.db);
    const { token } = await openSession(ctx.app, ctx.db, carla.id);
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/user/change-password', token, { current_password: `Incorrecta${i}`, new_password: 'NuevaClave1' });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call('POST', '/user/change-password', token, { current_password: carla.password, new_password: 'NuevaClave1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe(httpMessages.tooManyRequestsIn(minutesToWait(Number(blocked.headers['retry-after']))));
    expect(blocked.headers['retry-after']).toBeTruthy();
    // Another account is not affected.
    const ok = await call('POST', '/user/change-password', bob.token, { current_password: bob.password, new_password: 'OtraClave22' });
    expect(ok.statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expect((await call('POST', '/user/change-password', undefined, { current_password: 'a', new_password: 'NuevaClave1' })).statusCode).toBe(401);
  });
});
