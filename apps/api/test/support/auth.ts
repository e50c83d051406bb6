// Helpers of the account and session tests: sign in through the API, read cookies and queued emails.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { emailOutbox } from '../../src/db/schema';

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of a response, parsed. */
export function setCookies(res: LightMyRequestResponse): Record<string, ParsedCookie> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: Record<string, ParsedCookie> = {};
  for (const line of list) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const attributes: Record<string, string | true> = {};
    for (const a of attrs) {
      const i = a.indexOf('=');
      if (i === -1) attributes[a.toLowerCase()] = true;
      else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
    }
    out[name] = { name, value: decodeURIComponent(pair.slice(eq + 1)), attributes };
  }
  return out;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  csrf: string;
  res: LightMyRequestResponse;
}

let ipCounter = 0;
/** A distinct client address, so one test's attempts do not count against another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function loginAs(app: FastifyInstance, email: string, password: string, ip = freshIp()): Promise<Tokens> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as Omit<Tokens, 'csrf' | 'res'>), csrf: setCookies(res).csrf_token.value, res };
}

export function me(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
}

export async function emailsTo(db: Database, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
}

/** The first link of the given path in a text (e.g. '/reset-password'), and its token. */
export function linkIn(text: string, pathName: string): { url: string; token: string } {
  const match = new RegExp(`https?://[^\\s]+${pathName}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${pathName} link in: ${text}`);
  return { url: match[0], token: match[1] };
}

export const validRegistration = (email: string) => ({
  name: 'Ana Lucía Pérez',
  email,
  password: 'Segura123',
  confirmPassword: 'Segura123',
  acceptTerms: true,
});
