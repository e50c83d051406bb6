// One branded email per event (docs/product.md#email): every kind of email leaves over real SMTP with
// an HTML and a plain-text part, from the organisation's name at MAIL_FROM's address, answered to its
// contact email and signed once; a completed gift sends one email with the receipt's PDF attached.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { emailOutbox } from '../../src/db/schema';
import { emailMessages } from '../../src/messages/email';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { setFelCertification } from '../../src/domain/receipts/receipts';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { senderAddress, smtpTransport } from '../../src/platform/mailer';
import { getSettings, putSettings } from '../../src/platform/settings';
import { emailSamples } from '../support/email-samples';
import { createTestApp, inject, pdfText, type Caller, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Caller;
const ORG = 'Fundación Niñez & Futuro';
const CONTACT = 'contacto@ninez.org.gt';

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Donaciones <no-responder@ninez.org.gt>' } });
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  await putSettings(ctx.db, 'organization', { ...(await getSettings(ctx.db, 'organization')), name: ORG, email: CONTACT });
  await putSettings(ctx.db, 'system', { ...(await getSettings(ctx.db, 'system')), contact_email: 'sistema@ninez.org.gt' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

async function deliverAll() {
  while ((await deliverDueEmails(ctx.app, smtpTransport(ctx.config.smtpUrl!, ctx.config.mailFrom))).sent > 0);
}
async function receivedBy(address: string): Promise<(ParsedMail & { template: string })[]> {
  const mails = smtp.received.filter((m) => m.to.includes(address));
  return Promise.all(mails.map(async (m) => Object.assign(await simpleParser(m.raw), { template: /^X-Template: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '' })));
}
const count = (text: string, part: string) => text.split(part).length - 1;

/** Every `template: '...'` the API's code queues, so a new kind of email cannot skip these tests. */
function templatesInSource(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts')) {
        for (const line of readFileSync(file, 'utf8').split('\n')) {
          if (!/\btemplate:/.test(line)) continue;
          for (const m of line.matchAll(/'([a-z]+(?:-[a-z]+)+)'/g)) found.add(m[1]);
        }
      }
    }
  };
  walk(path.resolve(__dirname, '../../src'));
  return found;
}

describe('every kind of email', () => {
  it('has a sample here for each kind the API queues', () => {
    const sampled = new Set(emailSamples.map((s) => s.template));
    expect([...templatesInSource()].filter((t) => !sampled.has(t))).toEqual([]);
  });

  it.each(emailSamples.map((s, i) => [`${s.template} (${i + 1})`, s] as const))('%s: HTML and text parts, From the organisation, Reply-To its contact, signed once', async (_label, sample) => {
    const to = `muestra-${sample.template}-${Math.random().toString(36).slice(2, 8)}@correo.gt`;
    await enqueueEmail(ctx.db, { to, subject: sample.subject, text: sample.text, template: sample.template });
    await deliverAll();
    const [mail] = await receivedBy(to);
    expect(mail.subject).toBe(sample.subject);
    expect(mail.from?.value).toEqual([{ name: ORG, address: senderAddress(ctx.config.mailFrom) }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: CONTACT }]);

    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(text).toContain(sample.text.split('\n')[0]);
    expect(text).not.toContain('{{PUBLIC_URL}}');
    expect(count(text, emailMessages.layout.signature(ORG)[0])).toBe(1);
    expect(text.trimEnd().endsWith(ctx.config.publicUrl)).toBe(true);

    expect(html).toMatch(/<html[^>]*\blang="es"/);
    expect(html).toContain('Fundación Niñez &amp; Futuro');
    expect(html).toContain(`<title>${sample.subject}</title>`);
    expect(count(html, emailMessages.layout.signature(ORG)[0])).toBe(1);
    expect(html).not.toContain('{{PUBLIC_URL}}');
    // Every link of the text is a link in the HTML, resolved on PUBLIC_URL.
    for (const url of text.match(/https?:\/\/[^\s]+/g) ?? []) expect(html).toContain(`href="${url.replace(/[.,;:)]+$/, '').replace(/&/g, '&amp;')}"`);
    // Nothing is fetched from a third party on opening (a font, stylesheet or image there tells it the donor
    // read the email, and many clients block it): every http(s) address is on the organisation's own site.
    // Namespace names (xmlns="http://www.w3.org/1999/xhtml") are identifiers no client loads.
    const addresses = html.replace(/\sxmlns(?::\w+)?="[^"]*"/g, '').match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    expect(addresses.filter((url) => new URL(url).host !== new URL(ctx.config.publicUrl).host)).toEqual([]);
    // Images (none today) would need a text alternative.
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\balt="[^"]+"/);
  });

  it('makes a link alone on its line a button named for the email, with the address under it', async () => {
    const to = 'boton@correo.gt';
    const link = `${ctx.config.publicUrl}/reset-password?token=abc123`;
    await enqueueEmail(ctx.db, { to, subject: 'Restablece', text: `Hola Ana:\n\nAbre este enlace:\n\n${link}`, template: 'password-reset' });
    await deliverAll();
    const [mail] = await receivedBy(to);
    const html = String(mail.html);
    expect(html).toMatch(new RegExp(`<a\\s+href="${link.replace(/[.?/]/g, '\\$&')}"[^>]*>\\s*${emailMessages.layout.buttons['password-reset']}\\s*</a>`));
    expect(html).toContain(emailMessages.layout.linkFallback);
  });

  it("escapes what donors typed: a name with markup arrives as text, never as HTML", async () => {
    const to = 'marcado@correo.gt';
    await enqueueEmail(ctx.db, { to, subject: 'Prueba', text: 'Hola <b>Ana</b> & "Luis":\n\nMotivo: <script>alert(1)</script>', template: 'donation-rejected' });
    await deliverAll();
    const [mail] = await receivedBy(to);
    const html = String(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Ana</b>');
    expect(html).toContain('Hola &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Luis&quot;:');
  });
});

describe('one email per completed gift', () => {
  it('staff processing a card gift sends the thank-you alone, with the receipt PDF attached', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', cardLast4: '4242', donorEmail: 'un.correo@correo.gt', donorName: 'Ana Tuyuc', amountCents: 7_500 });
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/donations/${d.id}/process`, token: admin.token })).statusCode).toBe(200);
    await deliverAll();
    const mails = await receivedBy('un.correo@correo.gt');
    expect(mails.map((m) => m.template)).toEqual(['donation-completed']);
    const [mail] = mails;
    expect(mail.text).toContain('Adjuntamos tu constancia de donación A-');
    expect(typeof mail.html).toBe('string');
    expect(mail.attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', expect.stringMatching(/^constancia-A-\d{6}\.pdf$/)]]);
    expect(await pdfText(mail.attachments[0].content)).toContain(d.referenceCode);
  });

  it("staff processing a monthly gift's first charge sends the monthly email alone, with the receipt PDF attached", async () => {
    const email = 'mensual.un.correo@correo.gt';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/donate',
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { donorName: 'Ana Ángel', email, amount: 100, acceptTerms: true, frequency: 'monthly', cardLast4: '4242', cardBrand: 'visa' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/donations/${res.json().id}/process`, token: admin.token })).statusCode).toBe(200);
    await deliverAll();
    const mails = await receivedBy(email);
    expect(mails.map((m) => m.template)).toEqual(['monthly-gift-started']);
    expect(mails[0].attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(mails[0].html).toContain(emailMessages.layout.buttons['monthly-gift-started']);
  });

  it('while certification (FEL) is pending, the thank-you says the receipt follows and attaches nothing', async () => {
    setFelCertification(true);
    try {
      const d = await make.donation(ctx.db, { status: 'pending', cardLast4: '4242', donorEmail: 'fel.pendiente@correo.gt' });
      expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/donations/${d.id}/process`, token: admin.token })).statusCode).toBe(200);
    } finally {
      setFelCertification(false);
    }
    const queued = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'fel.pendiente@correo.gt'));
    expect(queued.map((m) => [m.template, m.attachments])).toEqual([['donation-completed', []]]);
    expect(queued[0].textBody).toMatch(/Tu recibo por donación A-\d{6} te llegará en otro correo en cuanto la SAT lo certifique\./);
  });

  it('staff approving a gift sends the approval alone, with the receipt PDF attached', async () => {
    const d = await make.donation(ctx.db, { amountCents: 20_000, status: 'pending', createdAt: new Date(Date.now() - 180_000), donorEmail: 'aprobada@correo.gt' });
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/approve`, token: admin.token })).statusCode).toBe(200);
    await deliverAll();
    const mails = await receivedBy('aprobada@correo.gt');
    expect(mails).toHaveLength(1);
    expect(mails[0].template).toMatch(/^(donation|deposit)-approved$/);
    expect(mails[0].attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });
});
