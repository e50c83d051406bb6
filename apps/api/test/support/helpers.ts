// Test harness: a real app on a fresh database per test file — embedded PGlite by default, or a new
// PostgreSQL database on the TEST_DATABASE_URL server when the project runs with TEST_DB=postgres.
// Each is a copy of the one database migrated for the run (support/global-setup.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { inject as provided } from 'vitest';
import type { Role } from '@donaciones/shared/constants';
import { bootstrap } from '../../src/bootstrap';
import { type Config, loadConfig } from '../../src/config';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client';
import { sessions, users, userPreferences } from '../../src/db/schema';
import { hashPassword } from '../../src/domain/accounts/passwords';

export const usePostgres = process.env.TEST_DB === 'postgres';

let pgliteTemplate: Blob | undefined;
/** The run's migrated embedded database, read once per worker (undefined outside the API projects). */
function embeddedTemplate(): Blob | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** A fresh in-memory embedded database: a copy of the run's migrated one. */
function openEmbeddedDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: tmpdir(), memory: true, loadDataDir: embeddedTemplate() });
}

/** A new database on the TEST_DATABASE_URL server (a copy of the run's migrated one), and how to drop it. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres requires TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = provided('postgresTemplate');
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await dropper.end();
    },
  };
}

/** A fresh, empty, migrated database, for tests that need one without the app. */
export async function freshDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (usePostgres) {
    const { url, drop } = await createPostgresDatabase();
    const handle = await openDatabase({ databaseUrl: url, dataDir: tmpdir(), poolSize: 5 });
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        await drop();
      },
    };
  }
  return openEmbeddedDatabase();
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    extraRoutes?: (app: FastifyInstance) => void;
    /** Told of every route the app registers (extraRoutes comes too late for an onRoute hook). */
    onRoute?: (route: RouteOptions) => void;
    /** A second API process on this context's database (a restart, other settings); closing it leaves the database open. */
    sameDatabaseAs?: TestContext;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'donaciones-test-'));
  const shared = options.sameDatabaseAs;
  const postgres = usePostgres && !shared ? await createPostgresDatabase() : null;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') },
    {
      dataDir,
      runJobs: false,
      demoSeed: options.seed ?? false,
      ...(postgres ? { databaseUrl: postgres.url, databasePoolSize: 5 } : {}),
      ...(shared ? { databaseUrl: shared.config.databaseUrl, jwtSecret: shared.config.jwtSecret, cookieSecret: shared.config.cookieSecret, dataEncryptionKey: shared.config.dataEncryptionKey } : {}),
      ...options.config,
    },
  );
  // The same start as the server's (migrations, default settings, seed, app); the app's close also
  // closes the database it opened.
  // An embedded database is opened here from the run's migrated copy; the app then leaves it open on
  // close, so this context closes it.
  const embedded = !usePostgres && !shared ? await openEmbeddedDatabase() : undefined;
  const { app, database } = await bootstrap(config, { logger: false, memory: !usePostgres, onRoute: options.onRoute, database: shared?.database ?? embedded });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await embedded?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;
/** Inserts an account directly (verified email by default) and returns its id and credentials. */
export async function createUser(
  db: Database,
  options: { email?: string; password?: string; roles?: Role[]; isActive?: boolean; verified?: boolean; firstName?: string; lastName?: string } = {},
) {
  userCounter += 1;
  const email = (options.email ?? `persona${userCounter}.${randomBytes(3).toString('hex')}@prueba.gt`).toLowerCase();
  const password = options.password ?? 'Secreta123';
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: options.firstName ?? 'Persona',
      lastName: options.lastName ?? `Prueba${userCounter}`,
      roles: options.roles ?? ['USER'],
      isActive: options.isActive ?? true,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  await db.insert(userPreferences).values({ userId: row.id }).onConflictDoNothing();
  return { id: row.id, email, password };
}

/** Opens a session for the account and signs its access token, as sign-in does. */
export async function openSession(app: FastifyInstance, db: Database, userId: number): Promise<{ token: string; sessionId: string }> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: sessions.id });
  return { token: await app.accessTokens.sign({ userId, sessionId: session.id }), sessionId: session.id };
}

export interface Caller {
  id: number;
  email: string;
  token: string;
}

/** The text of every page of a PDF, read with pdfjs (whitespace collapsed to single spaces). */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await getDocument({ data: new Uint8Array(data), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

export async function pdfPageCount(data: Buffer | Uint8Array): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export function inject(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}
