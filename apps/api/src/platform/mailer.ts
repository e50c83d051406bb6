// How outgoing email leaves the process (docs/product.md#email): over SMTP when SMTP_URL is set,
// otherwise only its recipient and subject are logged (bodies carry sign-in links with tokens).
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The kind of email ('welcome', 'password-reset', ...), for the log. */
  template: string;
  attachments?: MailAttachment[];
  /** The sender's display name (the organisation's, from the settings); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where the donor's answer goes (the organisation's contact email). */
  replyTo?: string;
  /**
   * What makes the Message-ID (`<key@sender's domain>`), the same on every attempt to send one
   * message; without it each attempt gets a new one.
   */
  messageKey?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  /** Resolves once the message was accepted; rejects with the reason otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The address of MAIL_FROM (`Donaciones <no-responder@ejemplo.org>` or a bare address). */
export function senderAddress(mailFrom: string): string {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first?.address || mailFrom.trim();
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const address = senderAddress(from);
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : 'localhost';
  // Short timeouts: a stuck server must not hold the delivery job; the outbox retries later.
  const transporter = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        ...(message.fromName ? { from: { name: message.fromName, address } } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.messageKey ? { messageId: `<${message.messageKey}@${domain}>` } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        headers: { 'X-Template': message.template },
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Logs the recipient, subject and kind of each email, never its body: a body holds password-reset and
 * email-confirmation links whose tokens would let anyone who reads the log take over the account.
 */
export function logTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      const attachments = message.attachments?.length ? { attachments: message.attachments.map((a) => a.filename) } : {};
      log.info({ to: message.to, subject: message.subject, template: message.template, ...attachments }, 'correo (sin SMTP_URL: solo registrado)');
    },
    close: () => {},
  };
}

export function createMailTransport(config: { smtpUrl?: string; mailFrom: string }, log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log);
}
