// An email sent again after its first attempt's reply was lost keeps its Message-ID, so the mail
// client shows one message, not two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { createMailTransport } from '../../src/platform/mailer';
import { createTestApp, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';

const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();

describe('the Message-ID of an outbox email', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  it('is the same on the attempt after a lost reply, and differs between rows', async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: 'Donaciones <no-responder@ong.example>' }, ctx.app.log);
    try {
      const first = await enqueueEmail(ctx.db, { to: 'ana@correo.gt', subject: 'Gracias', text: 'Hola', template: 'test' });
      // The server took the whole message but its answer never counted: the row stays to be sent again.
      smtp.state.refuse = true;
      expect((await deliverDueEmails(ctx.db, transport, { backoffMs: () => 0 })).retried).toBe(1);
      smtp.state.refuse = false;
      await ctx.db.execute(sql`UPDATE email_outbox SET next_attempt_at = now() WHERE id = ${first}`);
      expect((await deliverDueEmails(ctx.db, transport)).sent).toBe(1);
      expect(smtp.arrived).toHaveLength(2);
      const [a, b] = smtp.arrived.map(messageId);
      expect(a).toMatch(/^<.+@ong\.example>$/);
      expect(b).toBe(a);

      await enqueueEmail(ctx.db, { to: 'ana@correo.gt', subject: 'Otro', text: 'Hola', template: 'test' });
      expect((await deliverDueEmails(ctx.db, transport)).sent).toBe(1);
      expect(messageId(smtp.arrived[2])).not.toBe(a);
    } finally {
      transport.close();
    }
  });
});
