// The staff permission matrix, derived from the permission table (packages/shared/src/permissions.ts):
// every route that declares a permission x every role. Anonymous gets 401; a role that lacks the
// permission gets 403 before validation; a role that holds it is let through (whatever the handler
// then says about the empty request: 400, 404, 200, never 401/403). Every route of the staff console
// must declare a permission, so a new route cannot ship without its rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ROLES, type Role } from '@donaciones/shared/constants';
import { can, PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '@donaciones/shared/permissions';
import { loginAs } from '../support/auth';
import { createTestApp, createUser, type TestContext } from '../support/helpers';

interface StaffRoute {
  method: string;
  url: string;
  permission: Permission | undefined;
}

let ctx: TestContext;
const seen: RouteOptions[] = [];
const tokens = {} as Record<Role, string>;

/** `/admin/donations/:id/review` -> `/api/v1/admin/donations/999999/review` (ids that do not exist: the permission is checked first, and nothing real is touched). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

function staffRoutes(): StaffRoute[] {
  const out: StaffRoute[] = [];
  for (const route of seen) {
    const isConsole = route.url.startsWith('/api/v1/admin/');
    const permission = route.config?.permission;
    if (!isConsole && !permission) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({ method, url: route.url, permission });
    }
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestApp({ onRoute: (route) => seen.push(route) });
  for (const role of ROLES) {
    const user = await createUser(ctx.db, { roles: [role] });
    tokens[role] = (await loginAs(ctx.app, user.email, user.password)).access_token;
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the permission table', () => {
  it('gives ADMIN every permission, DONOR and USER none, and each staff role only its own', () => {
    expect([...ROLE_PERMISSIONS.ADMIN].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.DONOR).toEqual([]);
    expect(ROLE_PERMISSIONS.USER).toEqual([]);
    expect(can(['COMMUNICATIONS'], 'donors.read')).toBe(false);
    expect(can(['COMMUNICATIONS'], 'corrections.manage')).toBe(false);
    expect(can(['SPONSORSHIP'], 'donors.read')).toBe(false);
    expect(can(['SPONSORSHIP'], 'donors.names')).toBe(true);
    expect(can(['VOLUNTEER'], 'donations.decide')).toBe(false);
    expect(can(['VOLUNTEER'], 'gifts.complete')).toBe(false);
    expect(can(['FINANCE'], 'users.manage')).toBe(false);
    expect(can(['FINANCE'], 'settings.manage')).toBe(false);
    // Several roles: the union of theirs.
    expect(can(['COMMUNICATIONS', 'VOLUNTEER'], 'donations.read')).toBe(true);
  });
});

describe('every staff route x every role', () => {
  it('every route of the staff console declares a permission from the table', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const without = routes.filter((r) => !r.permission || !PERMISSIONS.includes(r.permission)).map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
  });

  it('answers 401 anonymous, 403 without the permission, and lets through every role that holds it', async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const anonymous = await ctx.app.inject({ method, url });
      if (anonymous.statusCode !== 401) wrong.push(`${route.method} ${route.url} anonymous -> ${anonymous.statusCode}`);
      for (const role of ROLES) {
        const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` } });
        const allowed = can([role], route.permission!);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
        if (!ok) wrong.push(`${route.method} ${route.url} ${role} (${allowed ? 'allowed' : 'refused'}) -> ${res.statusCode}`);
        if (!allowed && res.statusCode === 403 && !/permiso|prohibido/.test(res.json().detail)) wrong.push(`${route.method} ${route.url} ${role}: ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
