// The app's own database connections at scale (docs/performance.md, "Scale"): PostgreSQL's JIT is off,
// since compiling a plan cost 30-450 ms on reads that an index answers in a few.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe("the app's database connections", () => {
  it('run with JIT compilation off', async () => {
    const result = (await ctx.db.execute(sql`SELECT current_setting('jit') AS jit`)) as unknown as { rows?: { jit: string }[] } | { jit: string }[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    expect(rows[0]?.jit).toBe('off');
  });
});
