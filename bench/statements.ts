// Yearly statements for every donor (docs/performance.md, "Scale"; decision 0046): 45,000 donors with
// three receipted gifts each in one year, on PostgreSQL; times queueYearStatements, the one set-based
// statement that claims every donor's address and writes their emails to the outbox, then a second run
// (which must queue nothing). Target: queued in <= 60 s, never one read per donor.
//
//   npx tsx bench/statements.ts
//   BENCH_STATEMENT_DONORS=45000 BENCH_DATABASE_URL=postgres://user@host:5432/postgres npx tsx bench/statements.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { rowsOf } from '../apps/api/src/db/rows';
import { queueYearStatements } from '../apps/api/src/domain/receipts/statements';
import { bulkLoad } from './scale/generate';
import { machineLoad, result, scratchDatabase, target } from './support';

const DONORS = Number(process.env.BENCH_STATEMENT_DONORS ?? 45_000);
const GIFTS_EACH = 3;
const YEAR = 2031;

async function main() {
  console.log(`Yearly statements: ${DONORS} donors x ${GIFTS_EACH} receipted gifts in ${YEAR}; ${machineLoad()}`);
  const scratch = await scratchDatabase('bench_statements');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-statements-'));
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir, poolSize: 2 });
  const { db } = handle;
  let met = false;
  try {
    const seeding = performance.now();
    await db.execute(sql`INSERT INTO donors (name, emails) SELECT 'Donante ' || i, ARRAY['donante' || i || '@bench.local'] FROM generate_series(1, ${DONORS}) AS i ORDER BY i`);
    await bulkLoad(
      (text) => db.execute(sql.raw(text)),
      () =>
        db.execute(sql`
          INSERT INTO donations (reference_code, donor_id, donor_name, donor_email, amount_cents, currency, donation_type, status, source,
                                 payment_method, receipt_number, created_at, updated_at, completed_at)
          SELECT '#MG' || lpad(n::text, 8, '0'), r.id, 'Donante ' || i, 'donante' || i || '@bench.local', 10000 + (n % 7) * 5000, 'GTQ',
                 'monetary', 'completed', 'seed', 'card', n, t, t, t
          FROM generate_series(1, ${DONORS}) AS i
          CROSS JOIN generate_series(0, ${GIFTS_EACH - 1}) AS g
          JOIN donors r ON r.emails[1] = 'donante' || i || '@bench.local'
          CROSS JOIN LATERAL (SELECT (i - 1) * ${GIFTS_EACH} + g + 1 AS n) AS num
          CROSS JOIN LATERAL (SELECT ${`${YEAR}-01-02 15:00:00+00`}::timestamptz + ((n::float * 360 / ${DONORS * GIFTS_EACH}) || ' days')::interval AS t) AS s`),
    );
    await db.execute(sql`
      INSERT INTO receipts (donation_id, series, number, issued_at, donor_name, donor_email, donor_tax_id_kind, donor_tax_id,
                            reference_code, donation_type, donated_at, amount_cents, currency, issuer)
      SELECT id, 'A', receipt_number, completed_at, donor_name, donor_email, 'cf', 'CF', reference_code, donation_type, completed_at,
             amount_cents, currency, '{}'::jsonb
      FROM donations`);
    await db.execute(sql`VACUUM ANALYZE receipts`);
    console.log(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${machineLoad()}`);

    const started = performance.now();
    const queued = await queueYearStatements(db, YEAR);
    const seconds = (performance.now() - started) / 1000;
    const again = performance.now();
    const second = await queueYearStatements(db, YEAR);
    const secondSeconds = (performance.now() - again) / 1000;
    const [outbox] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM email_outbox WHERE template = 'annual-statement'`));
    console.log(`Queued ${queued} statements in ${seconds.toFixed(1)} s (outbox holds ${outbox.n}); a second run queued ${second} in ${secondSeconds.toFixed(1)} s; ${machineLoad()}`);
    result(`statements: ${queued} donors queued in ${seconds.toFixed(1)} s`);
    met = target(`yearly statements, ${DONORS} donors queued`, '<= 60 s', `${seconds.toFixed(1)} s`, seconds <= 60 && queued === DONORS && second === 0 && outbox.n === DONORS);
  } finally {
    await handle.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = met ? 0 : 1;
}

await main();
