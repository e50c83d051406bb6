// Tests of one migration on a database that already holds data: an empty database of the project's kind
// (PGlite, or a scratch database on TEST_DATABASE_URL), migrated up to the migration before, then to the end,
// by the migrator each runs with (PGlite's, node-postgres's).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { embeddedExtensions, migrationsFolder } from '../../src/db/client';

export interface ScratchDatabase {
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  migrate: (folder: string) => Promise<void>;
}

/** Scratch databases and folders, each removed by `cleanUp` (call it in afterAll). */
export function scratchDatabases(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `migraciones-${name}-`));
  const cleanups: (() => Promise<void>)[] = [];

  /** The migrations folder as it was before the migration whose tag starts with `tag` (the journal cut before it). */
  function folderBefore(tag: string): string {
    const folder = path.join(dir, `antes-${tag}`);
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  }

  /** An empty database of the project's kind: PGlite, or a scratch database on TEST_DATABASE_URL. */
  async function open(): Promise<ScratchDatabase> {
    if (process.env.TEST_DB === 'postgres') {
      const base = process.env.TEST_DATABASE_URL;
      if (!base) throw new Error('TEST_DB=postgres requires TEST_DATABASE_URL');
      const database = `t_${name}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      cleanups.push(async () => {
        await client.end();
        const dropper = new pg.Client({ connectionString: base });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await dropper.end();
      });
      return { query: (text) => client.query(text), migrate: (folder) => pgMigrate(pgDrizzle(client), { migrationsFolder: folder }) };
    }
    const client = new PGlite({ extensions: await embeddedExtensions() });
    cleanups.push(() => client.close());
    return { query: (text) => client.query(text), migrate: (folder) => pgliteMigrate(pgliteDrizzle(client), { migrationsFolder: folder }) };
  }

  async function cleanUp(): Promise<void> {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }

  return { folderBefore, open, cleanUp };
}
