// The email outbox (docs/product.md#email) against a real SMTP listener started here: delivery, working
// links, retries with backoff, giving up, and two deliverers sending each email once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { authMessages } from '@donaciones/shared/messages/auth';
import { emailOutbox } from '../../src/db/schema';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { logTransport, smtpTransport } from '../../src/platform/mailer';
import { deliverDueEmails, outboxBackoffMs } from '../../src/jobs/email-outbox';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { freshIp, linkIn, loginAs, me } from '../support/auth';
import { startSmtp } from '../support/smtp';

/** Undoes quoted-printable line folding and escapes, as a mail client would. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Fundación <no-responder@prueba.gt>' } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
afterEach(async () => {
  smtp.state.refuse = false;
  smtp.received.length = 0;
  // Each test starts with an empty outbox.
  await ctx.db.delete(emailOutbox);
});

const transport = () => smtpTransport(ctx.config.smtpUrl!, ctx.config.mailFrom);

describe('email outbox over SMTP', () => {
  it('delivers the welcome email, and its link verifies the account against the API', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Carla Méndez', email: 'carla@prueba.gt', password: 'Segura123', confirmPassword: 'Segura123', acceptTerms: true },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    const report = await deliverDueEmails(ctx.app, transport());
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['carla@prueba.gt']);
    expect(mail.from).toBe('no-responder@prueba.gt');
    const body = decode(mail.raw);
    expect(body).toMatch(/Subject: .*=\?UTF-8\?|Subject: Te damos la bienvenida/);
    expect(body).toContain('Hola Carla');
    const { url } = linkIn(body, '/verify-email');
    const path = new URL(url);
    expect(`${path.protocol}//${path.host}`).toBe(ctx.config.publicUrl);
    const verify = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth${path.pathname}${path.search}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: authMessages.verifyDone });

    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'carla@prueba.gt'));
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    // Sent rows are not sent again.
    expect(await deliverDueEmails(ctx.app, transport())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('delivers the reset email, and its link sets a new password', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email }, remoteAddress: freshIp() });
    await deliverDueEmails(ctx.db, transport());
    expect(smtp.received).toHaveLength(1);
    const { url, token } = linkIn(decode(smtp.received[0].raw), '/reset-password');
    expect(url).toBe(`${ctx.config.publicUrl}/reset-password?token=${token}`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'DesdeCorreo1', confirmPassword: 'DesdeCorreo1' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const tokens = await loginAs(ctx.app, user.email, 'DesdeCorreo1');
    expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(200);
  });

  it('retries with exponential backoff while the server refuses, then delivers', async () => {
    const id = await enqueueEmail(ctx.db, { to: 'reintento@prueba.gt', subject: 'Prueba', text: 'Hola', template: 'test' });
    smtp.state.refuse = true;
    const first = await deliverDueEmails(ctx.db, transport());
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451|no disponible/);
    const delay1 = row.nextAttemptAt.getTime() - Date.now();
    expect(delay1).toBeGreaterThan(outboxBackoffMs(1) - 5_000);
    expect(delay1).toBeLessThanOrEqual(outboxBackoffMs(1) + 1_000);

    // Not due yet: nothing is attempted.
    expect(await deliverDueEmails(ctx.db, transport())).toEqual({ sent: 0, retried: 0, failed: 0 });

    // Once due, the second failure waits twice as long.
    await ctx.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    await deliverDueEmails(ctx.db, transport());
    [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.attempts).toBe(2);
    const delay2 = row.nextAttemptAt.getTime() - Date.now();
    expect(outboxBackoffMs(2)).toBe(2 * outboxBackoffMs(1));
    expect(delay2).toBeGreaterThan(outboxBackoffMs(2) - 5_000);

    smtp.state.refuse = false;
    await ctx.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    expect(await deliverDueEmails(ctx.db, transport())).toEqual({ sent: 1, retried: 0, failed: 0 });
    [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('sent');
    expect(row.lastError).toBeNull();
    expect(smtp.received.map((m) => m.to)).toEqual([['reintento@prueba.gt']]);
  });

  it('gives up after the maximum number of attempts (status failed)', async () => {
    const id = await enqueueEmail(ctx.db, { to: 'imposible@prueba.gt', subject: 'Prueba', text: 'Hola', template: 'test' });
    smtp.state.refuse = true;
    const maxAttempts = 3;
    for (let i = 1; i <= maxAttempts; i++) {
      await ctx.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
      const report = await deliverDueEmails(ctx.db, transport(), { maxAttempts });
      expect(report).toEqual(i < maxAttempts ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 });
    }
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(maxAttempts);
    await ctx.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    smtp.state.refuse = false;
    expect(await deliverDueEmails(ctx.db, transport(), { maxAttempts })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('retries when the server cannot be reached at all', async () => {
    const id = await enqueueEmail(ctx.db, { to: 'caido@prueba.gt', subject: 'Prueba', text: 'Hola', template: 'test' });
    const down = await startSmtp();
    await down.close();
    const report = await deliverDueEmails(ctx.db, smtpTransport(down.url, ctx.config.mailFrom));
    expect(report).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('pending');
    expect(row.lastError).toBeTruthy();
  });

  it('two concurrent deliverers send each email exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueEmail(ctx.db, { to: `lote${i}@prueba.gt`, subject: `Lote ${i}`, text: 'Hola', template: 'test' }));
    // Small batches so both deliverers keep claiming while the other is sending.
    const run = async () => {
      let sent = 0;
      for (;;) {
        const r = await deliverDueEmails(ctx.db, transport(), { batchSize: 2 });
        sent += r.sent;
        if (r.sent + r.retried + r.failed === 0) return sent;
      }
    };
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(12);
    const recipients = smtp.received.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(ids.map((_, i) => `lote${i}@prueba.gt`).sort());
    const rows = await ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('without SMTP_URL, logs each email (recipient, subject) instead of its body or links, and marks it sent', async () => {
    const logged: unknown[] = [];
    const id = await enqueueEmail(ctx.db, {
      to: 'registro@prueba.gt',
      subject: 'Restablece tu contraseña',
      text: 'Dato privado: 1234.\n\nhttp://localhost:3000/reset-password?token=abc123',
      template: 'password-reset',
    });
    const report = await deliverDueEmails(ctx.db, logTransport({ info: (obj: unknown) => logged.push(obj) }));
    expect(report.sent).toBe(1);
    expect(logged).toEqual([
      { to: 'registro@prueba.gt', subject: 'Restablece tu contraseña', template: 'password-reset' },
    ]);
    expect(JSON.stringify(logged)).not.toContain('Dato privado');
    expect(JSON.stringify(logged)).not.toContain('abc123');
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe('sent');
  });
});
