import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { auditLog, authTokens, donations, emailOutbox, sessions, users } from '../../src/db/schema';
import { deleteUser, updateUser } from '../../src/domain/accounts/users';
import { callers, expectAdminOnly } from '../support/staff';
import { type Caller, createTestApp, createUser, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

const m = adminMessages.api;
let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `nueva.${Math.random().toString(36).slice(2, 8)}@prueba.gt`,
  first_name: 'Lucía',
  last_name: 'Xicará',
  role: 'USER',
  is_active: true,
  ...overrides,
});

async function post(caller: Caller, payload: unknown) {
  return inject(ctx.app, { method: 'POST', url: '/api/v1/admin/users', token: caller.token, payload: payload as never });
}

describe('admin users: access', () => {
  it.each([
    ['GET', '/api/v1/admin/users', undefined],
    ['POST', '/api/v1/admin/users', newUser()],
    ['PUT', '/api/v1/admin/users/1', newUser()],
    ['DELETE', '/api/v1/admin/users/1', undefined],
  ] as const)('%s %s is 401 anonymous and 403 for DONOR and USER', async (method, url, payload) => {
    expect(await expectAdminOnly(ctx.app, who, { method, url, payload })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });

  it('answers 401 before validating the body of an anonymous caller', async () => {
    const res = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/users', payload: { nada: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin users: list', () => {
  it('lists accounts with the admin fields and never a password hash', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/users', token: who.admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.total_users);
    expect(body.users.length).toBe(body.total);
    const donor = body.users.find((u: { id: number }) => u.id === who.donor.id);
    expect(Object.keys(donor).sort()).toEqual(
      ['created_at', 'email', 'email_verified', 'first_name', 'id', 'is_active', 'last_login_at', 'last_name', 'roles', 'status'].sort(),
    );
    expect(donor).toMatchObject({ email: who.donor.email, roles: ['DONOR', 'USER'], is_active: true, status: 'active', last_login_at: null });
    expect(res.body).not.toContain('password');
  });

  it('searches by email or by name, keeping the overall count', async () => {
    await createUser(ctx.db, { email: 'hector.monterroso@prueba.gt', firstName: 'Héctor', lastName: 'Monterroso' });
    const byName = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/users?q=${encodeURIComponent('Héctor Monte')}`, token: who.admin.token })).json();
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(['hector.monterroso@prueba.gt']);
    expect(byName.total).toBe(1);
    expect(byName.total_users).toBeGreaterThan(3);
    const byEmail = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/users?q=MONTERROSO%40prueba', token: who.admin.token })).json();
    expect(byEmail.total).toBe(1);
    const wildcard = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/users?q=%25', token: who.admin.token })).json();
    expect(wildcard.total).toBe(0);
  });

  it('rejects a bad limit with 400', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/users?limit=0', token: who.admin.token });
    expect(res.statusCode).toBe(400);
  });
});

describe('admin users: create', () => {
  it('creates the account, queues a set-password email valid 72 h, and audits it', async () => {
    const payload = newUser({ email: 'Rosa.Aju@Prueba.GT', role: 'DONOR' });
    const res = await post(who.admin, payload);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ email: 'rosa.aju@prueba.gt', first_name: 'Lucía', last_name: 'Xicará', roles: ['DONOR'], is_active: true, status: 'pending', last_login_at: null });
    expect(res.body).not.toContain('password');

    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rosa.aju@prueba.gt'));
    expect(mail.template).toBe('admin-created-account');
    const link = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.textBody);
    expect(link?.[1].startsWith(`${ctx.config.publicUrl}/reset-password?token=`)).toBe(true);

    const [token] = await ctx.db.select().from(authTokens).where(and(eq(authTokens.userId, created.id), eq(authTokens.purpose, 'invitation')));
    const hours = (token.expiresAt.getTime() - token.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    // The link really lets the new person choose a password and sign in.
    const reset = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: link![2], password: 'Nueva1234', confirmPassword: 'Nueva1234' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await inject(ctx.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'rosa.aju@prueba.gt', password: 'Nueva1234' } });
    expect(login.statusCode).toBe(200);

    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(created.id))));
    expect(entry.actorUserId).toBe(who.admin.id);
  });

  it('defaults is_active to true', async () => {
    const { is_active: _omit, ...payload } = newUser();
    const res = await post(who.admin, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().is_active).toBe(true);
  });

  it('validates with the Spanish messages of docs/product.md#validation-rules', async () => {
    const res = await post(who.admin, { email: 'no-es-correo', first_name: ' ', last_name: '', role: 'SUPERUSER' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: validationMessages.emailInvalid,
      first_name: validationMessages.firstNameRequired,
      last_name: validationMessages.lastNameRequired,
      role: validationMessages.roleInvalid,
    });
    const missing = await post(who.admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.email).toBe(validationMessages.emailRequired);
  });

  it('refuses an email that already has an account (any case) with 409', async () => {
    const res = await post(who.admin, newUser({ email: who.donor.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(m.emailTaken);
  });
});

describe('admin users: edit', () => {
  it('updates fields and the main role, keeping lower roles and audit details', async () => {
    const target = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });
    const res = await inject(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${target.id}`,
      token: who.admin.token,
      payload: { email: target.email, first_name: 'Claudia', last_name: 'Cifuentes', role: 'ADMIN', is_active: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Claudia', last_name: 'Cifuentes', roles: ['ADMIN', 'DONOR', 'USER'] });

    const demoted = await inject(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${target.id}`,
      token: who.admin.token,
      payload: { email: target.email, first_name: 'Claudia', last_name: 'Cifuentes', role: 'USER', is_active: true },
    });
    expect(demoted.json().roles).toEqual(['USER']);
    const entries = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, String(target.id))));
    expect(entries).toHaveLength(2);
    expect(entries[0].details).toMatchObject({ changes: { first_name: { to: 'Claudia' } } });
  });

  it('deactivating signs the person out at once', async () => {
    const person = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const before = await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: person.token });
    expect(before.statusCode).toBe(200);
    const res = await inject(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${person.id}`,
      token: who.admin.token,
      payload: { email: person.email, first_name: 'Persona', last_name: 'Inactiva', role: 'USER', is_active: false },
    });
    expect(res.json()).toMatchObject({ is_active: false, status: 'inactive' });
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const after = await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: person.token });
    expect(after.statusCode).toBe(401);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 409 for a taken email', async () => {
    const body = newUser();
    expect((await inject(ctx.app, { method: 'PUT', url: '/api/v1/admin/users/999999', token: who.admin.token, payload: body })).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'PUT', url: '/api/v1/admin/users/abc', token: who.admin.token, payload: body })).statusCode).toBe(400);
    const res = await inject(ctx.app, { method: 'PUT', url: `/api/v1/admin/users/${who.user.id}`, token: who.admin.token, payload: { ...body, email: who.donor.email } });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(m.emailTaken);
  });
});

describe('admin users: the last active admin', () => {
  it('cannot be demoted or deactivated; an admin cannot delete their own account', async () => {
    const local = await createTestApp();
    try {
      const a = await make.signIn(local.app, local.db, { roles: ['ADMIN'], firstName: 'Ana', lastName: 'Uno' });
      const b = await make.signIn(local.app, local.db, { roles: ['ADMIN'], firstName: 'Beto', lastName: 'Dos' });
      const put = (caller: Caller, id: number, payload: Record<string, unknown>) =>
        inject(local.app, { method: 'PUT', url: `/api/v1/admin/users/${id}`, token: caller.token, payload: payload as never });
      const self = { email: a.email, first_name: 'Ana', last_name: 'Uno', role: 'ADMIN', is_active: true };

      const selfDelete = await inject(local.app, { method: 'DELETE', url: `/api/v1/admin/users/${a.id}`, token: a.token });
      expect(selfDelete.statusCode).toBe(400);
      expect(selfDelete.json().detail).toBe(m.cannotDeleteSelf);

      // Two admins: one may demote the other.
      expect((await put(a, b.id, { email: b.email, first_name: 'Beto', last_name: 'Dos', role: 'USER', is_active: true })).statusCode).toBe(200);

      const demote = await put(a, a.id, { ...self, role: 'DONOR' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().detail).toBe(m.lastAdminDemote);
      const deactivate = await put(a, a.id, { ...self, is_active: false });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json().detail).toBe(m.lastAdminDeactivate);

      // An inactive admin does not count as a remaining admin.
      const c = await createUser(local.db, { roles: ['ADMIN'], isActive: false });
      expect((await put(a, a.id, { ...self, role: 'USER' })).statusCode).toBe(409);
      await expect(deleteUser(local.db, { id: a.id, actor: { id: c.id, email: c.email } })).rejects.toMatchObject({ code: 'conflict', detail: m.lastAdminDelete });
      await expect(updateUser(local.db, { id: a.id, actor: { id: c.id, email: c.email }, values: { ...self, role: 'USER' } as never })).rejects.toMatchObject({
        code: 'conflict',
      });

      const [row] = await local.db.select().from(users).where(eq(users.id, a.id));
      expect(row).toMatchObject({ roles: ['ADMIN'], isActive: true });
    } finally {
      await local.close();
    }
  });
});

describe('admin users: delete', () => {
  it('deletes the account and its sessions, keeps its donations unlinked, and audits it', async () => {
    const person = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const donation = await make.donation(ctx.db, { amountCents: 12_500, createdAt: new Date(), userId: person.id, donorEmail: person.email });
    const res = await inject(ctx.app, { method: 'DELETE', url: `/api/v1/admin/users/${person.id}`, token: who.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.userDeleted });

    expect(await ctx.db.select().from(users).where(eq(users.id, person.id))).toHaveLength(0);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(0);
    const [kept] = await ctx.db.select().from(donations).where(eq(donations.id, donation.id));
    expect(kept).toMatchObject({ userId: null, amountCents: 12_500 });
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entityId, String(person.id))));
    expect(entry.details).toMatchObject({ email: person.email });

    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: person.token })).statusCode).toBe(401);
    expect((await inject(ctx.app, { method: 'DELETE', url: `/api/v1/admin/users/${person.id}`, token: who.admin.token })).statusCode).toBe(404);
  });

  it('an admin whose account was deleted loses access at once', async () => {
    const other = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    await inject(ctx.app, { method: 'DELETE', url: `/api/v1/admin/users/${other.id}`, token: who.admin.token });
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/users', token: other.token });
    expect(res.statusCode).toBe(401);
  });
});
