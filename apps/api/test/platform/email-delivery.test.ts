// The outbox at scale: it sends at the rate of the settings entry emailDelivery, counted over every
// process, prunes sent emails after the retention, and the yearly statements of every donor are
// queued in one statement.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { annualStatements, emailOutbox } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { batchOfRate, getEmailDelivery, pruneSentEmails, putEmailDelivery } from '../../src/platform/email-delivery';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import type { MailTransport } from '../../src/platform/mailer';
import { queueYearStatements } from '../../src/domain/receipts/statements';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
const delivered: string[] = [];
const transport: MailTransport = {
  kind: 'log',
  send: async (m) => {
    delivered.push(m.to);
  },
  close: () => {},
};

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  await ctx.db.execute(sql`DELETE FROM email_outbox`);
  delivered.length = 0;
});

const queue = async (n: number, template = 'test') => {
  for (let i = 0; i < n; i += 1) await enqueueEmail(ctx.db, { to: `persona${i}@correo.gt`, subject: 'Hola', text: 'Hola', template });
};

describe('the sending rate', () => {
  it('sends no more than the emails per minute of the setting, and the rest once the minute has passed', async () => {
    await putEmailDelivery(ctx.db, { per_minute: 5, sent_retention_days: 180 });
    await queue(12);
    // A tick sends a thirtieth of the minute's rate (here 1); a caller asking for more still gets no more than the rate.
    expect((await deliverDueEmails(ctx.db, transport)).sent).toBe(1);
    const many = { batchSize: 50 };
    expect((await deliverDueEmails(ctx.db, transport, many)).sent).toBe(4);
    expect((await deliverDueEmails(ctx.db, transport, many)).sent).toBe(0);
    // Two processes at once share the same minute: still nothing more.
    const both = await Promise.all([deliverDueEmails(ctx.db, transport, many), deliverDueEmails(ctx.db, transport, many)]);
    expect(both[0].sent + both[1].sent).toBe(0);
    await ctx.db.execute(sql`UPDATE email_outbox SET claimed_at = claimed_at - interval '61 seconds' WHERE claimed_at IS NOT NULL`);
    const again = await Promise.all([deliverDueEmails(ctx.db, transport, many), deliverDueEmails(ctx.db, transport, many)]);
    expect(again[0].sent + again[1].sent).toBe(5);
    expect(delivered).toHaveLength(10);
    expect(new Set(delivered).size).toBe(10);
  });

  it('sends a thirtieth of the minute per tick of the job, and keeps the default of 600 a minute', async () => {
    await ctx.db.execute(sql`DELETE FROM settings WHERE key = 'emailDelivery'`);
    expect(await getEmailDelivery(ctx.db)).toEqual({ per_minute: 600, sent_retention_days: 180 });
    expect(batchOfRate(600)).toBe(20);
    expect(batchOfRate(6000)).toBe(200);
    expect(batchOfRate(10)).toBe(1);
    await queue(25);
    expect((await deliverDueEmails(ctx.db, transport)).sent).toBe(20);
  });

  it('refuses a rate or a retention out of range with a Spanish message', async () => {
    await expect(putEmailDelivery(ctx.db, { per_minute: 0, sent_retention_days: 180 })).rejects.toThrow(/entre 1 y 10,000 correos por minuto/);
    await expect(putEmailDelivery(ctx.db, { per_minute: 60, sent_retention_days: 3 })).rejects.toThrow(/entre 7 y 3,650 días/);
  });
});

describe('pruning sent emails', () => {
  it('deletes sent emails older than the retention and keeps pending, failed and recent ones', async () => {
    await putEmailDelivery(ctx.db, { per_minute: 600, sent_retention_days: 30 });
    await queue(4);
    const ids = (await ctx.db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(emailOutbox.id)).map((r) => r.id);
    const set = (id: number, status: string, daysAgo: number) =>
      ctx.db.execute(sql`UPDATE email_outbox SET status = ${status}, sent_at = now() - ${daysAgo} * interval '1 day' WHERE id = ${id}`);
    await set(ids[0], 'sent', 45);
    await set(ids[1], 'sent', 10);
    await set(ids[2], 'failed', 400);
    expect(await pruneSentEmails(ctx.db)).toBe(1);
    const left = (await ctx.db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual([ids[1], ids[2], ids[3]]);
    await putEmailDelivery(ctx.db, { per_minute: 600, sent_retention_days: 7 });
    expect(await pruneSentEmails(ctx.db)).toBe(1);
    expect(await pruneSentEmails(ctx.db)).toBe(0);
  });
});

describe('the yearly statements of every donor', () => {
  it('are queued in one statement, one email per donor with its own name, and never twice', async () => {
    const year = 2021;
    const donors = Array.from({ length: 40 }, (_, i) => ({ email: `anual${i}@correo.gt`, name: `Donante Anual ${i}` }));
    for (const [i, d] of donors.entries()) {
      await make.donation(ctx.db, { donorEmail: d.email, donorName: `${d.name} (antes)`, amount: 10, createdAt: new Date(Date.UTC(year, 1, 1 + (i % 20), 18)) });
      // The same donor with another case of the address, later in the year: one statement, the latest name.
      await make.donation(ctx.db, { donorEmail: d.email.toUpperCase(), donorName: d.name, amount: 15, createdAt: new Date(Date.UTC(year, 10, 1 + (i % 20), 18)) });
    }
    await make.donation(ctx.db, { donorEmail: 'otro.anio@correo.gt', amount: 10, createdAt: new Date(Date.UTC(year + 1, 1, 1, 18)) });
    await make.donation(ctx.db, { donorEmail: 'reembolsado@correo.gt', amount: 10, status: 'refunded', refundReason: 'Duplicada', createdAt: new Date(Date.UTC(year, 3, 1, 18)) });

    const [a, b] = await Promise.all([queueYearStatements(ctx.db, year), queueYearStatements(ctx.db, year)]);
    expect(a + b).toBe(40);
    expect(await queueYearStatements(ctx.db, year)).toBe(0);
    const queued = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'annual-statement'));
    expect(queued.map((m) => m.toAddress).sort()).toEqual(donors.map((d) => d.email).sort());
    for (const d of donors) {
      const mail = queued.find((m) => m.toAddress === d.email)!;
      expect(mail.subject).toBe(`Tu constancia anual de donaciones ${year}`);
      expect(mail.textBody).toContain(`Hola ${d.name}:`);
      expect(mail.textBody).not.toContain('{{DONOR_NAME}}');
      expect(mail.attachments).toEqual([{ kind: 'statement', email: d.email, year }]);
    }
    const claimed = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${annualStatements} WHERE year = ${year}`));
    expect(Number(claimed[0].n)).toBe(40);
  });
});

describe('the setting in the console', () => {
  it('ADMIN reads and saves it (audited); a bad value is refused next to its field, in Spanish', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const url = '/api/v1/admin/settings/email-delivery';
    await putEmailDelivery(ctx.db, { per_minute: 600, sent_retention_days: 180 });
    expect((await inject(ctx.app, { method: 'GET', url, token: admin.token })).json()).toEqual({ per_minute: 600, sent_retention_days: 180 });
    const saved = await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { per_minute: 120, sent_retention_days: 90 } });
    expect(saved.statusCode).toBe(200);
    expect(await getEmailDelivery(ctx.db)).toEqual({ per_minute: 120, sent_retention_days: 90 });
    const audited = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.emailDelivery.update'`));
    expect(Number(audited[0].n)).toBe(1);
    const bad = await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { per_minute: 0, sent_retention_days: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ per_minute: 'Indica entre 1 y 10,000 correos por minuto', sent_retention_days: 'Indica entre 7 y 3,650 días' });
    expect(await getEmailDelivery(ctx.db)).toEqual({ per_minute: 120, sent_retention_days: 90 });
  });
});
