// "Sesiones activas" (docs/product.md#accounts-and-sessions): a person's open sessions with device,
// approximate place and last use; ending one or all the others; an ADMIN ending a staff member's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { describeDevice, describePlace } from '../../src/domain/accounts/device';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { loginAs, me } from '../support/auth';
import { bearerOf, enrolTotp, postLogin } from '../support/two-step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const V1 = '/api/v1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function signInFrom(user: { email: string; password: string }, ip: string, userAgent: string) {
  const res = await postLogin(ctx.app, user.email, user.password, { ip, userAgent });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const list = async (token: string) => (await ctx.app.inject({ method: 'GET', url: `${V1}/users/me/sessions`, headers: bearerOf(token) })).json().sessions;

describe('the device and place of a session', () => {
  it('names common browsers and systems, and tells only a local network, never a guessed place', () => {
    expect(describeDevice(ANDROID)).toBe('Chrome en Android');
    expect(describeDevice(MAC)).toBe('Safari en macOS');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox en Windows');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge en Windows');
    expect(describeDevice('curl/8.0')).toBe(twoStepMessages.unknownDevice);
    expect(describeDevice(null)).toBe(twoStepMessages.unknownDevice);
    expect(describePlace('192.168.1.20')).toBe('Red local');
    expect(describePlace('::1')).toBe('Red local');
    expect(describePlace('::ffff:10.0.0.3')).toBe('Red local');
    expect(describePlace('181.174.100.20')).toBe('Ubicación aproximada no disponible');
    expect(describePlace(null)).toBe('Ubicación aproximada no disponible');
  });
});

describe('Sesiones activas', () => {
  it('lists the open sessions with device, place and last use, the current one marked', async () => {
    const user = await createUser(ctx.db);
    const phone = await signInFrom(user, '10.1.2.3', ANDROID);
    const laptop = await signInFrom(user, '181.174.100.20', MAC);
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Safari en macOS', place: 'Ubicación aproximada no disponible', sign_in_method: 'password' });
    expect(sessions.find((s: { current: boolean }) => !s.current)).toMatchObject({ device: 'Chrome en Android', place: 'Red local' });
    expect(Date.parse(current.last_used_at)).not.toBeNaN();
    expect((await list(phone)).find((s: { current: boolean }) => s.current).device).toBe('Chrome en Android');
  });

  it('ends one session (only one\'s own), or all the others', async () => {
    const user = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const a = await signInFrom(user, '10.0.0.1', ANDROID);
    const b = await signInFrom(user, '10.0.0.2', MAC);
    const c = await signInFrom(user, '10.0.0.3', MAC);
    const strangerToken = (await loginAs(ctx.app, stranger.email, stranger.password)).access_token;
    const target = (await list(a)).find((s: { current: boolean; device: string }) => !s.current && s.device === 'Safari en macOS');
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `${V1}/users/me/sessions/${target.id}`, headers: bearerOf(strangerToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(twoStepMessages.sessionNotFound);
    const ended = await ctx.app.inject({ method: 'DELETE', url: `${V1}/users/me/sessions/${target.id}`, headers: bearerOf(a) });
    expect(ended.statusCode).toBe(200);
    const stillOpen = [(await me(ctx.app, b)).statusCode, (await me(ctx.app, c)).statusCode].sort();
    expect(stillOpen).toEqual([200, 401]);
    expect(await list(a)).toHaveLength(2);

    const others = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/sessions/end-others`, headers: bearerOf(a) });
    expect(others.statusCode).toBe(200);
    expect(others.json().message).toBe('Cerramos la otra sesión.');
    expect((await me(ctx.app, b)).statusCode).toBe(401);
    expect((await me(ctx.app, c)).statusCode).toBe(401);
    expect((await me(ctx.app, a)).statusCode).toBe(200);
    expect(await list(a)).toHaveLength(1);
    const none = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/sessions/end-others`, headers: bearerOf(a) });
    expect(none.json().message).toBe('No tenías otras sesiones abiertas.');
    expect((await me(ctx.app, strangerToken)).statusCode).toBe(200);
  });

  it('changing the password ends the other sessions', async () => {
    const user = await createUser(ctx.db);
    const a = await signInFrom(user, '10.0.1.1', ANDROID);
    const b = await signInFrom(user, '10.0.1.2', MAC);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/user/change-password`,
      headers: bearerOf(a),
      payload: { current_password: user.password, new_password: 'Cambiada123', confirm_password: 'Cambiada123' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, b)).statusCode).toBe(401);
    expect(await list(a)).toHaveLength(1);
  });
});

describe('staff sign-in seen by an ADMIN', () => {
  it('lists staff with last sign-in, second step and open sessions, and ends a member\'s sessions', async () => {
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const adminToken = (await loginAs(ctx.app, admin.email, admin.password)).access_token;
    const staff = await createUser(ctx.db, { roles: ['ADMIN'] });
    const staffToken = (await loginAs(ctx.app, staff.email, staff.password)).access_token;
    await enrolTotp(ctx.app, staffToken);
    const donor = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });

    const res = await ctx.app.inject({ method: 'GET', url: `${V1}/admin/staff/security`, headers: bearerOf(adminToken) });
    expect(res.statusCode).toBe(200);
    const rows = res.json().staff;
    const row = rows.find((r: { id: number }) => r.id === staff.id);
    expect(row).toMatchObject({ email: staff.email, totp_enabled: true, passkeys: 0, open_sessions: 1 });
    expect(Date.parse(row.last_login_at)).not.toBeNaN();
    expect(rows.some((r: { id: number }) => r.id === donor.id)).toBe(false);

    const end = await ctx.app.inject({ method: 'POST', url: `${V1}/admin/users/${staff.id}/sessions/end`, headers: bearerOf(adminToken) });
    expect(end.statusCode).toBe(200);
    expect(end.json().message).toBe(twoStepMessages.staffSessionsEnded(1));
    expect((await me(ctx.app, staffToken)).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: `${V1}/admin/users/999999/sessions/end`, headers: bearerOf(adminToken) });
    expect(missing.statusCode).toBe(404);
    // Ending one's own keeps the session in use.
    await ctx.app.inject({ method: 'POST', url: `${V1}/admin/users/${admin.id}/sessions/end`, headers: bearerOf(adminToken) });
    expect((await me(ctx.app, adminToken)).statusCode).toBe(200);
  });
});
