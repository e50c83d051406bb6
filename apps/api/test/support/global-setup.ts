// Runs once per API project and run, before any test file: migrates one database, which every test
// file then copies instead of migrating its own (on this 2-core machine the migrations were most of a
// file's start). PostgreSQL copies it with CREATE DATABASE ... TEMPLATE; PGlite loads its dumped data
// directory into a new in-memory instance. A copy is a new database, so nothing leaks between files.
// The tests of the migrations themselves (test/platform/embedded-database.test.ts,
// test/receipts/migration.test.ts) still run them for real.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, as a tarball file. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database to copy, on the TEST_DATABASE_URL server. */
    postgresTemplate: string;
  }
}

async function adminQuery(base: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres requires TEST_DATABASE_URL');
  const name = `t_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), poolSize: 1 });
  // No connection may stay open on a template while it is copied.
  await handle.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  // Opened as the app opens an in-memory database (its extensions, its settings), then dumped.
  const folder = mkdtempSync(path.join(tmpdir(), 'donaciones-template-'));
  const handle = await openDatabase({ dataDir: folder, memory: true });
  const tarball = await handle.dumpDataDir!();
  await handle.close();
  const file = path.join(folder, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rmSync(folder, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env?.TEST_DB === 'postgres' ? postgresTemplate(project) : pgliteTemplate(project);
}
