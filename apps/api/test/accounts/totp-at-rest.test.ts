// Authenticator-app secrets at rest (decision 0050): sealed with AES-256-GCM under DATA_ENCRYPTION_KEY, a
// key outside the database; secrets stored in clear before are still read and are sealed at start or on
// their next code; a server with another key does not start; production requires the key.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { totpSecrets } from '../../src/db/schema';
import { ConfigError, loadConfig } from '../../src/config';
import { secretBox, SealedValueError } from '../../src/platform/data-encryption';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { loginAs } from '../support/auth';
import { enrolTotp, postCode, postLogin, totpCode } from '../support/two-step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const stored = async (userId: number) => (await ctx.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)))[0];

async function enrolled() {
  const user = await createUser(ctx.db);
  const tokens = await loginAs(ctx.app, user.email, user.password);
  return { ...user, ...(await enrolTotp(ctx.app, tokens.access_token)) };
}

async function signInWithCode(email: string, password: string, code: string) {
  const login = await postLogin(ctx.app, email, password);
  expect(login.statusCode).toBe(200);
  return postCode(ctx.app, login.json().second_step.token, code);
}

describe('an authenticator secret in the database', () => {
  it('is stored sealed, never in clear, and its codes still sign in', async () => {
    const user = await enrolled();
    const row = await stored(user.id);
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.secret).not.toContain(user.secret);
    expect(secretBox(ctx.config.dataEncryptionKey).open(row.secret, `totp:${user.id}`)).toBe(user.secret);
    expect((await signInWithCode(user.email, user.password, totpCode(user.secret, 1))).statusCode).toBe(200);
  });

  it('one stored in clear by an earlier version still signs in, and is sealed by that sign-in', async () => {
    const user = await enrolled();
    await ctx.db.update(totpSecrets).set({ secret: user.secret, lastStep: null }).where(eq(totpSecrets.userId, user.id));
    expect((await signInWithCode(user.email, user.password, totpCode(user.secret))).statusCode).toBe(200);
    const row = await stored(user.id);
    expect(row.secret).toMatch(/^enc:v1:/);
    // The replay rule holds through the sealing: the same code again is refused.
    expect((await signInWithCode(user.email, user.password, totpCode(user.secret))).statusCode).toBe(401);
  });

  it('secrets in clear are sealed when the server starts', async () => {
    const user = await enrolled();
    await ctx.db.update(totpSecrets).set({ secret: user.secret }).where(eq(totpSecrets.userId, user.id));
    const restarted = await createTestApp({ sameDatabaseAs: ctx });
    try {
      expect((await stored(user.id)).secret).toMatch(/^enc:v1:/);
    } finally {
      await restarted.close();
    }
  });

  it('a server with another key refuses to start rather than lock staff out', async () => {
    await enrolled();
    await expect(createTestApp({ sameDatabaseAs: ctx, config: { dataEncryptionKey: randomBytes(32) } })).rejects.toThrow(/DATA_ENCRYPTION_KEY no abre/);
  });

  it('a sealed secret copied to another account does not open there, and signs nobody in', async () => {
    const a = await enrolled();
    const b = await enrolled();
    await ctx.db.update(totpSecrets).set({ secret: (await stored(a.id)).secret }).where(eq(totpSecrets.userId, b.id));
    const box = secretBox(ctx.config.dataEncryptionKey);
    const moved = (await stored(a.id)).secret;
    expect(() => box.open(moved, `totp:${b.id}`)).toThrow(SealedValueError);
    // Not even a's own code opens b's account with it: refused as a wrong code, not a 500.
    expect((await signInWithCode(b.email, b.password, totpCode(a.secret, 1))).statusCode).toBe(401);
    // Put back, so that the start check of later servers on this database finds only good values.
    await ctx.db.update(totpSecrets).set({ secret: box.seal(b.secret, `totp:${b.id}`) }).where(eq(totpSecrets.userId, b.id));
  });
});

describe('DATA_ENCRYPTION_KEY', () => {
  const base = { JWT_SECRET: 'j'.repeat(32), COOKIE_SECRET: 'c'.repeat(32), DATA_DIR: '/tmp/donaciones-config-test' };

  it('is required in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY/);
    const hex = randomBytes(32).toString('hex');
    expect(loadConfig({ ...base, NODE_ENV: 'production', DATA_ENCRYPTION_KEY: hex }).dataEncryptionKey.toString('hex')).toBe(hex);
  });

  it('takes 64 hex digits or base64 of 32 bytes, and refuses anything else in Spanish', () => {
    const key = randomBytes(32);
    expect(loadConfig({ ...base, DATA_ENCRYPTION_KEY: key.toString('base64') }).dataEncryptionKey).toEqual(key);
    for (const bad of ['corta', 'a'.repeat(63), randomBytes(16).toString('base64')]) {
      expect(() => loadConfig({ ...base, DATA_ENCRYPTION_KEY: bad })).toThrow(/DATA_ENCRYPTION_KEY debe ser de 32 bytes/);
    }
  });

  it('outside production, without one, is derived from the signing secret: the same on every start', () => {
    const first = loadConfig(base).dataEncryptionKey;
    expect(first).toHaveLength(32);
    expect(loadConfig(base).dataEncryptionKey).toEqual(first);
    expect(loadConfig({ ...base, JWT_SECRET: 'k'.repeat(32) }).dataEncryptionKey).not.toEqual(first);
  });
});
