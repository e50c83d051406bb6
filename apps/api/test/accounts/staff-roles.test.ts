// Staff roles given by an ADMIN (docs/product.md#roles-and-permissions): a main role plus other staff
// roles, the donor and account roles kept, staff roles taken away when not chosen again, the person's
// open sessions ended by a change of roles, and the new roles obeyed by the API at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../../src/db/schema';
import { loginAs } from '../support/auth';
import { callers } from '../support/staff';
import { createTestApp, createUser, inject, type TestContext } from '../support/helpers';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

async function put(id: number, body: Record<string, unknown>) {
  return inject(ctx.app, { method: 'PUT', url: `/api/v1/admin/users/${id}`, token: who.admin.token, payload: body as never });
}

const person = (email: string) => ({ email, first_name: 'Lucía', last_name: 'Xicará', is_active: true });

describe('staff roles', () => {
  it('gives a main role and other staff roles, keeps DONOR, and takes a staff role away when it is not chosen again', async () => {
    const user = await createUser(ctx.db, { roles: ['DONOR'] });
    let res = await put(user.id, { ...person(user.email), role: 'FINANCE', also_roles: ['VOLUNTEER', 'COMMUNICATIONS'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['FINANCE', 'COMMUNICATIONS', 'VOLUNTEER', 'DONOR']);

    res = await put(user.id, { ...person(user.email), role: 'COMMUNICATIONS', also_roles: [] });
    expect(res.json().roles).toEqual(['COMMUNICATIONS', 'DONOR']);
  });

  it('refuses an unknown role with a Spanish message', async () => {
    const user = await createUser(ctx.db, { roles: ['USER'] });
    const res = await put(user.id, { ...person(user.email), role: 'FINANCE', also_roles: ['TESORERO'] });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/rol/i);
  });

  it('ends the person\'s open sessions when the roles change, and the API obeys the new roles at once', async () => {
    const user = await createUser(ctx.db, { roles: ['USER'] });
    await put(user.id, { ...person(user.email), role: 'COMMUNICATIONS', also_roles: [] });
    const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
    const programs = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/programs', token });
    expect(programs.statusCode).toBe(200);
    const donors = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations/1/donor', token });
    expect(donors.statusCode).toBe(403);
    const refund = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/donations/1/refund', token, payload: { reason: 'prueba' } });
    expect(refund.statusCode).toBe(403);

    const res = await put(user.id, { ...person(user.email), role: 'FINANCE', also_roles: [] });
    expect(res.statusCode).toBe(200);
    const open = await ctx.db.select().from(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    const after = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/programs', token });
    expect(after.statusCode).toBe(401);

    const fresh = await loginAs(ctx.app, user.email, user.password);
    const asFinance = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations/999999/donor', token: fresh.access_token });
    expect(asFinance.statusCode).toBe(404);
    const programsAsFinance = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/programs', token: fresh.access_token });
    expect(programsAsFinance.statusCode).toBe(403);
  });

  it('an unchanged save keeps the sessions', async () => {
    const user = await createUser(ctx.db, { roles: ['VOLUNTEER'] });
    await loginAs(ctx.app, user.email, user.password);
    await put(user.id, { ...person(user.email), role: 'VOLUNTEER', also_roles: [] });
    const open = await ctx.db.select().from(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open.length).toBeGreaterThan(0);
  });
});
