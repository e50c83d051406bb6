// The shared input rules (docs/product.md#validation-rules): money with at most two decimals in every
// money field, person names without control, bidi or zero-width characters, admin dates within
// 1900–2100 and impact factors within a sensible range, decimal-only ids; each refused with Spanish
// text in the house format, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { donations, events, programs, settings, users } from '../../src/db/schema';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let member: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  member = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
});
afterAll(async () => ctx?.close());

const rowsIn = async (table: typeof donations | typeof programs | typeof events | typeof users) => (await ctx.db.select({ n: count() }).from(table))[0].n;
const send = (method: 'POST' | 'PUT', url: string, payload: object, token?: string, headers: Record<string, string> = {}) =>
  inject(ctx.app, { method, url, payload, token, headers });
let keys = 0;
const donateBody = (overrides: object) => ({ donorName: 'Ana López', email: 'ana@correo.gt', amount: 75, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true, ...overrides });
const donate = (overrides: object) => send('POST', '/api/v1/donate', donateBody(overrides), undefined, { 'idempotency-key': `reglas-${++keys}` });
const serviceDonation = (overrides: object) =>
  send('POST', '/api/v1/donations', { donor_name: 'María García', donor_email: 'maria@correo.gt', amount: 150, ...overrides }, member.token);
const program = (overrides: object) => send('POST', '/api/v1/admin/programs', { name: 'Comedor escolar', goal_amount: 1000, ...overrides }, admin.token);

/** Guatemala's tomorrow. */
function tomorrow(): string {
  const day = new Date(`${guatemalaDay(new Date())}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function expectSpanish400(res: { statusCode: number; json: () => unknown }, field: string, pattern: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { detail: string; errors?: Record<string, string> };
  expect(body.detail).toMatch(pattern);
  expect(body.errors?.[field]).toMatch(pattern);
}

describe('money fields take at most two decimals', () => {
  const decimals = /dos decimales/;
  it.each([9.9999999999, 10.001, 0.005, 150.505, 1e-7])('refuses %s in every money field, storing nothing', async (amount) => {
    const before = { d: await rowsIn(donations), p: await rowsIn(programs) };
    expectSpanish400(await donate({ amount }), 'amount', decimals);
    expectSpanish400(await serviceDonation({ amount: amount + 10 }), 'amount', decimals);
    expectSpanish400(await program({ goal_amount: amount + 100 }), 'goal_amount', decimals);
    expectSpanish400(await program({ goal_amount: 100, current_amount: amount }), 'current_amount', decimals);
    expect({ d: await rowsIn(donations), p: await rowsIn(programs) }).toEqual(before);
    const levels = await send('PUT', '/api/v1/admin/levels', { levels: [{ name: 'Semilla', threshold: 0 }, { name: 'Árbol', threshold: amount + 1000 }] }, admin.token);
    expect(levels.statusCode).toBe(400);
    expect(levels.json().detail).toMatch(decimals);
    const impact = await send('PUT', '/api/v1/admin/impact', { ...DEFAULT_SETTINGS.impact, quetzales_per_meal: amount + 5 }, admin.token);
    expect(impact.statusCode).toBe(400);
    expect(impact.json().detail).toMatch(/decimales|entre/);
  });

  it('still takes whole amounts and amounts with one or two decimals, stored to the cent', async () => {
    for (const amount of [75, 75.5, 75.55, 1234.56]) {
      const res = await serviceDonation({ amount });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().amount).toBe(amount);
    }
    expect((await donate({ amount: 99.99 })).statusCode).toBe(201);
    expect((await program({ goal_amount: 12_345_678.91 })).json().goal_amount).toBe(12_345_678.91);
  });
});

describe('person names refuse control, bidi and invisible characters', () => {
  const bad = ['Ana\r\nBcc: x@y.gt', 'Ana\tLópez', 'Ana \u202Ezepól', 'Ana\u200B López', 'Ana\u2066López\u2069', 'Ana\u00ADLópez', 'Ana\uFEFFLópez', 'Ana\u2028López', 'Ana\u0007'];
  const invalid = /caracteres no permitidos/;

  it.each(bad)('refuses %j in every name field', async (name) => {
    const before = { d: await rowsIn(donations), u: await rowsIn(users) };
    expectSpanish400(await donate({ donorName: name }), 'donorName', invalid);
    expectSpanish400(await serviceDonation({ donor_name: name }), 'donor_name', invalid);
    const register = await send('POST', '/api/v1/auth/register', { name, email: `nuevo${++keys}@correo.gt`, password: 'Secreta123', confirmPassword: 'Secreta123', acceptTerms: true });
    expectSpanish400(register, 'name', invalid);
    const profile = { first_name: 'Ana', last_name: 'López' };
    expectSpanish400(await send('PUT', '/api/v1/users/me/profile', { ...profile, first_name: name }, member.token), 'first_name', invalid);
    expectSpanish400(await send('PUT', '/api/v1/users/me/profile', { ...profile, last_name: name }, member.token), 'last_name', invalid);
    const user = { email: `otro${++keys}@correo.gt`, first_name: 'Ana', last_name: 'López', role: 'USER', is_active: true };
    expectSpanish400(await send('POST', '/api/v1/admin/users', { ...user, first_name: name }, admin.token), 'first_name', invalid);
    expectSpanish400(await send('POST', '/api/v1/admin/users', { ...user, last_name: name }, admin.token), 'last_name', invalid);
    expect({ d: await rowsIn(donations), u: await rowsIn(users) }).toEqual(before);
  });

  it('takes names with accents, ñ, apostrophes, hyphens and emoji-free Mayan spellings', async () => {
    for (const name of ["Ixchel B'alam", 'José Núñez-Toj', 'Ana María de la Cruz', "K'iche' Tzul"]) {
      expect((await serviceDonation({ donor_name: name })).statusCode).toBe(201);
      expect((await donate({ donorName: name })).statusCode).toBe(201);
    }
    const ok = await send('PUT', '/api/v1/users/me/profile', { first_name: 'Úrsula', last_name: "B'alam Xicará" }, member.token);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('admin dates and impact factors are bounded', () => {
  const event = (date: string) => send('POST', '/api/v1/admin/events', { type: 'event', title: 'Kermés', date }, admin.token);

  it.each(['0000-01-01T10:00:00Z', '0001-06-01T10:00:00Z', '1899-12-31T23:00:00Z', '2101-01-01T00:00:00Z', '9999-12-31T00:00:00Z'])(
    'refuses an event dated %s with a Spanish 400',
    async (date) => {
      const before = await rowsIn(events);
      expectSpanish400(await event(date), 'date', /1900 y 2100/);
      expect(await rowsIn(events)).toBe(before);
    },
  );

  it('stores a date within the bounds as given', async () => {
    for (const date of ['1900-01-01T06:00:00.000Z', '2030-05-04T16:00:00.000Z', '2100-12-31T12:00:00.000Z']) {
      const res = await event(date);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().date).toBe(date);
    }
  });

  // The rate's date is a day already come, from 01/01/2000: a year mistyped would print on dollar receipts.
  it.each(['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', tomorrow()])('refuses a USD exchange rate dated %s', async (date) => {
    const body = { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.7, usd_exchange_rate_date: date };
    expectSpanish400(await send('PUT', '/api/v1/admin/settings/payments', body, admin.token), 'usd_exchange_rate_date', /^La fecha del tipo de cambio debe estar entre el 01\/01\/2000 y hoy$/);
    const tiny = await send('PUT', '/api/v1/admin/settings/payments', { ...body, usd_exchange_rate_date: '2026-02-01', usd_exchange_rate: 1e-300 }, admin.token);
    expect(tiny.statusCode).toBe(400);
  });

  // The payment settings' other fields in their own words, the form's (never zod's generic ones).
  it.each([
    [{ fee_percent: undefined }, 'fee_percent', /^Escribe la comisión de la pasarela$/],
    [{ fee_percent: 25 }, 'fee_percent', /^La comisión de la pasarela debe estar entre 0% y 20%$/],
    [{ fee_vat_percent: undefined }, 'fee_vat_percent', /^Escribe el IVA sobre la comisión$/],
    [{ usd_exchange_rate: 0 }, 'usd_exchange_rate', /^El tipo de cambio debe estar entre Q0.01 y Q1,000 por dólar$/],
  ])('refuses the payment settings %j with the field\'s words', async (over, field, message) => {
    const body = { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.7, usd_exchange_rate_date: '2026-02-01', ...over };
    expectSpanish400(await send('PUT', '/api/v1/admin/settings/payments', body, admin.token), field, message);
  });

  it('takes a USD exchange rate dated 01/01/2000 or today', async () => {
    for (const date of ['2000-01-01', guatemalaDay(new Date())]) {
      const body = { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.7, usd_exchange_rate_date: date };
      const res = await send('PUT', '/api/v1/admin/settings/payments', body, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(body);
    }
  });

  it.each([1e-300, 0.001, 0, -5, 1e300, 2_000_000])('refuses the impact factor %s', async (factor) => {
    const res = await send('PUT', '/api/v1/admin/impact', { ...DEFAULT_SETTINGS.impact, quetzales_per_child: factor }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.quetzales_per_child).toMatch(/entre|dos decimales/);
  });

  it('keeps the member impact panel answering with whole, finite numbers whatever factors are stored', async () => {
    const done = await make.donation(ctx.db, { status: 'pending', userId: member.id, amountCents: 123_456_789 });
    await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date() }).where(eq(donations.id, done.id));
    for (const factor of [1e-300, 0, -1, 1e300, Number.MIN_VALUE]) {
      // Written past the schema, as an older release or a hand edit of the database might have left it.
      const value = { ...DEFAULT_SETTINGS.impact, quetzales_per_child: factor, quetzales_per_meal: factor };
      await ctx.db.insert(settings).values({ key: 'impact', value }).onConflictDoUpdate({ target: settings.key, set: { value } });
      const res = await inject(ctx.app, { url: '/api/v1/dashboard/impact', token: member.token });
      expect(res.statusCode, `${factor}: ${res.body}`).toBe(200);
      const body = res.json() as Record<string, unknown>;
      expect(body.total_donated).toBe(1_234_567.89);
      for (const key of ['children_impacted', 'meals_provided', 'scholarships_awarded', 'evangelism_hours']) {
        expect(Number.isSafeInteger(body[key]), `${factor} ${key}`).toBe(true);
      }
    }
    await ctx.db.delete(settings).where(eq(settings.key, 'impact'));
  });
});

describe('ids in paths are decimal only', () => {
  it.each(['0x10', '1e1', '0b1', '0o7', '+5', ' 5', '5.0', '00', '016', '１６'])('answers 400 in Spanish to /donations/%s', async (id) => {
    const res = await inject(ctx.app, { url: `/api/v1/donations/${encodeURIComponent(id)}`, token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/identificador/);
  });

  it('answers 400 to a hexadecimal id on every kind of :id route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/donations/0x1'],
      ['POST', '/api/v1/donations/0x1/cancel'],
      ['PUT', '/api/v1/admin/programs/0x1'],
      ['DELETE', '/api/v1/admin/events/0x1'],
      ['PUT', '/api/v1/admin/users/0x1'],
      ['GET', '/api/v1/receipts/0x1.pdf'],
    ] as const) {
      const res = await inject(ctx.app, { method, url, token: admin.token, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('still reads a decimal id', async () => {
    const row = await make.donation(ctx.db, { status: 'pending',});
    expect((await inject(ctx.app, { url: `/api/v1/donations/${row.id}`, token: admin.token })).statusCode).toBe(200);
  });
});
