// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the PostgreSQL dialect, so one schema, one set of migrations and one query layer serve both.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Services accept either the database or an open transaction. */
export type Db = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** An embedded database's data directory as a tarball, to open copies of it (`loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The committed migrations; found beside the sources in development and beside the bundle when built. */
export function migrationsFolder(): string {
  for (const candidate of [path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle")]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('No se encontró la carpeta de migraciones (drizzle/)');
}

const MIGRATION_LOCK = 4_242_001;

/** The contrib extensions the migrations create (pg_trgm for the search, migration 0014), loaded into every embedded database. */
export async function embeddedExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * The embedded server's memory (docs/performance.md, "Memory"). PostgreSQL's default shared buffers
 * (128 MB) live inside the WebAssembly heap and are touched as pages are read, so the process grew by
 * ~150 MB more than with 16 MB; the embedded database is small and its files stay in the OS's cache.
 */
const EMBEDDED_POSTGRESQL_CONF = 'shared_buffers = 16MB\njit = off';

/**
 * Creates a new embedded database (initdb) in a short-lived child process. PGlite runs initdb in two
 * extra WebAssembly instances that the instance which created the database never gives back (~400 MB
 * for as long as the server runs); in a child process that memory ends with it.
 */
async function createEmbeddedDatabase(dataPath: string): Promise<void> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const entry = import.meta.resolve('@electric-sql/pglite');
  const script =
    `const { PGlite } = await import(${JSON.stringify(entry)});` +
    `const db = new PGlite(${JSON.stringify(dataPath)});` +
    'await db.waitReady; await db.close();';
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { timeout: 120_000 });
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  memory?: boolean;
  /** An embedded database to start from (a `dumpDataDir()` tarball): the tests' one migrated copy. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // NUMERIC and BIGINT come back as strings by default; counts and cents fit in a double exactly.
    pg.types.setTypeParser(20, (v) => Number(v));
    // JIT off for the app's connections: its reads are short index lookups, for which compiling the plan
    // cost 30-450 ms at a million donations (docs/performance.md, "Scale").
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      options: '-c jit=off',
    });
    // A dropped connection (for example when PostgreSQL restarts) must not crash the process: idle
    // clients report through the pool, checked-out ones (between the statements of a transaction)
    // through their own 'error' event. The statement in progress still fails, and the pool discards
    // the broken client when it is released.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Database;
    // Two processes starting together must not run the migrations twice.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataPath: string | undefined;
  if (!options.memory) {
    dataPath = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataPath, { recursive: true });
    if (!existsSync(path.join(dataPath, 'PG_VERSION'))) await createEmbeddedDatabase(dataPath);
  }
  // PGlite in a worker thread (embedded.ts), migrated there, reached through node-postgres as PostgreSQL
  // is. PGlite is one connection: a pool of one, so a transaction holds it and nothing interleaves.
  const { startEmbeddedWorker } = await import('./embedded');
  const worker = await startEmbeddedWorker({
    dataPath,
    loadDataDir: options.loadDataDir,
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    migrationsFolder: folder,
  });
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, allowExitOnIdle: true, stream: worker.connect, user: 'postgres', database: 'postgres' });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as unknown as Database;
  let busySince: number | null = null;
  pool.on('acquire', () => {
    busySince = Date.now();
  });
  pool.on('release', () => {
    busySince = null;
  });
  embeddedBusy.set(db, () => busySince !== null && !worker.ended() && Date.now() - busySince < BUSY_IS_ALIVE_MS);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await pool.end();
      await worker.close();
    },
    dumpDataDir: worker.dumpDataDir,
  };
}

/** Whether an embedded database is at work on a query that started less than BUSY_IS_ALIVE_MS ago. */
const embeddedBusy = new WeakMap<Database, () => boolean>();
const BUSY_IS_ALIVE_MS = 60_000;

/**
 * Whether the database answers. The embedded one runs one query at a time: while it is at work on
 * one (for less than a minute), it is alive, and /health says so at once instead of queuing behind it.
 */
export async function pingDatabase(db: Database): Promise<boolean> {
  if (embeddedBusy.get(db)?.()) return true;
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
