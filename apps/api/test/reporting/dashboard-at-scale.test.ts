// The admin dashboard at scale (docs/performance.md, "Scale"): its reads of the email outbox and the
// audit log are answered by indexes, whatever the size of those never-emptied tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** The plan with sequential scans and sorts priced out: a read no index serves still shows them. */
async function planOf(query: SQL): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows?: Record<string, string>[] } | Record<string, string>[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('the admin dashboard', () => {
  it("reads the last week of the email outbox by its date index", async () => {
    const plan = await planOf(sql`SELECT count(*) FROM email_outbox WHERE created_at >= now() - interval '7 days'`);
    expect(plan).toContain('email_outbox_created_idx');
    expect(plan).not.toMatch(/Seq Scan on email_outbox/);
  });

  it('reads the latest audit entries in the index order, without sorting the log', async () => {
    const plan = await planOf(sql`SELECT id FROM audit_log WHERE action NOT LIKE 'auth.%' ORDER BY created_at DESC, id DESC LIMIT 10`);
    expect(plan).toContain('audit_log_created_id_idx');
    expect(plan).not.toMatch(/Sort|Seq Scan on audit_log/);
  });
});
