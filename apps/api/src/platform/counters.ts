// Fixed-window counters shared by every API process: in PostgreSQL, or in Redis when REDIS_URL is set.
// They back @fastify/rate-limit and the failed-sign-in throttle.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

export interface CounterHit {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

export interface CounterStore {
  incr(key: string, windowMs: number): Promise<CounterHit>;
  get(key: string): Promise<CounterHit>;
  /** Takes one back within the current window (a throttled attempt that turned out to succeed). */
  decr(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function postgresCounters(db: Database): CounterStore {
  return {
    async incr(key, windowMs) {
      const result = await db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (reset_at - now())) * 1000)::float8 AS ttl_ms`);
      const row = rowsOf<{ count: number; ttl_ms: number }>(result)[0];
      return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
    },
    async get(key) {
      const result = await db.execute(sql`
        SELECT count, GREATEST(0, EXTRACT(EPOCH FROM (reset_at - now())) * 1000)::float8 AS ttl_ms
        FROM rate_limits WHERE key = ${key} AND reset_at > now()`);
      const row = rowsOf<{ count: number; ttl_ms: number }>(result)[0];
      return row ? { count: Number(row.count), ttlMs: Number(row.ttl_ms) } : { count: 0, ttlMs: 0 };
    },
    async decr(key) {
      await db.execute(sql`UPDATE rate_limits SET count = GREATEST(0, count - 1) WHERE key = ${key} AND reset_at > now()`);
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
  };
}

export function redisCounters(redis: Redis): CounterStore {
  return {
    async incr(key, windowMs) {
      const k = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        return { count, ttlMs: windowMs };
      }
      return { count, ttlMs: ttl };
    },
    async get(key) {
      const k = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
    },
    async decr(key) {
      // Only while the window lives, and never below zero.
      await redis.eval(
        "if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        `rl:${key}`,
      );
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}

/** Removes expired rows so the PostgreSQL table stays small. */
export async function pruneCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'`);
}
