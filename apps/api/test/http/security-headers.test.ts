// Security headers on every kind of answer (HTML page, static file, API success and errors), cookie
// attributes, the double-submit CSRF check, and that cookies alone authenticate nothing but the two
// session routes built for them. Brute-force throttles are proven where they live:
// auth-login.test.ts (failed sign-ins per account and per IP), auth-recovery.test.ts (password reset
// requests and attempts), auth-register.test.ts, donate.test.ts (checkout per IP).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@donaciones/shared/constants';
import { loadConfig } from '../../src/config';
import { sessions } from '../../src/db/schema';
import { headersSetBy, securityHeaderMiddleware } from '../../src/http/security';
import { loginAs, setCookies } from '../support/auth';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { excludedRoute } from '../support/security';

let ctx: TestContext;
let webDist: string;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  // A stand-in for apps/web/dist, so the HTML answers are checked whether or not the web app is built.
  webDist = mkdtempSync(path.join(tmpdir(), 'donaciones-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><script type="module" src="/assets/app-prueba.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-prueba.js'), 'console.log("hola")');
  ctx = await createTestApp({
    config: { webDist },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (!excludedRoute(method, route.url)) routes.push({ method, url: route.url });
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(res: LightMyRequestResponse): Record<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = directives(res);
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['script-src'], label).toEqual(["'self'"]);
  expect(csp['script-src-attr'] ?? ["'none'"], label).toEqual(["'none'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp['base-uri'], label).toEqual(["'self'"]);
  expect(csp['form-action'], label).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}

describe('security headers', () => {
  it('on the HTML pages, static files, API answers and every kind of API error', async () => {
    const user = await createUser(ctx.db);
    const answers: [string, LightMyRequestResponse][] = [
      ['home page', await ctx.app.inject({ method: 'GET', url: '/' })],
      ['a page of the SPA (/donate)', await ctx.app.inject({ method: 'GET', url: '/donate' })],
      ['a static script', await ctx.app.inject({ method: 'GET', url: '/assets/app-prueba.js' })],
      ['API 200', await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })],
      ['API 200 with tokens', await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } })],
      ['API 401', await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' })],
      ['API 404', await ctx.app.inject({ method: 'GET', url: '/api/v1/no-existe' })],
      ['API 400 (malformed JSON)', await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' })],
      ['API 415', await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })],
      ['API 413', await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(70_000)}"}` })],
    ];
    for (const [label, res] of answers) expectSecurityHeaders(res, label);
    const [, home] = answers[0];
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(answers[2][1].headers['content-type']).toContain('javascript');
  });

  it('the router\'s own refusals answer Spanish JSON (their headers are the router\'s, not the app\'s)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/donations/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ detail: 'Los datos enviados no son válidos.' });
  });

  it('the page the CSP protects has no inline script: the built index.html (or its source) loads scripts by src only', () => {
    const built = fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url));
    const source = fileURLToPath(new URL('../../../web/index.html', import.meta.url));
    for (const file of [built, source]) {
      let html: string;
      try {
        html = readFileSync(file, 'utf8');
      } catch {
        continue; // The build output exists only after `npm run build`; the source always does.
      }
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, file).toMatch(/\bsrc=/);
        expect(body.trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('HTTPS: HSTS and upgrade-insecure-requests when cookies are Secure, neither over plain HTTP', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directives(plain)['upgrade-insecure-requests']).toBeUndefined();
    const secure = await createTestApp({ config: { cookieSecure: true, publicUrl: 'https://donaciones.example.org' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}; includeSubDomains/);
      expect(directives(res)['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await secure.close();
    }
  });

  it('no CORS: a cross-origin caller is granted nothing', async () => {
    const origin = 'https://atacante.example';
    const get = await ctx.app.inject({ method: 'GET', url: '/api/v1/donations', headers: { origin } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/refresh',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-csrf-token' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the security headers, computed once', () => {
  it('are exactly what helmet sets on a real answer, with and without HTTPS', () => {
    for (const cookieSecure of [false, true]) {
      const res = new ServerResponse(new IncomingMessage(new Socket()));
      res.setHeader('x-powered-by', 'algo');
      securityHeaderMiddleware(cookieSecure)(res.req, res, () => {});
      const fromHelmet = Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
      expect(headersSetBy(securityHeaderMiddleware(cookieSecure))).toEqual(fromHelmet);
      expect(Object.keys(fromHelmet)).toContain('content-security-policy');
      expect('strict-transport-security' in fromHelmet).toBe(cookieSecure);
    }
  });

  it('an API answer carries them all, with its request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/donations/stats' });
    for (const [name, value] of Object.entries(headersSetBy(securityHeaderMiddleware(false)))) expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('session cookies', () => {
  it('are Secure exactly when PUBLIC_URL is https or COOKIE_SECURE says so', () => {
    const base = { JWT_SECRET: 'j'.repeat(40), COOKIE_SECRET: 'c'.repeat(40), DATA_DIR: tmpdir() };
    expect(loadConfig({ ...base }).cookieSecure).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://donaciones.example.org' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3000', COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://donaciones.example.org', COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
  });

  it('behind HTTPS: the refresh cookie is HttpOnly, SameSite=Strict, Secure, scoped to /api/v1/auth; the CSRF cookie is readable but Strict and Secure', async () => {
    const https = loadConfig({ JWT_SECRET: 'j'.repeat(40), COOKIE_SECRET: 'c'.repeat(40), DATA_DIR: tmpdir(), PUBLIC_URL: 'https://donaciones.example.org' });
    const secure = await createTestApp({ config: { publicUrl: https.publicUrl, cookieSecure: https.cookieSecure } });
    try {
      const user = await createUser(secure.db);
      const tokens = await loginAs(secure.app, user.email, user.password);
      const cookies = setCookies(tokens.res);
      expect(cookies[REFRESH_COOKIE].attributes).toMatchObject({ httponly: true, samesite: 'Strict', secure: true, path: '/api/v1/auth' });
      expect(cookies[CSRF_COOKIE].attributes).toMatchObject({ samesite: 'Strict', secure: true, path: '/' });
      expect(cookies[CSRF_COOKIE].attributes.httponly).toBeUndefined();
      expect(tokens.res.headers['cache-control']).toBe('no-store');
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF double submit on the cookie-authenticated calls', () => {
  async function browserSession() {
    const user = await createUser(ctx.db);
    const tokens = await loginAs(ctx.app, user.email, user.password);
    const cookies = setCookies(tokens.res);
    return { tokens, refresh: cookies[REFRESH_COOKIE].value, csrf: cookies[CSRF_COOKIE].value };
  }
  const withCookies = (refresh: string, csrf?: string) => ({ [REFRESH_COOKIE]: refresh, ...(csrf ? { [CSRF_COOKIE]: csrf } : {}) });

  it('refresh refuses every forged or partial pair with 403 and keeps the session; the right pair rotates it', async () => {
    const mine = await browserSession();
    const other = await browserSession();
    const attempts: { cookies: Record<string, string>; headers: Record<string, string | string[]> }[] = [
      { cookies: withCookies(mine.refresh, mine.csrf), headers: {} },
      { cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: other.csrf } },
      { cookies: withCookies(mine.refresh), headers: { [CSRF_HEADER]: mine.csrf } },
      { cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: '' } },
      { cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: mine.csrf.slice(0, -1) } },
      { cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: [mine.csrf, mine.csrf] } },
      { cookies: withCookies(mine.refresh, 'x'), headers: { [CSRF_HEADER]: 'x'.padEnd(2, 'y') } },
    ];
    for (const { cookies, headers } of attempts) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().detail).toBe('Falta el token CSRF o no es válido.');
    }
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: mine.csrf } });
    expect(ok.statusCode).toBe(200);
  });

  it('logout by cookie without the header is refused and the session stays open', async () => {
    const mine = await browserSession();
    const sid = JSON.parse(Buffer.from(mine.tokens.access_token.split('.')[1], 'base64url').toString()).sid as string;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: withCookies(mine.refresh, mine.csrf) });
    expect(res.statusCode).toBe(403);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(session.revokedAt).toBeNull();
  });

  it('cookies alone authenticate nothing else: every other route answers a cookie-only caller as it answers an anonymous one', async () => {
    const mine = await browserSession();
    const cookieOnly = { cookies: withCookies(mine.refresh, mine.csrf), headers: { [CSRF_HEADER]: mine.csrf } };
    const sessionRoutes = new Set(['POST /api/v1/auth/refresh', 'POST /api/v1/auth/logout']);
    const checked = routes.filter((r) => !sessionRoutes.has(`${r.method} ${r.url}`));
    expect(checked.length).toBeGreaterThan(40);
    for (const route of checked) {
      const url = route.url.replace(/:year/g, '2025').replace(/:(\w+)/g, '987654321');
      const method = route.method as 'GET';
      const anonymous = await ctx.app.inject({ method, url });
      const withSessionCookies = await ctx.app.inject({ method, url, ...cookieOnly });
      expect(withSessionCookies.statusCode, `${route.method} ${route.url}`).toBe(anonymous.statusCode);
      if (anonymous.statusCode === 401) expect(withSessionCookies.json().detail).toBe(anonymous.json().detail);
    }
  });
});
