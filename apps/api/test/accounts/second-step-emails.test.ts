// The account's owner is told by email of every change to their own second step (docs/product.md#accounts-and-sessions):
// the authenticator app turned on (from the settings or when enrolling at sign-in) or off, new recovery
// codes, a passkey added or removed; exactly one email per change, to the account's address, with
// the browser and system (as the new-device email names them), when, the approximate place and the
// password-reset link if it was not them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passkeys } from '../../src/db/schema';
import { secondStepChangeMessages as m } from '../../src/messages/two-step-email';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, loginAs } from '../support/auth';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { bearerOf, enrolTotp, postLogin, totpCode } from '../support/two-step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const V1 = '/api/v1';

/** The second-step emails queued to an address since `after` (an outbox id), oldest first. */
async function noticesTo(email: string, after = 0) {
  return (await emailsTo(ctx.db, email)).filter((e) => e.template === 'second-step-changed' && e.id > after).reverse();
}
const lastId = async (email: string) => (await emailsTo(ctx.db, email))[0]?.id ?? 0;

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const from = (userAgent: string, token: string) => ({ ...bearerOf(token), 'user-agent': userAgent });

function expectNotice(mail: { subject: string; textBody: string } | undefined, subject: string, device?: string) {
  expect(mail?.subject).toBe(subject);
  expect(mail?.textBody).toMatch(/^Hola Persona:\n\n/);
  expect(mail?.textBody).toContain(`Dispositivo: ${device ?? ''}`);
  expect(mail?.textBody).toMatch(/Fecha: \d{1,2} de [a-z]+ de \d{4}/);
  expect(mail?.textBody).toContain('Lugar aproximado: ');
  expect(mail?.textBody).toContain('Si no fuiste tú');
  expect(mail?.textBody).toContain('/forgot-password');
}

describe('changes to the authenticator app', () => {
  it('turning it on, new recovery codes and turning it off each queue exactly one email to the account', async () => {
    const user = await createUser(ctx.db);
    const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
    expect(await noticesTo(user.email)).toEqual([]);

    const enrolled = await enrolTotp(ctx.app, token);
    let mails = await noticesTo(user.email);
    expect(mails).toHaveLength(1);
    expectNotice(mails[0], m.subjects['totp-enabled']);
    expect(mails[0].textBody).toContain('Activaste el inicio de sesión en dos pasos');

    let since = await lastId(user.email);
    const regenerated = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/recovery-codes`, headers: from(IPHONE, token), payload: { password: user.password } });
    expect(regenerated.statusCode).toBe(200);
    mails = await noticesTo(user.email, since);
    expect(mails.map((e) => e.subject)).toEqual([m.subjects['recovery-codes']]);
    expectNotice(mails[0], m.subjects['recovery-codes'], 'Safari en iOS\n');

    // A wrong password changes nothing and tells no one.
    since = await lastId(user.email);
    await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/remove`, headers: bearerOf(token), payload: { password: 'NoEsLaClave9' } });
    expect(await noticesTo(user.email, since)).toEqual([]);
    const removed = await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/totp/remove`, headers: from(WINDOWS_CHROME, token), payload: { password: user.password } });
    expect(removed.statusCode).toBe(200);
    mails = await noticesTo(user.email, since);
    expect(mails).toHaveLength(1);
    expectNotice(mails[0], m.subjects['totp-removed'], 'Chrome en Windows\n');
    expect(mails[0].textBody).toContain('Desactivaste el inicio de sesión en dos pasos');
    expect(enrolled.recoveryCodes).toHaveLength(10);
  });

  it('enrolling at sign-in, when the staff policy asks for it, queues one email', async () => {
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const adminToken = (await loginAs(ctx.app, admin.email, admin.password)).access_token;
    await ctx.app.inject({ method: 'PUT', url: `${V1}/admin/settings/security`, headers: bearerOf(adminToken), payload: { staff_second_step_required: true } });
    try {
      const staff = await createUser(ctx.db, { roles: ['ADMIN'] });
      const { token } = (await postLogin(ctx.app, staff.email, staff.password)).json().enrolment_required;
      const { secret } = (await ctx.app.inject({ method: 'POST', url: `${V1}/auth/enrol/totp`, payload: { token } })).json();
      const done = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/auth/enrol/totp/confirm`,
        headers: { 'user-agent': IPHONE },
        payload: { token, code: totpCode(secret) },
        remoteAddress: freshIp(),
      });
      expect(done.statusCode).toBe(200);
      const mails = await noticesTo(staff.email);
      expect(mails.map((e) => e.subject)).toEqual([m.subjects['totp-enabled']]);
      expectNotice(mails[0], m.subjects['totp-enabled'], 'Safari en iOS\n');
    } finally {
      await ctx.app.inject({ method: 'PUT', url: `${V1}/admin/settings/security`, headers: bearerOf(adminToken), payload: { staff_second_step_required: false } });
    }
  });
});

describe('changes to passkeys', () => {
  it('adding a passkey and removing it each queue exactly one email to the account', async () => {
    const user = await createUser(ctx.db);
    const { access_token: token } = await loginAs(ctx.app, user.email, user.password);
    const url = new URL(ctx.config.publicUrl);
    const key = new SoftAuthenticator(url.hostname, url.origin);
    const { challenge_id: challengeId, options } = (await ctx.app.inject({ method: 'POST', url: `${V1}/users/me/passkeys/options`, headers: bearerOf(token) })).json();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/users/me/passkeys`,
      headers: from(IPHONE, token),
      payload: { challenge_id: challengeId, response: key.register(options), name: 'Teléfono de Ana' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    let mails = await noticesTo(user.email);
    expect(mails).toHaveLength(1);
    expectNotice(mails[0], m.subjects['passkey-added'], 'Safari en iOS\n');

    const since = await lastId(user.email);
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect((await ctx.app.inject({ method: 'DELETE', url: `${V1}/users/me/passkeys/${row.id}`, headers: from(WINDOWS_CHROME, token) })).statusCode).toBe(200);
    mails = await noticesTo(user.email, since);
    expect(mails).toHaveLength(1);
    expectNotice(mails[0], m.subjects['passkey-removed'], 'Chrome en Windows\n');
  });
});
