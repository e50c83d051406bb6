// Idempotent writes (docs/product.md#public-donation-flow): a key is claimed with INSERT ... ON CONFLICT in the same
// transaction as the work it guards, so two racing requests with one key produce one result.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorMessages } from '../../messages/errors';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ConflictError, InvalidInputError, KeyReusedError } from '../../errors';

/** Keys are answered again for this long, then removed by the cleanup job. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
  /** True when the answer was stored by an earlier request with the same key. */
  replayed: boolean;
}

/** Stable JSON (sorted keys), so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

/** The header's value, or a 400 when it is missing or malformed. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !key.trim()) throw new InvalidInputError(errorMessages.idempotencyMissing, { 'idempotency-key': errorMessages.idempotencyMissing });
  if (!KEY_PATTERN.test(key)) throw new InvalidInputError(errorMessages.idempotencyInvalid, { 'idempotency-key': errorMessages.idempotencyInvalid });
  return key;
}

/**
 * Runs `work` once per (scope, key). The claim and the work share one transaction: if the work
 * fails, the claim is undone and the key can be used again. A concurrent request with the same key
 * waits on the claim's row, then reads the committed answer. Same key with another body -> 422.
 */
export async function withIdempotency<T>(
  db: Database,
  input: { scope: string; key: string; hash: string },
  work: (tx: Db) => Promise<{ statusCode: number; body: T }>,
): Promise<StoredAnswer<T>> {
  return db.transaction(async (tx) => {
    // A key older than the TTL is taken over as if it were new (the cleanup job may not have run yet).
    const claimed = rowsOf<{ key: string }>(
      await tx.execute(sql`
        INSERT INTO idempotency_keys (scope, key, request_hash)
        VALUES (${input.scope}, ${input.key}, ${input.hash})
        ON CONFLICT (scope, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL, created_at = now(), completed_at = NULL
          WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        RETURNING key`),
    );

    if (claimed.length === 0) {
      const [existing] = rowsOf<{ request_hash: string; status_code: number | null; response: T | null }>(
        await tx.execute(sql`
          SELECT request_hash, status_code, response FROM idempotency_keys
          WHERE scope = ${input.scope} AND key = ${input.key}`),
      );
      if (!existing) throw new ConflictError(errorMessages.idempotencyInProgress);
      if (existing.request_hash !== input.hash) throw new KeyReusedError();
      if (existing.status_code == null || existing.response == null) throw new ConflictError(errorMessages.idempotencyInProgress);
      return { statusCode: existing.status_code, body: existing.response, replayed: true };
    }

    const answer = await work(tx);
    await tx.execute(sql`
      UPDATE idempotency_keys
      SET status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb, completed_at = now()
      WHERE scope = ${input.scope} AND key = ${input.key}`);
    return { ...answer, replayed: false };
  });
}

/** Removes expired keys in small batches; safe when several processes run it at once. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = rowsOf<{ key: string }>(
      await db.execute(sql`
        DELETE FROM idempotency_keys WHERE (scope, key) IN (
          SELECT scope, key FROM idempotency_keys
          WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
          ORDER BY created_at
          LIMIT 1000
          FOR UPDATE SKIP LOCKED)
        RETURNING key`),
    );
    removed += rows.length;
    if (rows.length < 1000) return removed;
  }
}
