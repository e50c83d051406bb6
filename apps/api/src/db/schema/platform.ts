// What every capability shares: the audit log, settings, the email outbox, idempotency keys and rate-limit counters. Money is integer cents.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz, createdAt } from './columns';
import { users } from './accounts';

/** What an outbox email attaches, rendered at send time (docs/product.md#email). */
export type EmailAttachment = { kind: 'receipt'; receiptId: number } | { kind: 'statement'; email: string; year: number };

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_id_idx').on(t.createdAt.desc(), t.id.desc()), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** Key/value settings validated by zod in the settings service: system, organization, impact, levels. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** docs/product.md#email: written in the same transaction as the change that causes the email. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
    /** When the last attempt to send it was claimed: the rate of the settings entry emailDelivery counts these (migration 0030). */
    claimedAt: tz('claimed_at'),
    /** What to attach, rendered when the email is sent (docs/product.md#email): `[{ kind: 'receipt', receiptId }]`. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  // The dashboard's delivery health reads the last 7 days (migration 0016).
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
    // The emails sent to an address, newest first (a donor's timeline reads them by lower-cased address).
    index('email_outbox_recipient_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
    // The sending rate over the last minute, and the pruning of sent emails (migration 0030).
    index('email_outbox_claimed_idx').on(t.claimedAt),
    index('email_outbox_sent_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Fixed-window counters of the PostgreSQL-backed rate limiter (used when REDIS_URL is not set). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tz('reset_at').notNull(),
});
