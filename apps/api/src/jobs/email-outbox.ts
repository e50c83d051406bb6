// Delivers the email outbox (docs/product.md#email). Due rows are claimed with FOR UPDATE SKIP LOCKED and
// leased (next_attempt_at moved ahead) in one short statement, then sent outside any transaction, so
// two processes never send the same row and a crashed sender's rows come back after the lease.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { EmailAttachment } from '../db/schema';
import { PUBLIC_URL_MARK } from '../platform/email-outbox';
import { batchOfRate, getEmailDelivery, lockOutboxRate, roomInRate } from '../platform/email-delivery';
import { createMailTransport, type MailTransport } from '../platform/mailer';
import { emailBrand, renderBrandedEmail } from '../platform/email-templates/branded-email';
import { renderEmailAttachment } from '../domain/receipts/pdf';
import { markReceiptsEmailed } from '../domain/receipts/receipts';

export interface DeliveryOptions {
  /** Emails claimed at most in one call; by default a thirtieth of the rate per minute. Never beyond the rate. */
  batchSize?: number;
  /** After this many failed attempts the row is marked failed and left alone. */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1 = after the first failure). */
  backoffMs?: (attempt: number) => number;
  /** How long a claimed row stays invisible to other deliverers while it is being sent. */
  leaseMs?: number;
  log?: Pick<FastifyInstance['log'], 'warn' | 'error'>;
  /** Replaces PUBLIC_URL_MARK in bodies; the app's PUBLIC_URL when an app is given. */
  publicUrl?: string;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export const OUTBOX_MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min, ... doubling, at most 1 hour. */
export function outboxBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string;
  attempts: number;
  attachments: EmailAttachment[] | string | null;
  /** The row's creation time in epoch milliseconds, part of its Message-ID. */
  created_ms: string | number;
}

/**
 * Claims the due emails of this tick and leases them (next_attempt_at moved ahead), within the rate
 * of the settings entry emailDelivery counted over every process: the claims are serialised by an
 * advisory lock, and each claim stamps claimed_at, which the rate counts.
 */
async function claimDueEmails(db: Database, batchSize: number | undefined, leaseMs: number): Promise<ClaimedRow[]> {
  const { per_minute: perMinute } = await getEmailDelivery(db);
  return db.transaction(async (tx) => {
    await lockOutboxRate(tx);
    const limit = Math.min(batchSize ?? batchOfRate(perMinute), await roomInRate(tx, perMinute));
    if (limit <= 0) return [];
    return rowsOf<ClaimedRow>(
      await tx.execute(sql`
        UPDATE email_outbox
        SET attempts = attempts + 1, claimed_at = now(), next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM email_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, to_address, subject, text_body, html_body, template, attempts, attachments,
          floor(extract(epoch FROM created_at) * 1000)::bigint AS created_ms`),
    );
  });
}

function isApp(target: FastifyInstance | Database): target is FastifyInstance {
  return typeof (target as FastifyInstance).inject === 'function';
}

/** Sends every due email once; call it from the job or directly (tests). */
export async function deliverDueEmails(target: FastifyInstance | Database, transport: MailTransport, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const db = isApp(target) ? target.db : target;
  const log = options.log ?? (isApp(target) ? target.log : undefined);
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const backoff = options.backoffMs ?? outboxBackoffMs;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const publicUrl = options.publicUrl ?? (isApp(target) ? target.config.publicUrl : '');
  const links = (body: string) => body.split(PUBLIC_URL_MARK).join(publicUrl);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };

  const claimed = await claimDueEmails(db, options.batchSize, leaseMs);

  // The organisation's name, contact and colours as they are now, once per batch (docs/product.md#email).
  if (claimed.length === 0) return report;
  const brand = await emailBrand(db, publicUrl);
  for (const row of claimed) {
    try {
      // Attachments are rendered now, from their descriptors; a failure to render is retried like a failure to send.
      const descriptors: EmailAttachment[] = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : (row.attachments ?? []);
      const attachments = await Promise.all(descriptors.map((a) => renderEmailAttachment(db, a)));
      const branded = await renderBrandedEmail({ subject: row.subject, body: links(row.text_body), brand, template: row.template });
      await transport.send({
        to: row.to_address,
        subject: row.subject,
        text: branded.text,
        html: row.html_body == null ? branded.html : links(row.html_body),
        template: row.template,
        attachments,
        fromName: brand.name,
        replyTo: brand.contactEmail,
        // One Message-ID per outbox row, whatever the attempt: when a crash lost the server's reply and the
        // row is sent again, mail clients recognise the second copy as the same message and drop it.
        messageKey: `outbox.${row.id}.${row.created_ms}`,
      });
      await db.execute(sql`UPDATE email_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${row.id}`);
      await markReceiptsEmailed(db, descriptors);
      report.sent += 1;
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const attempts = Number(row.attempts);
      if (attempts >= maxAttempts) {
        await db.execute(sql`UPDATE email_outbox SET status = 'failed', last_error = ${reason} WHERE id = ${row.id}`);
        report.failed += 1;
        log?.error({ emailId: row.id, template: row.template, attempts, reason }, 'email delivery failed permanently');
      } else {
        const delay = backoff(attempts);
        await db.execute(sql`
          UPDATE email_outbox SET last_error = ${reason}, next_attempt_at = now() + ${delay} * interval '1 millisecond'
          WHERE id = ${row.id}`);
        report.retried += 1;
        log?.warn({ emailId: row.id, template: row.template, attempts, retryInMs: delay, reason }, 'email delivery failed, will retry');
      }
    }
  }
  return report;
}

const transports = new WeakMap<FastifyInstance, MailTransport>();

/** The job of each API process: one transport per app (SMTP connections are opened per batch). */
export function runEmailOutbox(app: FastifyInstance): Promise<DeliveryReport> {
  let transport = transports.get(app);
  if (!transport) {
    transport = createMailTransport(app.config, app.log);
    transports.set(app, transport);
  }
  return deliverDueEmails(app, transport);
}
