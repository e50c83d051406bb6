// Two API processes on one PostgreSQL database (and Redis when TEST_REDIS_URL is set), both running
// the background jobs (docs/product.md#deployment-and-scaling): sessions, rate limits, the email outbox and the expiry of
// stale donations behave as if there were one process.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@donaciones/shared/constants';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { hashToken, REFRESH_REUSE_INTERVAL_SECONDS } from '../src/domain/accounts/sessions';
import { createUser } from '../test/support/helpers';
import { ApiProcess, call, createDatabase, deployment, freePort, postgresUrl, redisUrl, startSmtp, uniqueIp, until } from './support';

/** `name=value` pairs of the Set-Cookie headers of an answer. */
function cookiesOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
}

const DONATE_LIMIT = 6;

describe.runIf(postgresUrl)(`two API processes on one PostgreSQL${redisUrl ? ' and Redis' : ''}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    database = await createDatabase(postgresUrl!);
    smtp = await startSmtp();
    const shared = deployment(database.url, { SMTP_URL: smtp.url, DONATE_RATE_LIMIT_PER_MINUTE: String(DONATE_LIMIT) });
    // Each process signs its mail with its own sender, so the test can tell who delivered what.
    a = new ApiProcess('A', await freePort(), { ...shared, MAIL_FROM: 'Proceso A <a@donaciones.test>' });
    b = new ApiProcess('B', await freePort(), { ...shared, MAIL_FROM: 'Proceso B <b@donaciones.test>' });
    // Started together on an empty database: the migrations run once, under the advisory lock.
    await Promise.all([a.start(), b.start()]);
    db = await openDatabase({ databaseUrl: database.url, dataDir: '/tmp', poolSize: 2 });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('migrated the empty database once while both processes started at the same time', async () => {
    const applied = rowsOf<{ hash: string; n: number }>(
      await db.db.execute(sql`SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash`),
    );
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((m) => m.n === 1)).toBe(true);
  });

  it('accepts on B a session made on A: /auth/me, refresh with the cookie, and reuse detection on A', async () => {
    const ip = uniqueIp();
    const user = await createUser(db.db, { firstName: 'Lucía', lastName: 'Ajú' });
    const login = await call<{ access_token: string; refresh_token: string }>(a, '/api/v1/auth/login', {
      method: 'POST',
      body: { email: user.email, password: user.password },
      ip,
    });
    expect(login.status).toBe(200);

    const me = await call<{ id: number; email: string }>(b, '/api/v1/auth/me', { token: login.body.access_token, ip });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: user.email });

    // The browser's way: the refresh cookie and the double-submit CSRF token, sent to the other process.
    const cookies = cookiesOf(login.headers);
    const refreshed = await call<{ access_token: string; refresh_token: string }>(b, '/api/v1/auth/refresh', {
      method: 'POST',
      body: {},
      ip,
      headers: { cookie: `${REFRESH_COOKIE}=${cookies[REFRESH_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`, [CSRF_HEADER]: cookies[CSRF_COOKIE] },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(login.body.refresh_token);
    expect((await call(a, '/api/v1/auth/me', { token: refreshed.body.access_token, ip })).status).toBe(200);

    // The rotated-out token presented to A after the reuse interval (decision 0063) is a reuse: the whole
    // session ends, on both processes.
    await db.db.execute(
      sql`UPDATE refresh_tokens SET used_at = now() - make_interval(secs => ${REFRESH_REUSE_INTERVAL_SECONDS + 1}) WHERE token_hash = ${hashToken(login.body.refresh_token)}`,
    );
    const reused = await call(a, '/api/v1/auth/refresh', { method: 'POST', body: { refresh_token: login.body.refresh_token }, ip });
    expect(reused.status).toBe(401);
    expect((await call(b, '/api/v1/auth/me', { token: refreshed.body.access_token, ip })).status).toBe(401);
    expect((await call(a, '/api/v1/auth/refresh', { method: 'POST', body: { refresh_token: refreshed.body.refresh_token }, ip })).status).toBe(401);
  });

  it('counts failed sign-ins of one account from one address across both processes (429 on the 6th, alternating A and B)', async () => {
    const user = await createUser(db.db);
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const target = i % 2 === 0 ? a : b;
      // One address, alternating processes: only the shared counter of (account, address) can add them up.
      const res = await call(target, '/api/v1/auth/login', { method: 'POST', body: { email: user.email, password: 'Incorrecta123' }, ip });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // That address stays refused on either process, even with the right password...
    const fromThere = await call(b, '/api/v1/auth/login', { method: 'POST', body: { email: user.email, password: user.password }, ip });
    expect(fromThere.status).toBe(429);
    // ...while the owner signs in from anywhere else: nobody can lock an account out from one address.
    const fromElsewhere = await call(a, '/api/v1/auth/login', { method: 'POST', body: { email: user.email, password: user.password }, ip: uniqueIp() });
    expect(fromElsewhere.status).toBe(200);
  });

  it('shares the per-IP limit of POST /donate between the processes', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < DONATE_LIMIT + 2; i++) {
      const res = await call(i % 2 === 0 ? a : b, '/api/v1/donate', {
        method: 'POST',
        ip,
        headers: { 'idempotency-key': randomUUID() },
        body: { donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(DONATE_LIMIT).fill(201), 429, 429]);
    // Another client is not affected.
    const other = await call(b, '/api/v1/donate', {
      method: 'POST',
      ip: uniqueIp(),
      headers: { 'idempotency-key': randomUUID() },
      body: { donorName: 'Ana López', email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    });
    expect(other.status).toBe(201);
  });

  it('delivers each outbox email exactly once and expires each stale donation exactly once, with both processes running the jobs', async () => {
    const run = randomBytes(3).toString('hex');
    const N = 120;
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO email_outbox (to_address, subject, text_body, template)
        SELECT 'destino' || i || '.${sql.raw(run)}@correo.gt', 'Mensaje ' || i || ' ${sql.raw(run)}', 'Hola', 'scale-test'
        FROM generate_series(1, ${N}::int) AS i`);
      await tx.execute(sql`
        INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, created_at, updated_at)
        SELECT '#MG' || lpad((90000000 + i)::text, 8, '0'), 'Donante Vencida', 'vencida' || i || '.${sql.raw(run)}@correo.gt',
               1000, 'monetary', 'pending', 'public', now() - interval '40 days', now() - interval '40 days'
        FROM generate_series(1, ${N}::int) AS i`);
    });

    await until(
      'the outbox and the stale donations to be processed',
      async () => {
        const [state] = rowsOf<{ unsent: number; pending: number }>(
          await db.db.execute(sql`
            SELECT (SELECT count(*)::int FROM email_outbox WHERE status <> 'sent') AS unsent,
                   (SELECT count(*)::int FROM donations WHERE donor_email LIKE ${`%.${run}@correo.gt`} AND status = 'pending') AS pending`),
        );
        return state.unsent === 0 && state.pending === 0;
      },
      90_000,
    );
    // A duplicate delivery would arrive after the row is marked sent; give it the time of a few job runs.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const mine = smtp.received.filter((m) => m.subject.endsWith(run));
    const perSubject = new Map<string, number>();
    for (const m of mine) perSubject.set(m.subject, (perSubject.get(m.subject) ?? 0) + 1);
    expect(perSubject.size).toBe(N);
    expect([...perSubject.values()].every((n) => n === 1)).toBe(true);
    expect(mine.length).toBe(N);
    const senders = new Set(mine.map((m) => m.from));
    expect([...senders].every((s) => s === 'a@donaciones.test' || s === 'b@donaciones.test')).toBe(true);

    const [expiry] = rowsOf<{ expired: number; audited: number; audit_rows: number; duplicates: number }>(
      await db.db.execute(sql`
        WITH mine AS (SELECT id FROM donations WHERE donor_email LIKE ${`%.${run}@correo.gt`})
        SELECT (SELECT count(*)::int FROM donations WHERE id IN (SELECT id FROM mine) AND status = 'expired') AS expired,
               (SELECT count(DISTINCT entity_id)::int FROM audit_log WHERE action = 'donation.expire' AND entity_id IN (SELECT id::text FROM mine)) AS audited,
               (SELECT count(*)::int FROM audit_log WHERE action = 'donation.expire' AND entity_id IN (SELECT id::text FROM mine)) AS audit_rows,
               (SELECT count(*)::int FROM (SELECT entity_id FROM audit_log WHERE action = 'donation.expire' GROUP BY entity_id HAVING count(*) > 1) d) AS duplicates`),
    );
    expect(expiry).toEqual({ expired: N, audited: N, audit_rows: N, duplicates: 0 });

    // The running totals followed every transition exactly once.
    const [totals] = rowsOf<{ ok: boolean }>(
      await db.db.execute(sql`
        SELECT (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, count(*)::bigint AS n, sum(amount_cents)::bigint AS c FROM donations GROUP BY status) t) =
               (SELECT jsonb_agg(t ORDER BY status) FROM (SELECT status, sum(count)::bigint AS n, sum(amount_cents)::bigint AS c FROM donation_totals GROUP BY status HAVING sum(count) <> 0) t) AS ok`),
    );
    expect(totals.ok).toBe(true);
    console.warn(`scale-out: ${N} emails delivered by ${[...senders].map((s) => `${s} (${mine.filter((m) => m.from === s).length})`).join(' and ')}`);
  });
});
