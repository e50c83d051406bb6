// Shared by the security suites: which registered routes are out of scope, what an answer must never
// contain (stack traces, engine or SQL text), and what counts as a Spanish error message.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

/**
 * Registered routes that the security suites leave out, on purpose and by name: the OpenAPI UI under
 * /api/docs, the built web app's static files, and HEAD (Fastify answers it with the GET handler).
 */
export function excludedRoute(method: string, url: string): boolean {
  if (method === 'HEAD') return true;
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  return !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url);
}

/** Texts an answer must never show: stack frames, file paths, database engine and library errors. */
const LEAKS: RegExp[] = [
  /\bat\s+(async\s+)?[\w.$<>[\]]+\s+\([^)]*:\d+:\d+\)/,
  /\bat\s+[^\s()]+:\d+:\d+/,
  /node_modules|\/work\/|\/src\/[\w/-]+\.(ts|js)|\.(ts|js|mjs):\d+/,
  /syntax error at or near|relation "[^"]*"|violates (not-null|foreign key|unique|check) constraint|duplicate key value|invalid input syntax for|column "[^"]*" (does not exist|of relation)|current transaction is aborted|PostgresError|drizzle|Failed query/i,
  /\b(TypeError|ReferenceError|RangeError|ZodError|FastifyError|FST_[A-Z_]+|ERR_[A-Z_]+)\b/,
  /"stack"\s*:|"(statusCode|code)"\s*:\s*"?(FST|ERR|[0-9A-Z]{5}")/,
];
const SQL_TEXT = /\b(select|insert\s+into|update|delete\s+from)\b[\s\S]{0,200}\b(from|values|set|where)\b/i;

/**
 * The leaks found in an answer. SQL-looking text counts only when no client sent it: `sentText` is
 * what the request (or an earlier, accepted one, whose data the answer may show) carried.
 */
export function leaksIn(body: string, sentText: string): string[] {
  const found = LEAKS.filter((re) => re.test(body)).map((re) => String(re.exec(body)?.[0]));
  const sqlText = SQL_TEXT.exec(body)?.[0];
  if (sqlText && !sentText.toLowerCase().includes(sqlText.toLowerCase())) found.push(sqlText);
  return found;
}

/** Words of the English default messages of zod, Fastify and the plugins. */
const ENGLISH = /\b(invalid|expected|received|required|must|should|unrecognized|unknown|too (big|small)|not found|unexpected|characters?|string|number|object|array|boolean|input|rate limit(ed)?|body|header|content|request)\b/i;

/** A non-empty Spanish text; English words that only echo the request (an unknown field's name) do not count. */
export function isSpanishMessage(text: unknown, requestText = ''): boolean {
  if (typeof text !== 'string' || text.trim() === '') return false;
  const echoed = requestText.toLowerCase();
  const english = new RegExp(ENGLISH.source, 'gi');
  return [...text.matchAll(english)].every((m) => echoed.includes(m[0].toLowerCase()));
}

/** Tables whose rows the API keeps; rate_limits (throttle counters) change on refused requests on purpose. */
const KEPT_TABLES = [
  'users',
  'user_preferences',
  'sessions',
  'refresh_tokens',
  'auth_tokens',
  'programs',
  'events',
  'supporters',
  'donations',
  'donation_totals',
  'settings',
  'email_outbox',
  'idempotency_keys',
] as const;

/**
 * Row count and checksum of every kept table. The audit log is included except its failed sign-in
 * entries: recording refused sign-ins is the point of those rows.
 */
export async function dataSnapshot(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of KEPT_TABLES) {
    const [row] = rowsOf<{ n: number | string; h: string | null }>(
      await db.execute(sql.raw(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`)),
    );
    out[table] = `${row.n}:${row.h}`;
  }
  const [audit] = rowsOf<{ n: number | string; h: string | null }>(
    await db.execute(
      sql`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM audit_log t WHERE t.action <> 'auth.login_failed'`,
    ),
  );
  out.audit_log = `${audit.n}:${audit.h}`;
  return out;
}
