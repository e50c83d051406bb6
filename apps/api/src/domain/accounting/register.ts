// The register (Contabilidad, docs/product.md#the-register-and-the-close): every money movement of a
// period, one row each. A gift is dated by its donation date (created_at, as every figure), a refund
// by refunded_at, a void by the day its receipt was annulled; refunds and voids carry the gift's
// amount with a minus sign. The provider's fee and the VAT it withheld stay on the gift's row
// (gross - fee - VAT = net), so the register adds up to what reached the bank.
import { sql, type SQL } from 'drizzle-orm';
import { instantRange } from '@donaciones/shared/figures';
import { registerMessages } from '@donaciones/shared/messages/accounting';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type MovementKind = 'gift' | 'refund' | 'void';

export interface Movement {
  at: Date;
  kind: MovementKind;
  donationId: number;
  reference: string;
  donor: string;
  nit: string | null;
  method: string;
  currency: string;
  grossCents: number;
  feeCents: number;
  vatCents: number;
  netCents: number;
  /** The quetzal value of `netCents` at the gift's rate; null for a foreign gift recorded without one. */
  gtqNetCents: number | null;
  designation: string;
  receiptSeries: string | null;
  receiptNumber: number | null;
  felUuid: string | null;
}

/** Guatemala calendar days, both included. */
export interface RegisterPeriod {
  from: string;
  to: string;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function periodInstants(period: RegisterPeriod): { start: Date; end: Date } {
  return instantRange({ start: period.from, end: nextDay(period.to) });
}

interface Keyset {
  at: string;
  k: number;
  id: number;
}

/**
 * The first `limit` movements of [start, end) after `after` in the order (at, kind_order, id): each kind
 * reads its own first `limit` by its index (gifts by donations_created_idx read backwards, hence NULLS
 * FIRST, which changes nothing as neither column is null; refunds by donations_refunded_idx, voids by
 * receipts_voided_idx), so a page costs its rows, not the period's.
 */
function movementsSql(start: Date, end: Date, after: Keyset | null, limit: number): SQL {
  const s = start.toISOString();
  const e = end.toISOString();
  const cols = (sign: string, withFees: boolean) => sql.raw(`
    d.id, d.reference_code, d.donor_name, d.donor_nit,
    register_method(d.payment_method, d.donation_type) AS method, d.currency,
    ${sign} d.amount_cents AS gross,
    ${withFees ? 'coalesce(d.fee_cents, 0)' : '0'} AS fee,
    ${withFees ? 'coalesce(d.vat_withheld_cents, 0)' : '0'} AS vat,
    CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END AS rate,
    p.name AS program, r.series, r.number, r.fel_uuid`);
  const from = sql.raw(`FROM donations d LEFT JOIN receipts r ON r.donation_id = d.id LEFT JOIN programs p ON p.id = d.program_id`);
  // (at, K, id) > (after.at, after.k, after.id) for the kind K, as a comparison of (at, id) the index can range over.
  const past = (column: string, kindOrder: number) => {
    if (!after) return sql``;
    const id = after.k < kindOrder ? -1 : after.k === kindOrder ? after.id : 2_147_483_647;
    return sql`AND (${sql.raw(column)}, d.id) > (${after.at}::timestamptz, ${id})`;
  };
  return sql`
    (SELECT d.created_at AS at, 1 AS kind_order, 'gift' AS kind, ${cols('', true)} ${from}
      WHERE (d.completed_at IS NOT NULL OR d.status = 'refunded') AND d.created_at >= ${s}::timestamptz AND d.created_at < ${e}::timestamptz
        ${past('d.created_at', 1)}
      ORDER BY d.created_at NULLS FIRST, d.id NULLS FIRST LIMIT ${limit})
    UNION ALL
    (SELECT d.refunded_at AS at, 2 AS kind_order, 'refund' AS kind, ${cols('-', false)} ${from}
      WHERE d.status = 'refunded' AND d.refunded_at >= ${s}::timestamptz AND d.refunded_at < ${e}::timestamptz ${past('d.refunded_at', 2)}
      ORDER BY d.refunded_at, d.id LIMIT ${limit})
    UNION ALL
    (SELECT r.voided_at AS at, 3 AS kind_order, 'void' AS kind, ${cols('-', false)} ${from}
      WHERE d.status <> 'refunded' AND d.completed_at IS NOT NULL
        AND r.voided_at >= ${s}::timestamptz AND r.voided_at < ${e}::timestamptz ${past('r.voided_at', 3)}
      ORDER BY r.voided_at, d.id LIMIT ${limit})`;
}

interface MovementRow {
  at: string | Date;
  kind_order: number;
  kind: MovementKind;
  id: number;
  reference_code: string;
  donor_name: string;
  donor_nit: string | null;
  method: string;
  currency: string;
  gross: string | number;
  fee: string | number;
  vat: string | number;
  rate: string | number | null;
  program: string | null;
  series: string | null;
  number: number | null;
  fel_uuid: string | null;
}

function toMovement(row: MovementRow): Movement {
  const gross = Number(row.gross);
  const fee = Number(row.fee);
  const vat = Number(row.vat);
  const net = gross - fee - vat;
  return {
    at: new Date(row.at),
    kind: row.kind,
    donationId: Number(row.id),
    reference: row.reference_code,
    donor: row.donor_name,
    nit: row.donor_nit,
    method: row.method,
    currency: row.currency,
    grossCents: gross,
    feeCents: fee,
    vatCents: vat,
    netCents: net,
    gtqNetCents: row.rate === null ? null : Math.round(net * Number(row.rate)),
    designation: row.program ?? registerMessages.generalFund,
    receiptSeries: row.series,
    receiptNumber: row.number === null ? null : Number(row.number),
    felUuid: row.fel_uuid,
  };
}

/**
 * The period's movements in batches (keyset pages of `batchSize` rows): a caller streaming a file
 * holds one batch at a time, whatever the size of the period.
 */
export async function* registerBatches(db: Db, period: RegisterPeriod, batchSize = 2000): AsyncGenerator<Movement[]> {
  const { start, end } = periodInstants(period);
  let after: Keyset | null = null;
  for (;;) {
    const page: SQL = sql`SELECT * FROM (${movementsSql(start, end, after, batchSize)}) m ORDER BY m.at, m.kind_order, m.id LIMIT ${batchSize}`;
    const rows: MovementRow[] = rowsOf<MovementRow>(await db.execute(page));
    if (rows.length === 0) return;
    yield rows.map(toMovement);
    if (rows.length < batchSize) return;
    const last: MovementRow = rows[rows.length - 1];
    after = { at: new Date(last.at).toISOString(), k: Number(last.kind_order), id: Number(last.id) };
  }
}

export interface RegisterTotal {
  key: string;
  label: string;
  count: number;
  grossCents: number;
  feeCents: number;
  vatCents: number;
  netCents: number;
}

export interface RegisterTotals {
  count: number;
  byCurrency: RegisterTotal[];
  /** In quetzales (a foreign movement by its quetzal value; one without it is left out, as in every figure). */
  byMethod: RegisterTotal[];
  byProgram: RegisterTotal[];
}

/**
 * The period's movements summed by day, kind, method, currency and programme: gifts and refunds from
 * the register's daily rollup (register_daily, migration 0038, kept by a trigger on donations: the
 * period's days, not its movements), voids (few) from the ledger by the index on their annulment.
 * `rated_*` are the movements with a quetzal rate and their amounts at it, rounded per movement.
 */
function dailyTotalsSql(period: RegisterPeriod, start: Date, end: Date): SQL {
  const rate = sql.raw(`CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END`);
  return sql`
    SELECT t.method, t.currency, p.name AS program, t.count, t.gross_cents, t.fee_cents, t.vat_cents,
           t.rated_count, t.rated_gross_cents, t.rated_fee_cents, t.rated_vat_cents
    FROM register_daily t LEFT JOIN programs p ON p.id = nullif(t.program_id, 0)
    WHERE t.day >= ${period.from}::date AND t.day <= ${period.to}::date
    UNION ALL
    SELECT register_method(d.payment_method, d.donation_type), d.currency, p.name, 1, -d.amount_cents, 0, 0,
           CASE WHEN ${rate} IS NULL THEN 0 ELSE 1 END, coalesce(round(-d.amount_cents * ${rate}), 0), 0, 0
    FROM receipts r JOIN donations d ON d.id = r.donation_id LEFT JOIN programs p ON p.id = d.program_id
    WHERE d.status <> 'refunded' AND d.completed_at IS NOT NULL
      AND r.voided_at >= ${start.toISOString()}::timestamptz AND r.voided_at < ${end.toISOString()}::timestamptz`;
}

/** The period's totals by currency (each in its own), by method and by designation (in quetzales). */
export async function registerTotals(db: Db, period: RegisterPeriod): Promise<RegisterTotals> {
  const { start, end } = periodInstants(period);
  const q = (group: string, quetzal: boolean) => {
    const c = quetzal ? 'rated_' : '';
    return db.execute(
      sql`SELECT ${sql.raw(group)} AS key, sum(m.${sql.raw(c)}count)::int AS n,
        coalesce(sum(m.${sql.raw(c)}gross_cents), 0)::bigint AS gross, coalesce(sum(m.${sql.raw(c)}fee_cents), 0)::bigint AS fee,
        coalesce(sum(m.${sql.raw(c)}vat_cents), 0)::bigint AS vat
        FROM (${dailyTotalsSql(period, start, end)}) m
        GROUP BY 1 HAVING sum(m.${sql.raw(c)}count) > 0 ORDER BY 1`,
    );
  };
  const shape = (result: unknown, label: (key: string) => string): RegisterTotal[] =>
    rowsOf<{ key: string | null; n: number; gross: string; fee: string; vat: string }>(result).map((r) => {
      const key = r.key ?? '';
      const [gross, fee, vat] = [Number(r.gross), Number(r.fee), Number(r.vat)];
      return { key, label: label(key), count: Number(r.n), grossCents: gross, feeCents: fee, vatCents: vat, netCents: gross - fee - vat };
    });
  const [cur, met, prog] = await Promise.all([q('m.currency', false), q('m.method', true), q('m.program', true)]);
  const byCurrency = shape(cur, (k) => k);
  return {
    count: byCurrency.reduce((n, t) => n + t.count, 0),
    byCurrency,
    byMethod: shape(met, (k) => registerMessages.methods[k] ?? k),
    byProgram: shape(prog, (k) => k || registerMessages.generalFund),
  };
}
