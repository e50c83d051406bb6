// The emailed links that set a password (docs/product.md#accounts-and-sessions): an admin's invitation sets the first
// password and confirms the address; a reset confirms it too; GET /auth/password-link says whether a link is still
// usable without spending it or naming the account; a changed address spends the links sent to the former one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { auditLog, authTokens, donations, users } from '../../src/db/schema';
import { insertDonation, transitionDonation } from '../../src/domain/ledger/transitions';
import { callers } from '../support/staff';
import { createTestApp, createUser, inject, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, linkIn, loginAs } from '../support/auth';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const check = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/auth/password-link', query: { token }, remoteAddress: freshIp() });
const setPassword = (token: string, password = 'Primera123') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password, confirmPassword: password }, remoteAddress: freshIp() });

/** An account created by an admin, and the token of the invitation it was emailed. */
async function invite(email: string, extra: Record<string, unknown> = {}) {
  const res = await inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/users',
    token: who.admin.token,
    payload: { email, first_name: 'Lucía', last_name: 'Xicará', role: 'USER', ...extra },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await emailsTo(ctx.db, email);
  expect(mail.template).toBe('admin-created-account');
  return { id: res.json().id as number, token: linkIn(mail.textBody, '/reset-password').token };
}

async function completedGift(email: string) {
  const gift = await insertDonation(ctx.db, { donorName: 'Lucía Xicará', donorEmail: email, amountCents: 18_500, donationType: 'monetary', source: 'public' });
  await transitionDonation(ctx.db, { id: gift.id, action: 'approve', actor: null });
  return gift.id;
}

const account = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('an invitation', () => {
  it('is stored as an invitation, and the link check names it so without spending it or naming the account', async () => {
    const { id, token } = await invite('invitada.check@prueba.gt');
    expect((await ctx.db.select({ purpose: authTokens.purpose }).from(authTokens).where(eq(authTokens.userId, id))).map((t) => t.purpose)).toEqual(['invitation']);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ usable: true, kind: 'invitation' });
      expect(res.body).not.toContain('invitada.check');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it('setting the first password confirms the address, brings in its completed gifts (DONOR) and sends no "password changed" notice', async () => {
    const email = 'invitada.donante@prueba.gt';
    const giftId = await completedGift(email);
    const { id, token } = await invite(email);
    expect((await account(id)).emailVerifiedAt).toBeNull();

    const res = await setPassword(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.invitationDone });

    const after = await account(id);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(after.roles[0]).toBe('DONOR');
    const [gift] = await ctx.db.select({ userId: donations.userId }).from(donations).where(eq(donations.id, giftId));
    expect(gift.userId).toBe(id);
    const templates = (await emailsTo(ctx.db, email)).map((m) => m.template);
    expect(templates).toContain('admin-created-account');
    expect(templates).not.toContain('password-changed');
    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).map((e) => [e.action, e.details]);
    expect(actions).toContainEqual(['auth.invitation_accepted', { sessions_revoked: 0 }]);
    expect(actions).toContainEqual(['user.email_verified', { via: 'invitation' }]);

    // The account is active, not pending; a second use of the link is refused, and the check says so.
    const list = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/users?q=${email}`, token: who.admin.token });
    expect(list.json().users[0]).toMatchObject({ status: 'active', email_verified: true });
    expect((await setPassword(token, 'Segunda123')).statusCode).toBe(400);
    expect((await check(token)).json()).toEqual({ usable: false, kind: null });
    await loginAs(ctx.app, email, 'Primera123');
  });

  it('a link sent to a former address stops working when an admin changes the address', async () => {
    const { id, token } = await invite('equivocada@prueba.gt');
    const res = await inject(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${id}`,
      token: who.admin.token,
      payload: { email: 'correcta@prueba.gt', first_name: 'Lucía', last_name: 'Xicará', role: 'USER', is_active: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ usable: false, kind: null });
    expect((await setPassword(token)).statusCode).toBe(400);
    expect((await account(id)).emailVerifiedAt).toBeNull();
  });
});

describe('GET /auth/password-link', () => {
  it('says "reset" for a reset link, and unusable for a used, an expired, an unknown link and a deactivated account', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email }, remoteAddress: freshIp() });
    const { token } = linkIn((await emailsTo(ctx.db, user.email))[0].textBody, '/reset-password');
    expect((await check(token)).json()).toEqual({ usable: true, kind: 'reset' });

    await ctx.db.update(authTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authTokens.userId, user.id));
    expect((await check(token)).json()).toEqual({ usable: false, kind: null });
    expect((await check('x'.repeat(43))).json()).toEqual({ usable: false, kind: null });

    const off = await invite('apagada.invitada@prueba.gt', { is_active: false });
    expect((await check(off.token)).json()).toEqual({ usable: false, kind: null });
  });

  it('refuses a malformed token with the Spanish message', async () => {
    const res = await check('corto');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(authMessages.resetInvalid);
  });
});

describe('a password reset by the emailed link', () => {
  it('also confirms the address of an unverified account and brings in its completed gifts', async () => {
    const user = await createUser(ctx.db, { verified: false, email: 'sin.confirmar@prueba.gt' });
    const giftId = await completedGift(user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email }, remoteAddress: freshIp() });
    const { token } = linkIn((await emailsTo(ctx.db, user.email))[0].textBody, '/reset-password');
    const res = await setPassword(token, 'Nueva1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.resetDone });
    expect((await account(user.id)).emailVerifiedAt).not.toBeNull();
    const [gift] = await ctx.db.select({ userId: donations.userId }).from(donations).where(eq(donations.id, giftId));
    expect(gift.userId).toBe(user.id);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'user.email_verified')));
    expect(entry.details).toEqual({ via: 'password_reset' });
  });
});
