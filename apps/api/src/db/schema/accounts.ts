// Accounts, their preferences and sessions (docs/product.md#accounts-and-sessions). Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@donaciones/shared/constants';
import { tz, createdAt, sqlList } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Ordered: the first is the main role (docs/product.md#roles-and-permissions). */
    roles: text('roles').array().notNull().default(sql`'{USER}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: tz('email_verified_at'),
    phone: text('phone'),
    address: text('address'),
    /** The donor's NIT (`1234567-8`) or CUI (13 digits), prefilling the donate form (docs/product.md#validation-rules). */
    nit: text('nit'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastLoginAt: tz('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_roles_valid', sql`${t.roles} <@ ARRAY[${sqlList(ROLES)}]::text[] AND cardinality(${t.roles}) >= 1`),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  favoriteCause: text('favorite_cause'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  showDonationsPublicly: boolean('show_donations_publicly').notNull().default(false),
  /**
   * Consent to be emailed about events and volunteering, never presumed (decision 0081). With a donor
   * record linked to the account the record's consent_email is the consent and this follows it.
   */
  allowContact: boolean('allow_contact').notNull().default(false),
  /** When the donor last changed allow_contact in Mi perfil; null when they never chose. */
  allowContactAt: tz('allow_contact_at'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** One row per sign-in: the refresh-token family of docs/product.md#accounts-and-sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The random id of the browser (a long-lived cookie): a staff sign-in from a new one is emailed. */
    deviceId: text('device_id'),
    /** How the sign-in was completed: password, totp, recovery, passkey (null before two-step sign-in). */
    signInMethod: text('sign_in_method'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_user_device_idx').on(t.userId, t.deviceId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    /** Set when the token is exchanged; a second use revokes the session (reuse detection). */
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens sent by email: password reset, an admin's invitation (the first password) and email verification. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'invitation', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** An authenticator app's secret (TOTP); `confirmed_at` null while enrolment waits for its first code. */
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: tz('confirmed_at'),
  /** The last 30-second time-step accepted: a code of that step or an earlier one is refused (replay). */
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Ten single-use recovery codes per account, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: tz('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys): the public key (base64url) and the signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const SIGN_IN_CHALLENGE_PURPOSES = ['second_step', 'enrol', 'passkey_sign_in', 'passkey_register'] as const;

/**
 * The short-lived state between the steps of a sign-in: the token a client holds after the password
 * (second step or forced enrolment), or a WebAuthn challenge waiting for the authenticator's answer.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: SIGN_IN_CHALLENGE_PURPOSES }).notNull(),
    tokenHash: text('token_hash'),
    challenge: text('challenge'),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_key').on(t.tokenHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
    check('sign_in_challenges_purpose_valid', sql`${t.purpose} IN (${sqlList(SIGN_IN_CHALLENGE_PURPOSES)})`),
  ],
);
