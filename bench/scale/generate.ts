// The data of a charity after years of giving (docs/performance.md, "Scale"): a pool of donors and
// their donations, inserted with set-based SQL: the donor records first in one statement, then the
// donations with their donor already named (so the matching trigger has nothing to do), with the
// per-row triggers of the ledger's rollups and donors' figures off; then those rebuilt from the rows
// in one statement each, as the triggers would have kept them row by row (bulkLoad below).
//
// Shares, per donation: ~6% bank deposits, ~8% in dollars, ~1% refunded; statuses 80% completed,
// 8% pending, 6% failed, 4% cancelled, 2% expired (monthly gifts are not generated yet); December has about twice
// the gifts of another month. Donors: one per 20 donations (50,000 at 1,000,000), each with a fixed
// name and email, so a donor's history and yearly statement read many rows.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { rowsOf } from '../../apps/api/src/db/rows';

const GIVEN = ['María', 'José', 'Lucía', 'Carlos', 'Ana', 'Luis', 'Sofía', 'Jorge', 'Rosa', 'Miguel', 'Elena', 'Pedro', 'Carmen', 'Juan', 'Isabel', 'Diego', 'Marta', 'Andrés', 'Paola', 'Óscar', 'Gabriela', 'Fernando', 'Claudia', 'Ricardo', 'Verónica', 'Héctor', 'Alejandra', 'Mario', 'Daniela', 'Raúl'];
const SURNAMES = ['García', 'López', 'Pérez', 'Hernández', 'Morales', 'Castillo', 'Ajú', 'Xicará', 'Cabrera', 'Quiñónez', 'Rodríguez', 'Martínez', 'González', 'Ramírez', 'Flores', 'Cruz', 'Reyes', 'Ortiz', 'Méndez', 'Ixcoy', 'Tzul', 'Chávez', 'Juárez', 'Estrada', 'Barrios', 'Monterroso', 'de León', 'Sandoval', 'Velásquez', 'Pop'];
const DESCRIPTIONS = ['Para el comedor escolar', 'Útiles para la escuela', 'Becas de estudio', 'Donación mensual', 'En memoria de mi abuela', null, null, null];

const textArray = (values: readonly (string | null)[]) =>
  sql.raw(`ARRAY[${values.map((v) => (v == null ? 'NULL' : `'${v.replace(/'/g, "''")}'`)).join(', ')}]::text[]`);

/** How many donors a ledger of this size has (one per 20 donations, at least 500). */
export const donorsFor = (donations: number) => Math.max(500, Math.round(donations / 20));

/** Runs one SQL text (a Drizzle database or a node-postgres client alike). */
export type Exec = (text: string) => Promise<unknown>;

/** The row triggers a bulk load turns off; bulkLoad rebuilds what they keep. The matching trigger stays on (rows come with their donor). */
const ROW_TRIGGERS = ['donations_totals_trg', 'donations_daily_trg', 'donations_donor_periods_trg', 'donations_register_daily_trg', 'donations_donor_figures_trg'];

/**
 * Runs `insert` with the per-row triggers off, then rebuilds from the ledger, one statement each, what
 * they keep: the running totals, the daily rollup, the rollup per donor and month and year, the register's daily rollup and every donor's figures.
 */
export async function bulkLoad(exec: Exec, insert: () => Promise<unknown>): Promise<void> {
  // The search's trigram index (GIN) is built again after the load: adding a million rows to it one by
  // one took most of the load's time.
  const gin = rowsOf<{ name: string; definition: string }>(
    await exec(`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'donations' AND indexdef LIKE '% USING gin %'`),
  );
  for (const index of gin) await exec(`DROP INDEX ${index.name}`);
  for (const name of ROW_TRIGGERS) await exec(`ALTER TABLE donations DISABLE TRIGGER ${name}`);
  try {
    await insert();
  } finally {
    for (const name of ROW_TRIGGERS) await exec(`ALTER TABLE donations ENABLE TRIGGER ${name}`);
    for (const index of gin) await exec(index.definition);
  }
  await exec('DELETE FROM donation_totals');
  await exec(`
    INSERT INTO donation_totals (status, donation_type, slot, count, amount_cents)
    SELECT status, donation_type, 0, count(*), sum(CASE WHEN currency = 'GTQ' THEN amount_cents ELSE coalesce(gtq_cents, 0) END)
    FROM donations GROUP BY status, donation_type`);
  await exec('SELECT donation_daily_rebuild()');
  await exec('SELECT donation_donor_periods_rebuild()');
  await exec('SELECT register_daily_rebuild()');
  // Each donor's figures as donor_refresh_figures (migration 0042) keeps them: completed gifts, dated by created_at.
  await exec(`
    UPDATE donors r SET gift_count = f.n, lifetime_cents = f.total, first_gift_at = f.first_at, last_gift_at = f.last_at
    FROM (SELECT o.id, coalesce(a.n, 0) AS n, coalesce(a.total, 0) AS total, a.first_at, a.last_at
          FROM donors o LEFT JOIN (
            SELECT donor_id, count(*)::int AS n, sum(coalesce(gtq_cents, amount_cents))::bigint AS total,
                   min(created_at) AS first_at, max(created_at) AS last_at
            FROM donations WHERE status = 'completed' AND donor_id IS NOT NULL GROUP BY donor_id) a ON a.donor_id = o.id) f
    WHERE r.id = f.id AND (r.gift_count, r.lifetime_cents, r.first_gift_at, r.last_gift_at) IS DISTINCT FROM (f.n, f.total, f.first_at, f.last_at)`);
  await exec('VACUUM ANALYZE donations');
  await exec('VACUUM ANALYZE donors');
}

/** Donor d's name and email (the lateral joins after a column `d`), the same in every size. */
const PERSON = sql`
  CROSS JOIN LATERAL (SELECT (${textArray(GIVEN)})[1 + d % ${GIVEN.length}] AS given) AS g
  CROSS JOIN LATERAL (SELECT (${textArray(SURNAMES)})[1 + (d / ${GIVEN.length}) % ${SURNAMES.length}] AS surname) AS s1
  CROSS JOIN LATERAL (SELECT (${textArray(SURNAMES)})[1 + (d / ${GIVEN.length * SURNAMES.length} + d) % ${SURNAMES.length}] AS surname) AS s2
  CROSS JOIN LATERAL (SELECT g.given || ' ' || s1.surname || ' ' || s2.surname AS name,
                             lower(translate(g.given || '.' || s1.surname, 'áéíóúÁÉÍÓÚñÑ ', 'aeiouAEIOUnN')) || '.' || d || '@correo.gt' AS email) AS p`;

/**
 * Appends donations number [from, to) over the ten years before `until`, the newest with the largest
 * numbers. Donor d is the same person (name, email, account-less) in every size: the donor records the
 * batch needs and lacks are created first, as the matching trigger would (named after the gift, with
 * its address), and each donation comes with its donor.
 */
export async function generateDonations(db: Database, from: number, to: number, options: { donors: number; until: Date }): Promise<void> {
  const span = 10 * 365 * 86_400;
  const who = sql`CROSS JOIN LATERAL (SELECT (hashint4(i) & 2147483647) % ${options.donors} AS d) AS who`;
  await db.execute(sql`
    INSERT INTO donors (name, emails)
    SELECT p.name, ARRAY[p.email]
    FROM (SELECT DISTINCT d FROM generate_series(${from}::int, ${to - 1}::int) AS i ${who}) AS batch ${PERSON}
    WHERE NOT EXISTS (SELECT 1 FROM donors r WHERE r.emails @> ARRAY[p.email] AND r.merged_into_id IS NULL)
    ORDER BY d`);
  await bulkLoad(
    (text) => db.execute(sql.raw(text)),
    () =>
      db.execute(sql`
      INSERT INTO donations (reference_code, donor_id, donor_name, donor_email, amount_cents, currency, gtq_cents, exchange_rate, exchange_rate_date,
                             donation_type, status, description, source, payment_method, card_last4, card_brand,
                             receipt_number, created_at, updated_at, completed_at, refunded_at, refund_reason)
      SELECT '#MG' || lpad(i::text, 8, '0'),
             r.id,
             p.name,
             p.email,
             CASE WHEN usd THEN amount / 8 ELSE amount END,
             CASE WHEN usd THEN 'USD' ELSE 'GTQ' END,
             CASE WHEN usd THEN (amount / 8) * 780 / 100 END,
             CASE WHEN usd THEN '7.80' END,
             CASE WHEN usd THEN to_char(at, 'YYYY-MM-DD') END,
             CASE WHEN i % 50 = 7 THEN 'goods' WHEN i % 50 = 8 THEN 'services' ELSE 'monetary' END,
             st.status,
             (${textArray(DESCRIPTIONS)})[1 + i % ${DESCRIPTIONS.length}],
             'seed',
             CASE WHEN i % 17 = 3 THEN 'bank_deposit' ELSE 'card' END,
             CASE WHEN i % 17 <> 3 THEN '4242' END,
             CASE WHEN i % 17 <> 3 THEN 'visa' END,
             CASE WHEN st.status IN ('completed', 'refunded') THEN i END,
             at, at,
             CASE WHEN st.status IN ('completed', 'refunded') THEN at + interval '2 minutes' END,
             CASE WHEN st.status = 'refunded' THEN at + interval '3 days' END,
             CASE WHEN st.status = 'refunded' THEN 'Solicitud del donante' END
      FROM generate_series(${from}::int, ${to - 1}::int) AS i
      ${who}
      ${PERSON}
      JOIN donors r ON r.emails[1] = p.email AND r.merged_into_id IS NULL
      CROSS JOIN LATERAL (SELECT (ARRAY[5000, 10000, 15000, 25000, 35000, 50000, 100000, 250000])[1 + (hashint4(i + 1) & 7)]::bigint AS amount,
                                 i % 13 = 4 AS usd) AS money
      -- Time runs with the donation number; December's days are spread twice as thin, so it holds twice the gifts
      -- (half of November's move 30 days on, unless that is after until: no gift is dated in the future).
      CROSS JOIN LATERAL (SELECT ${options.until.toISOString()}::timestamptz - ((${to}::bigint - i) * ${span}::bigint / ${Math.max(1, to)}) * interval '1 second' AS raw) AS t0
      CROSS JOIN LATERAL (SELECT CASE WHEN extract(month FROM raw) = 11 AND i % 2 = 0 AND raw + interval '30 days' <= ${options.until.toISOString()}::timestamptz
                                      THEN raw + interval '30 days' ELSE raw END AS at) AS t
      CROSS JOIN LATERAL (SELECT CASE WHEN i % 97 = 5 THEN 'refunded' WHEN i % 50 < 40 THEN 'completed' WHEN i % 50 < 44 THEN 'pending'
                                      WHEN i % 50 < 47 THEN 'failed' WHEN i % 50 < 49 THEN 'cancelled' ELSE 'expired' END AS status) AS st`),
  );
  await db.execute(sql`SELECT setval('receipt_number_seq', (SELECT coalesce(max(receipt_number), 0) + 1 FROM donations))`);
}
