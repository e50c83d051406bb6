// The harness's databases: each test file's database is a copy of the one migrated for the run
// (support/global-setup.ts). A copy must be as fresh as a newly migrated database: every migration
// applied, and nothing another copy wrote.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject as provided } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../src/db/client';
import { createTestApp, createUser, freshDatabase, usePostgres, type TestContext } from '../support/helpers';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const opened: TestContext[] = [];
afterAll(async () => {
  for (const ctx of opened) await ctx.close();
});

async function count(ctx: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0].n);
}

describe('the test databases', () => {
  it('are copies of the database migrated once for the run', () => {
    expect(provided(usePostgres ? 'postgresTemplate' : 'pgliteTemplate')).toBeTruthy();
  });

  it('have every migration applied', async () => {
    const ctx = await createTestApp();
    opened.push(ctx);
    expect(await count(ctx, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    const database = await freshDatabase();
    try {
      const result = (await database.db.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number | string }[] };
      expect(Number(result.rows[0].n)).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  it('share nothing: what one copy writes, the next does not see', async () => {
    const first = await createTestApp();
    opened.push(first);
    await createUser(first.db, { email: 'solo.en.la.primera@prueba.gt' });
    const second = await createTestApp();
    opened.push(second);
    expect(await count(first, sql`SELECT count(*) AS n FROM users`)).toBe(1);
    expect(await count(second, sql`SELECT count(*) AS n FROM users`)).toBe(0);
    expect(await count(second, sql`SELECT count(*) AS n FROM settings`)).toBe(await count(first, sql`SELECT count(*) AS n FROM settings`));
  });
});
