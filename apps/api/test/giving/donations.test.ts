// POST/GET /donations, detail and stats: validation, paging, filters and donor masking (docs/product.md#donor-privacy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { donations } from '../../src/db/schema';
import { putSettings, getSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import { ledgerVsTotals } from '../support/donations';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let user: Caller;
let other: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  user = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
  other = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
});
afterAll(async () => ctx?.close());

const valid = { donor_name: 'María García López', donor_email: 'Maria.Garcia@Gmail.com', amount: 150.5, currency: 'GTQ', donation_type: 'goods', description: 'Útiles escolares' };

const post = (body: unknown, token?: string) => inject(ctx.app, { method: 'POST', url: '/api/v1/donations', payload: body as object, token });
const ledgerCount = async () => (await ctx.db.select({ n: count() }).from(donations))[0].n;

describe('POST /donations', () => {
  it('requires a signed-in user', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('records a pending donation owned by the caller and answers 201', async () => {
    const res = await post(valid, user.token);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      donor_name: 'María García López',
      donor_email: 'maria.garcia@gmail.com',
      amount: 150.5,
      currency: 'GTQ',
      donation_type: 'goods',
      status: 'pending',
      description: 'Útiles escolares',
      completed_at: null,
      receipt_number: null,
      receipt_series: null,
      can_process: false,
      can_cancel: true,
    });
    expect(Number.isInteger(body.id)).toBe(true);
    expect(body.reference_code).toMatch(/^#MG\d{8}$/);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, body.id));
    expect(row).toMatchObject({ userId: user.id, source: 'service', amountCents: 15_050, status: 'pending' });
  });

  it('accepts the exact bounds 1 and 10000 and defaults currency and type', async () => {
    const low = await post({ donor_name: 'Ana', donor_email: 'ana@correo.gt', amount: 1 }, user.token);
    expect(low.statusCode).toBe(201);
    expect(low.json()).toMatchObject({ amount: 1, currency: 'GTQ', donation_type: 'monetary', description: null });
    const high = await post({ ...valid, amount: 10_000 }, user.token);
    expect(high.statusCode).toBe(201);
    expect(high.json().amount).toBe(10_000);
  });

  it.each([
    [{ ...valid, amount: 0.99 }, 'amount', 'El monto mínimo de una donación es 1 GTQ'],
    [{ ...valid, amount: 0 }, 'amount', 'El monto mínimo de una donación es 1 GTQ'],
    [{ ...valid, amount: -50 }, 'amount', 'El monto mínimo de una donación es 1 GTQ'],
    [{ ...valid, amount: 10_000.01 }, 'amount', 'El monto máximo de una donación es 10,000 GTQ'],
    [{ ...valid, amount: 20_000, currency: 'usd' }, 'amount', 'El monto máximo de una donación es 10,000 USD'],
    [{ ...valid, amount: 'mucho' }, 'amount', 'El monto debe ser un número positivo'],
    [{ ...valid, amount: undefined }, 'amount', 'El monto es requerido'],
    [{ ...valid, amount: null }, 'amount', 'El monto es requerido'],
    [{ ...valid, amount: 10.555 }, 'amount', 'El monto admite como máximo dos decimales'],
    [{ ...valid, donor_name: '  ' }, 'donor_name', 'El nombre del donante es requerido'],
    [{ ...valid, donor_name: undefined }, 'donor_name', 'El nombre del donante es requerido'],
    [{ ...valid, donor_email: '' }, 'donor_email', 'El correo del donante es requerido'],
    [{ ...valid, donor_email: 'no-es-correo' }, 'donor_email', 'Ingresa un correo electrónico válido'],
    [{ ...valid, currency: '' }, 'currency', 'La moneda es requerida'],
    [{ ...valid, donation_type: 'cash' }, 'donation_type', 'El tipo de donación debe ser monetaria, en especie o de servicios'],
  ])('refuses %j with the field message', async (body, field, message) => {
    const before = await ledgerCount();
    const res = await post(body, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().detail).toBe(message);
    expect(await ledgerCount()).toBe(before);
  });

  it('reports every wrong field at once, the amount bound included', async () => {
    const res = await post({ donor_email: 'x', amount: 0.5 }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      donor_name: 'El nombre del donante es requerido',
      donor_email: 'Ingresa un correo electrónico válido',
      amount: 'El monto mínimo de una donación es 1 GTQ',
    });
  });

  it('refuses new donations in maintenance mode with a Spanish message', async () => {
    const system = await getSettings(ctx.db, 'system');
    await putSettings(ctx.db, 'system', { ...system, maintenance_mode: true });
    try {
      const res = await post(valid, user.token);
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/mantenimiento/);
    } finally {
      await putSettings(ctx.db, 'system', { ...system, maintenance_mode: false });
    }
  });
});

describe('GET /donations and /donations/{id}', () => {
  let list: { id: number }[] = [];
  let hidden: Awaited<ReturnType<typeof make.donation>>;
  let shown: Awaited<ReturnType<typeof make.donation>>;
  let owned: Awaited<ReturnType<typeof make.donation>>;

  beforeAll(async () => {
    await ctx.db.delete(donations);
    const base = Date.UTC(2025, 0, 1);
    const types = ['monetary', 'goods', 'services'] as const;
    const statuses = ['pending', 'completed', 'failed', 'cancelled', 'expired'] as const;
    for (let i = 0; i < 45; i++) {
      await make.donation(ctx.db, { status: 'pending',
        donorName: `Persona Número${i}`,
        donorEmail: `persona${i}@correo.gt`,
        donationType: types[i % 3],
        amountCents: (i + 1) * 1000,
        createdAt: new Date(base + i * 3_600_000),
      });
    }
    // Spread the statuses through the ledger by direct update (the trigger keeps the totals).
    const rows = await ctx.db.select({ id: donations.id }).from(donations).orderBy(donations.id);
    for (const [i, r] of rows.entries()) {
      await ctx.db.update(donations).set({ status: statuses[i % 5] }).where(eq(donations.id, r.id));
    }
    const publicDonor = await make.signIn(ctx.app, ctx.db, { showPublicly: true });
    const privateDonor = await make.signIn(ctx.app, ctx.db);
    shown = await make.donation(ctx.db, { status: 'pending', donorName: 'Lucía Pública Ramírez', donorEmail: 'lucia.publica@gmail.com', userId: publicDonor.id, createdAt: new Date(base + 100 * 3_600_000) });
    hidden = await make.donation(ctx.db, { status: 'pending', donorName: 'Jorge Privado Méndez', donorEmail: 'jorge.privado@gmail.com', userId: privateDonor.id, createdAt: new Date(base + 101 * 3_600_000) });
    owned = await make.donation(ctx.db, { status: 'pending', donorName: 'Carlos Propio', donorEmail: 'carlos@yahoo.com', userId: user.id, createdAt: new Date(base + 102 * 3_600_000) });
    // Strangers see completed donations only (docs/product.md#donor-privacy); `owned` stays pending.
    for (const d of [shown, hidden]) await ctx.db.update(donations).set({ status: 'completed' }).where(eq(donations.id, d.id));
    list = await ctx.db.select({ id: donations.id }).from(donations);
  });

  const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url, token });

  it('lists newest first with the defaults 20 and 0 and the ledger total', async () => {
    const res = await get('/api/v1/donations', admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.limit).toBe(20);
    expect(body.offset).toBe(0);
    expect(body.total).toBe(list.length);
    expect(body.donations).toHaveLength(20);
    expect(body.donations[0].id).toBe(owned.id);
    expect(body.donations[1].id).toBe(hidden.id);
    const dates = body.donations.map((d: { created_at: string }) => Date.parse(d.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('pages without overlap and caps the limit at 100', async () => {
    const first = (await get('/api/v1/donations?limit=10&offset=0', admin.token)).json();
    const second = (await get('/api/v1/donations?limit=10&offset=10', admin.token)).json();
    const ids = [...first.donations, ...second.donations].map((d: { id: number }) => d.id);
    expect(new Set(ids).size).toBe(20);
    const last = (await get(`/api/v1/donations?limit=10&offset=${list.length - 3}`, admin.token)).json();
    expect(last.donations).toHaveLength(3);
    const beyond = (await get('/api/v1/donations?offset=1000', admin.token)).json();
    expect(beyond).toMatchObject({ donations: [], total: list.length, offset: 1000 });
    const capped = (await get('/api/v1/donations?limit=5000', admin.token)).json();
    expect(capped.limit).toBe(100);
    expect(capped.donations).toHaveLength(list.length);
  });

  it.each(['limit=0', 'limit=-1', 'limit=abc', 'offset=-1', 'offset=1.5', 'status=approved', 'donation_type=cash'])(
    'answers 400 to %s',
    async (query) => {
      const res = await get(`/api/v1/donations?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    },
  );

  it('filters by status and type, with totals that match the ledger', async () => {
    for (const status of ['pending', 'completed', 'failed', 'cancelled', 'expired']) {
      const res = (await get(`/api/v1/donations?status=${status}&limit=100`, admin.token)).json();
      const [{ n }] = await ctx.db.select({ n: count() }).from(donations).where(eq(donations.status, status as 'pending'));
      expect(res.total).toBe(n);
      expect(res.donations).toHaveLength(n);
      expect(res.donations.every((d: { status: string }) => d.status === status)).toBe(true);
    }
    const goods = (await get('/api/v1/donations?donation_type=goods&status=completed&limit=100', admin.token)).json();
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(donations)
      .where(sql`${donations.donationType} = 'goods' AND ${donations.status} = 'completed'`);
    expect(goods.total).toBe(n);
    expect(goods.donations.every((d: { status: string; donation_type: string }) => d.status === 'completed' && d.donation_type === 'goods')).toBe(true);
    expect((await get('/api/v1/donations?status=COMPLETED')).json().total).toBe((await get('/api/v1/donations?status=completed')).json().total);
    for (const type of ['monetary', 'goods', 'services'] as const) {
      const res = (await get(`/api/v1/donations?donation_type=${type}&limit=100`, admin.token)).json();
      const [{ n: expected }] = await ctx.db.select({ n: count() }).from(donations).where(eq(donations.donationType, type));
      expect(res.total).toBe(expected);
      expect(res.donations).toHaveLength(expected);
    }
  });

  it('keeps the per-type totals right when a donation changes type or is deleted', async () => {
    const row = await make.donation(ctx.db, { status: 'pending', donationType: 'goods', amountCents: 4_200 });
    await ctx.db.update(donations).set({ donationType: 'services' }).where(eq(donations.id, row.id));
    let { ledger, totals } = await ledgerVsTotals(ctx.db);
    expect(totals).toEqual(ledger);
    await ctx.db.delete(donations).where(eq(donations.id, row.id));
    ({ ledger, totals } = await ledgerVsTotals(ctx.db));
    expect(totals).toEqual(ledger);
  });

  it('filters by donor email for ADMIN, case-insensitively', async () => {
    const res = (await get('/api/v1/donations?donor_email=Persona7@Correo.gt', admin.token)).json();
    expect(res.total).toBe(1);
    expect(res.donations[0]).toMatchObject({ donor_email: 'persona7@correo.gt', donor_name: 'Persona Número7' });
  });

  it('lets others find by email only their own donations', async () => {
    expect((await get('/api/v1/donations?donor_email=persona7@correo.gt')).json()).toMatchObject({ total: 0, donations: [] });
    expect((await get('/api/v1/donations?donor_email=jorge.privado@gmail.com', other.token)).json().total).toBe(0);
    // A donor shown publicly has the name shown, never the email: the filter cannot confirm it either.
    expect((await get('/api/v1/donations?donor_email=lucia.publica@gmail.com')).json()).toMatchObject({ total: 0, donations: [] });
    const own = (await get('/api/v1/donations?donor_email=carlos@yahoo.com', user.token)).json();
    expect(own.total).toBe(1);
  });

  it('masks donors for anonymous visitors and non-admin users', async () => {
    for (const token of [undefined, other.token]) {
      const res = (await get('/api/v1/donations?limit=100', token)).json();
      const h = res.donations.find((d: { id: number }) => d.id === hidden.id);
      expect(h).toMatchObject({ donor_name: 'Jorge P.', donor_email: 'j***@gmail.com', donor_masked: true });
      const seeded = res.donations.filter((d: { donor_name: string }) => d.donor_name.startsWith('Persona'));
      expect(seeded.length).toBeGreaterThan(0);
      for (const d of seeded) expect(d).toMatchObject({ donor_name: 'Persona N.', donor_email: 'p***@correo.gt' });
      expect(JSON.stringify(res)).not.toMatch(/persona\d+@correo\.gt|jorge\.privado|Privado Méndez/);
    }
  });

  it('shows full donor details to ADMIN', async () => {
    const res = (await get('/api/v1/donations?limit=100', admin.token)).json();
    const h = res.donations.find((d: { id: number }) => d.id === hidden.id);
    expect(h).toMatchObject({ donor_name: 'Jorge Privado Méndez', donor_email: 'jorge.privado@gmail.com', donor_masked: false, dated_by_day: false });
  });

  it('shows the full name (never the email) of donors who opted in to show_donations_publicly, and owners their own donations', async () => {
    const anon = (await get(`/api/v1/donations/${shown.id}`)).json();
    expect(anon).toMatchObject({ donor_name: 'Lucía Pública Ramírez', donor_email: 'l***@gmail.com', donor_masked: true });
    const mine = (await get(`/api/v1/donations/${owned.id}`, user.token)).json();
    expect(mine).toMatchObject({ donor_name: 'Carlos Propio', donor_email: 'carlos@yahoo.com', can_cancel: true, can_process: false });
    // Someone else's pending donation is not shown at all.
    expect((await get(`/api/v1/donations/${owned.id}`, other.token)).statusCode).toBe(404);
  });

  it('answers the detail with the same masking, and actions only for those allowed', async () => {
    const anon = await get(`/api/v1/donations/${hidden.id}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toMatchObject({ id: hidden.id, donor_name: 'Jorge P.', donor_email: 'j***@gmail.com', status: 'completed', amount: 100, can_process: false, can_cancel: false });
    const asAdmin = (await get(`/api/v1/donations/${hidden.id}`, admin.token)).json();
    expect(asAdmin).toMatchObject({ donor_email: 'jorge.privado@gmail.com', can_process: false, can_cancel: false });
    const pendingAsAdmin = (await get(`/api/v1/donations/${owned.id}`, admin.token)).json();
    expect(pendingAsAdmin).toMatchObject({ donor_email: 'carlos@yahoo.com', can_process: true, can_cancel: true });
  });

  it('answers 404 in Spanish for an unknown id and 400 for a malformed one', async () => {
    const missing = await get('/api/v1/donations/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Donación no encontrada' });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await get(`/api/v1/donations/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('answers 401 to an invalid token rather than treating it as anonymous', async () => {
    const res = await get('/api/v1/donations', 'no-es-un-token');
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /donations/stats', () => {
  it('reads the running totals: amounts, counts and a 1-decimal success rate', async () => {
    await ctx.db.delete(donations);
    const add = async (status: 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired', cents: number) => {
      const row = await make.donation(ctx.db, { status: 'pending', amountCents: cents });
      if (status !== 'pending') await ctx.db.update(donations).set({ status }).where(eq(donations.id, row.id));
    };
    await add('completed', 18_500);
    await add('completed', 7_550);
    await add('pending', 3_500);
    await add('pending', 1_500);
    await add('pending', 1_000);
    await add('failed', 99_900);
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/donations/stats', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_amount_completed: 260.5,
      total_amount_pending: 60,
      count_completed: 2,
      count_pending: 3,
      count_failed: 1,
      count_cancelled: 0,
      count_expired: 0,
      success_rate: 66.7,
    });
    await add('cancelled', 1_000);
    await add('expired', 1_000);
    const after = (await inject(ctx.app, { method: 'GET', url: '/api/v1/donations/stats' })).json();
    // 2 completed out of 5 with an outcome (pending ones are still open).
    expect(after).toMatchObject({ count_cancelled: 1, count_expired: 1, success_rate: 40 });
    const { ledger, totals } = await ledgerVsTotals(ctx.db);
    expect(totals).toEqual(ledger);
  });

  it('answers zeros on an empty ledger', async () => {
    await ctx.db.delete(donations);
    const res = (await inject(ctx.app, { method: 'GET', url: '/api/v1/donations/stats', token: admin.token })).json();
    expect(res).toEqual({
      total_amount_completed: 0,
      total_amount_pending: 0,
      count_completed: 0,
      count_pending: 0,
      count_failed: 0,
      count_cancelled: 0,
      count_expired: 0,
      success_rate: 0,
    });
  });
});

describe('OpenAPI', () => {
  it('documents every donation route', async () => {
    const doc = (await inject(ctx.app, { method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/donations', '/api/v1/donations/stats', '/api/v1/donations/{id}', '/api/v1/donations/{id}/process', '/api/v1/donations/{id}/cancel']),
    );
    expect(doc.paths['/api/v1/donations'].post.responses['201']).toBeDefined();
  });
});
