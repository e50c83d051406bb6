// Two-step sign-in with an authenticator app (docs/product.md#accounts-and-sessions): enrolment with a
// QR code and a first code, ten hashed single-use recovery codes, the code step after the password,
// wrong and replayed codes refused and throttled like passwords, and the staff policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { auditLog, recoveryCodes, sessions, totpSecrets } from '../../src/db/schema';
import { getSecurityPolicy, saveSecurityPolicy, secondStepRequired } from '../../src/domain/accounts/security-policy';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, loginAs, me } from '../support/auth';
import { bearerOf, enrolTotp, postCode, postLogin, totpCode } from '../support/two-step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const V1 = '/api/v1';

async function accountWithTotp(roles: ('USER' | 'DONOR' | 'ADMIN')[] = ['USER']) {
  const user = await createUser(ctx.db, { roles });
  const tokens = await loginAs(ctx.app, user.email, user.password);
  const enrolled = await enrolTotp(ctx.app, tokens.access_token);
  return { ...user, ...enrolled, accessToken: tokens.access_token };
}

async function secondStepToken(email: string, password: string, ip = freshIp()) {
  const res = await postLogin(ctx.app, email, password, { ip });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.access_token).toBeUndefined();
  return body.second_step as { token: string; methods: string[] };
}

describe('enrolling an authenticator app from the settings', () => {
  it('shows a QR code, confirms with a first code and answers ten recovery codes once, kept only as hashes', async () => {
    const user = await createUser(ctx.db);
    const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
    const setup = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp`, headers: bearerOf(token) });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: otpauth, qr_svg_data_url: qr } = setup.json();
    expect(otpauth).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const security = async () => (await ctx.app.inject({ method: 'GET', url: `${V1}/users/me/security`, headers: bearerOf(token) })).json();
    expect((await security()).totp_enabled).toBe(false);

    const wrong = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/confirm`, headers: bearerOf(token), payload: { code: totpCode(secret, 5) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(twoStepMessages.codeInvalid);
    const badFormat = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/confirm`, headers: bearerOf(token), payload: { code: '12ab' } });
    expect(badFormat.statusCode).toBe(400);
    // Enrolling takes no recovery code: the message does not offer one.
    expect(badFormat.json().detail).toBe(twoStepMessages.totpCodeFormat);

    const ok = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/confirm`, headers: bearerOf(token), payload: { code: totpCode(secret) } });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.codeHash.includes(c) || row.codeHash.includes(c.replace('-', '')))).toBe(false);
    expect(await security()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10, second_step_required: false });

    // A second enrolment is refused while one is active.
    const again = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp`, headers: bearerOf(token) });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(twoStepMessages.alreadyEnabled);
  });
});

describe('signing in with the code step', () => {
  it('asks for the code after the right password, opens no session before it, and accepts each code once', async () => {
    const user = await accountWithTotp();
    const before = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const step = await secondStepToken(user.email, user.password);
    expect(step.methods).toEqual(['totp', 'recovery']);
    expect((await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(before);

    // The code used at enrolment is of the current step: replayed, it is refused.
    const replayed = await postCode(ctx.app, step.token, user.firstCode);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().detail).toBe(twoStepMessages.codeInvalid);
    const wrong = await postCode(ctx.app, step.token, '000000');
    expect(wrong.statusCode).toBe(401);

    const next = totpCode(user.secret, 1);
    const ok = await postCode(ctx.app, step.token, next);
    expect(ok.statusCode).toBe(200);
    expect((await me(ctx.app, ok.json().access_token)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, JSON.parse(Buffer.from(ok.json().access_token.split('.')[1], 'base64url').toString()).sid));
    expect(row.signInMethod).toBe('totp');

    // The step token is used up, and the same code on a new sign-in is a replay.
    expect((await postCode(ctx.app, step.token, totpCode(user.secret, 1))).statusCode).toBe(401);
    const second = await secondStepToken(user.email, user.password);
    expect((await postCode(ctx.app, second.token, next)).statusCode).toBe(401);
    const [secret] = await ctx.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    expect(secret.lastStep).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000));
  });

  it('accepts each recovery code once, with or without its dash and in any case', async () => {
    const user = await accountWithTotp();
    const [first, second] = user.recoveryCodes;
    const step = await secondStepToken(user.email, user.password);
    const ok = await postCode(ctx.app, step.token, first.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const again = await secondStepToken(user.email, user.password);
    expect((await postCode(ctx.app, again.token, first)).statusCode).toBe(401);
    expect((await postCode(ctx.app, again.token, second.replace('-', ''))).statusCode).toBe(200);
    const left = await ctx.app.inject({ method: 'GET', url: `${V1}/users/me/security`, headers: bearerOf(ok.json().access_token) });
    expect(left.json().recovery_codes_left).toBe(8);
    const used = await ctx.db.select().from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id)));
    expect(used.filter((r) => r.usedAt !== null)).toHaveLength(2);
    // With none left, the sign-in no longer offers recovery codes (the screen's hint follows `methods`).
    await ctx.db.update(recoveryCodes).set({ usedAt: new Date() }).where(eq(recoveryCodes.userId, user.id));
    expect((await secondStepToken(user.email, user.password)).methods).toEqual(['totp']);
  });

  it('ends a step after five wrong codes, and throttles wrong codes per account and address without locking the owner out elsewhere', async () => {
    const user = await accountWithTotp();
    const ip = freshIp();
    const step = await secondStepToken(user.email, user.password, ip);
    for (let i = 0; i < 5; i += 1) expect((await postCode(ctx.app, step.token, '000000', ip)).statusCode).toBe(401);
    // Five failures: this step is over even with the right code...
    const over = await postCode(ctx.app, step.token, totpCode(user.secret, 1), ip);
    expect(over.statusCode).toBe(401);
    expect(over.json().detail).toBe(twoStepMessages.challengeInvalid);
    // ...and a new password step from the same address does not wipe the count: the next code there is refused with 429.
    const fresh = await secondStepToken(user.email, user.password, ip);
    const limited = await postCode(ctx.app, fresh.token, totpCode(user.secret, 1), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, still signs in.
    const home = freshIp();
    const mine = await secondStepToken(user.email, user.password, home);
    expect((await postCode(ctx.app, mine.token, totpCode(user.secret, 1), home)).statusCode).toBe(200);
    const failures = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.second_step_failed'), eq(auditLog.entityId, String(user.id))));
    expect(failures.length).toBe(5);
  });

  it('refuses a made-up step token and a malformed code with a Spanish message', async () => {
    const res = await postCode(ctx.app, 'y'.repeat(43), '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(twoStepMessages.challengeInvalid);
    const bad = await postCode(ctx.app, 'y'.repeat(43), 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('código de recuperación');
  });
});

describe('removing the authenticator app and new recovery codes', () => {
  it('asks for the password, then ends the other sessions and signs in with the password alone', async () => {
    const user = await accountWithTotp();
    const other = await secondStepToken(user.email, user.password);
    const otherSession = (await postCode(ctx.app, other.token, totpCode(user.secret, 1))).json().access_token;
    const wrong = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/remove`, headers: bearerOf(user.accessToken), payload: { password: 'NoEsLaClave9' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBeTruthy();

    const regenerated = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/recovery-codes`, headers: bearerOf(user.accessToken), payload: { password: user.password } });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recovery_codes).toHaveLength(10);
    const step = await secondStepToken(user.email, user.password);
    expect((await postCode(ctx.app, step.token, user.recoveryCodes[0])).statusCode).toBe(401);

    const removed = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/remove`, headers: bearerOf(user.accessToken), payload: { password: user.password } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(twoStepMessages.removed);
    expect((await me(ctx.app, otherSession)).statusCode).toBe(401);
    expect((await me(ctx.app, user.accessToken)).statusCode).toBe(200);
    expect((await postLogin(ctx.app, user.email, user.password)).json().access_token).toEqual(expect.any(String));
  });
});

describe('the staff policy', () => {
  it('sends staff without a second step to enrol after the password when the setting is on; donors sign in as before', async () => {
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const adminToken = (await loginAs(ctx.app, admin.email, admin.password)).access_token;
    const policy = await ctx.app.inject({ method: 'GET', url: `${V1}/admin/settings/security`, headers: bearerOf(adminToken) });
    // Off by default outside production, so the offline demo signs in as today.
    expect(policy.json()).toEqual({ staff_second_step_required: false, always_required_for: [] });
    const on = await ctx.app.inject({ method: 'PUT', url: `${V1}/admin/settings/security`, headers: bearerOf(adminToken), payload: { staff_second_step_required: true } });
    expect(on.statusCode).toBe(200);
    try {
      const staff = await createUser(ctx.db, { roles: ['ADMIN'] });
      const res = await postLogin(ctx.app, staff.email, staff.password);
      const { token } = res.json().enrolment_required;
      expect(token).toEqual(expect.any(String));
      const setup = await ctx.app.inject({ method: 'POST', url: `${V1}/auth/enrol/totp`, payload: { token } });
      expect(setup.statusCode).toBe(200);
      const { secret, qr_svg_data_url: qr } = setup.json();
      expect(qr).toMatch(/^data:image\/svg\+xml/);
      const wrong = await ctx.app.inject({ method: 'POST', url: `${V1}/auth/enrol/totp/confirm`, payload: { token, code: totpCode(secret, 4) }, remoteAddress: freshIp() });
      expect(wrong.statusCode).toBe(401);
      const done = await ctx.app.inject({ method: 'POST', url: `${V1}/auth/enrol/totp/confirm`, payload: { token, code: totpCode(secret) }, remoteAddress: freshIp() });
      expect(done.statusCode).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      expect((await me(ctx.app, done.json().access_token)).statusCode).toBe(200);
      // From now on the code step.
      expect((await postLogin(ctx.app, staff.email, staff.password)).json().second_step.methods).toContain('totp');
      // It cannot remove its only second step while the rule holds.
      const removal = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/remove`, headers: bearerOf(done.json().access_token), payload: { password: staff.password } });
      expect(removal.statusCode).toBe(400);
      expect(removal.json().detail).toBe(twoStepMessages.requiredForYou);

      const donor = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });
      expect((await postLogin(ctx.app, donor.email, donor.password)).json().access_token).toEqual(expect.any(String));
    } finally {
      await ctx.app.inject({ method: 'PUT', url: `${V1}/admin/settings/security`, headers: bearerOf(adminToken), payload: { staff_second_step_required: false } });
    }
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.security_updated'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('in production is on by default, and stays required for ADMIN and FINANCE when an ADMIN turns it off', async () => {
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const fresh = await getSecurityPolicy(ctx.db, 'production');
    expect(fresh.always_required_for).toEqual(['ADMIN', 'FINANCE']);
    const off = await saveSecurityPolicy(ctx.db, { required: false, env: 'production', actor: { id: admin.id, email: admin.email } });
    expect(off.staff_second_step_required).toBe(false);
    expect(secondStepRequired(['ADMIN'], off)).toBe(true);
    expect(secondStepRequired(['FINANCE'], off)).toBe(true);
    expect(secondStepRequired(['COMMUNICATIONS'], off)).toBe(false);
    expect(secondStepRequired(['DONOR', 'USER'], off)).toBe(false);
    const on = await saveSecurityPolicy(ctx.db, { required: true, env: 'production', actor: { id: admin.id, email: admin.email } });
    expect(secondStepRequired(['VOLUNTEER'], on)).toBe(true);
    expect(secondStepRequired(['USER'], on)).toBe(false);
    await saveSecurityPolicy(ctx.db, { required: false, env: 'test', actor: { id: admin.id, email: admin.email } });
  });
});

describe('recovery by another ADMIN, and the new-device email', () => {
  it('an ADMIN resets another person\'s second step (audited, emailed, sessions ended), never their own', async () => {
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const adminToken = (await loginAs(ctx.app, admin.email, admin.password)).access_token;
    const staff = await accountWithTotp(['ADMIN']);
    const reset = await ctx.app.inject({ method: 'POST', url: `${V1}/admin/users/${staff.id}/second-step/reset`, headers: bearerOf(adminToken) });
    expect(reset.statusCode).toBe(200);
    expect((await me(ctx.app, staff.accessToken)).statusCode).toBe(401);
    expect((await postLogin(ctx.app, staff.email, staff.password)).json().access_token).toEqual(expect.any(String));
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.second_step_reset'), eq(auditLog.entityId, String(staff.id))));
    expect(entry.actorUserId).toBe(admin.id);
    expect((await emailsTo(ctx.db, staff.email)).some((e) => e.template === 'second-step-reset')).toBe(true);
    const own = await ctx.app.inject({ method: 'POST', url: `${V1}/admin/users/${admin.id}/second-step/reset`, headers: bearerOf(adminToken) });
    expect(own.statusCode).toBe(400);
    expect(own.json().detail).toBe(twoStepMessages.ownResetRefused);
  });

  it('emails staff signing in from a browser not seen before, once per device; donors are not emailed', async () => {
    const staff = await createUser(ctx.db, { roles: ['ADMIN'] });
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const first = await postLogin(ctx.app, staff.email, staff.password, { userAgent: chrome });
    const device = first.cookies.find((c) => c.name === 'device_id');
    expect(device?.httpOnly).toBe(true);
    const sent = (await emailsTo(ctx.db, staff.email)).filter((e) => e.template === 'new-device-sign-in');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain('Nuevo inicio de sesión');
    expect(sent[0].textBody).toContain('Chrome en Windows');
    expect(sent[0].textBody).toContain('Red local');
    await postLogin(ctx.app, staff.email, staff.password, { cookies: { device_id: device!.value } });
    expect((await emailsTo(ctx.db, staff.email)).filter((e) => e.template === 'new-device-sign-in')).toHaveLength(1);
    await postLogin(ctx.app, staff.email, staff.password);
    expect((await emailsTo(ctx.db, staff.email)).filter((e) => e.template === 'new-device-sign-in')).toHaveLength(2);

    const donor = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });
    await postLogin(ctx.app, donor.email, donor.password);
    expect((await emailsTo(ctx.db, donor.email)).filter((e) => e.template === 'new-device-sign-in')).toHaveLength(0);
  });
});
