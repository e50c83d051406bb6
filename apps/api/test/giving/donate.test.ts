import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { count, eq, sql } from 'drizzle-orm';
import { formatMoney, minutesToWait } from '@donaciones/shared/format';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { createTestApp, createUser, openSession, type TestContext } from '../support/helpers';
import { auditLog, donations, idempotencyKeys } from '../../src/db/schema';
import { getSettings, putSettings } from '../../src/platform/settings';
import { pruneIdempotencyKeys } from '../../src/domain/giving/idempotency';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

let ipCounter = 10;
/** Each test donates from its own address, so the per-IP limit is only met where a test wants it. */
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const validBody = (over: Record<string, unknown> = {}) => ({
  donorName: 'María Pérez',
  email: 'Maria.Perez@Correo.gt',
  phone: '+502 5555-1234',
  nit: '1234567-9',
  amount: 185,
  cardLast4: '4242',
  cardBrand: 'visa',
  acceptTerms: true,
  ...over,
});

function donate(body: unknown, options: { key?: string | null; ip?: string; token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key !== null) headers['idempotency-key'] = options.key ?? randomUUID();
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return ctx.app.inject({ method: 'POST', url: '/api/v1/donate', headers, payload: JSON.stringify(body), remoteAddress: options.ip ?? nextIp() });
}

async function donationCount(): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(donations);
  return Number(n);
}

async function withSystem(change: Partial<Awaited<ReturnType<typeof getSettings<'system'>>>>, run: () => Promise<void>) {
  const system = await getSettings(ctx.db, 'system');
  await putSettings(ctx.db, 'system', { ...system, ...change });
  try {
    await run();
  } finally {
    await putSettings(ctx.db, 'system', system);
  }
}

describe('POST /api/v1/donate', () => {
  it('simulated provider: a declining test card fails at once with its reason and records nothing; the card is required', async () => {
    const [{ n: before }] = await ctx.db.select({ n: count() }).from(donations);
    for (const [last4, reason] of [
      ['0002', 'Tarjeta rechazada por el emisor'],
      ['9995', 'Fondos insuficientes'],
      ['0069', 'Tarjeta vencida'],
    ]) {
      const res = await donate(validBody({ cardLast4: last4 }));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ detail: reason, errors: { cardNumber: reason } });
    }
    const noCard = await donate(validBody({ cardLast4: undefined, cardBrand: undefined }));
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().errors.cardLast4).toBeTruthy();
    const [{ n: after }] = await ctx.db.select({ n: count() }).from(donations);
    expect(after).toBe(before);
  });

  it('records a pending public monetary donation and answers its reference', async () => {
    const res = await donate(validBody());
    expect(res.statusCode).toBe(201);
    const body = res.json<PublicDonationResponse>();
    expect(Object.keys(body).sort()).toEqual([
      'amount',
      'card_brand',
      'card_last4',
      'checkout_url',
      'covered_fee',
      'created_at',
      'currency',
      'deposit_token',
      'id',
      'payment_method',
      'payment_provider',
      'recurring_gift_id',
      'reference_code',
      'status',
    ]);
    expect(body).toMatchObject({
      amount: 185,
      status: 'pending',
      card_last4: '4242',
      card_brand: 'visa',
      currency: 'GTQ',
      covered_fee: 0,
      payment_provider: 'simulated',
      checkout_url: null,
    });
    expect(body.reference_code).toMatch(/^#MG\d{8}$/);
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);

    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, body.id));
    expect(row).toMatchObject({
      referenceCode: body.reference_code,
      donorName: 'María Pérez',
      donorEmail: 'maria.perez@correo.gt',
      donorPhone: '+502 5555-1234',
      donorNit: '1234567-9',
      donorTaxIdKind: 'nit',
      amountCents: 18_500,
      currency: 'GTQ',
      donationType: 'monetary',
      status: 'pending',
      source: 'public',
      userId: null,
      cardLast4: '4242',
      cardBrand: 'visa',
      completedAt: null,
      receiptNumber: null,
    });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(body.id)));
    expect(audit).toMatchObject({ action: 'donation.create', entityType: 'donation' });
  });

  it('stores an empty phone as absent and an empty NIT as consumidor final (CF)', async () => {
    const res = await donate(validBody({ phone: '', nit: '  ' }));
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, res.json().id));
    expect(row.donorPhone).toBeNull();
    expect(row).toMatchObject({ donorNit: 'CF', donorTaxIdKind: 'cf' });
    const omitted = validBody();
    delete (omitted as Record<string, unknown>).phone;
    delete (omitted as Record<string, unknown>).nit;
    expect((await donate(omitted)).statusCode).toBe(201);
  });

  it('links the donation to the signed-in caller, and refuses an invalid token', async () => {
    const user = await createUser(ctx.db, { roles: ['USER'] });
    const { token } = await openSession(ctx.app, ctx.db, user.id);
    const res = await donate(validBody({ email: user.email }), { token });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, res.json().id));
    expect(row.userId).toBe(user.id);

    const bad = await donate(validBody(), { token: 'no-es-un-token' });
    expect(bad.statusCode).toBe(401);
  });

  it('requires the Idempotency-Key header', async () => {
    const before = await donationCount();
    const res = await donate(validBody(), { key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Falta el encabezado Idempotency-Key.');
    const blank = await donate(validBody(), { key: 'con espacios' });
    expect(blank.statusCode).toBe(400);
    expect(await donationCount()).toBe(before);
  });

  it('refuses a body with the card number or the CVC (strict body) and stores nothing', async () => {
    const before = await donationCount();
    for (const extra of [{ cardNumber: '4242424242424242' }, { cvc: '123' }, { expiryDate: '12/30' }]) {
      const key = randomUUID();
      const res = await donate(validBody(extra), { key });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/campos no permitidos/);
      expect(res.json().detail).not.toContain('4242424242424242');
      const claimed = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(claimed).toEqual([]);
    }
    expect(await donationCount()).toBe(before);
  });

  it('validates every field with Spanish messages', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ cardLast4: '123' }, 'cardLast4', /4 números/],
      [{ cardLast4: '12a4' }, 'cardLast4', /4 números/],
      [{ cardBrand: 'discover' }, 'cardBrand', /marca/],
      [{ acceptTerms: false }, 'acceptTerms', /términos y condiciones/],
      [{ email: 'no-es-correo' }, 'email', /correo electrónico válido/],
      [{ donorName: '' }, 'donorName', /nombre es requerido/],
      [{ donorName: 'A' }, 'donorName', /al menos 2/],
      [{ amount: 0 }, 'amount', /mayor a cero/],
      [{ amount: -5 }, 'amount', /mayor a cero/],
      [{ amount: 10.555 }, 'amount', /dos decimales/],
      [{ amount: '185' }, 'amount', /mayor a cero/],
      // Without the amount it is asked for, as "Otro monto" left empty; past any maximum the settings allow, too large.
      [{ amount: undefined }, 'amount', /^Escribe el monto que quieres donar$/],
      [{ amount: '' }, 'amount', /^Escribe el monto que quieres donar$/],
      [{ amount: 999_999_999 }, 'amount', /^El monto es demasiado grande\.$/],
      [{ phone: 'abc' }, 'phone', /teléfono válido/],
      [{ nit: 'XYZ-1' }, 'nit', /El NIT no es válido/],
    ];
    for (const [over, field, message] of cases) {
      const res = await donate(validBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(over)).toMatch(message);
    }
  });

  it('enforces the minimum and maximum of the system settings', async () => {
    await withSystem({ min_donation_amount: 10, max_donation_amount: 2000 }, async () => {
      const low = await donate(validBody({ amount: 9.99 }));
      expect(low.statusCode).toBe(400);
      const minMessage = `El monto mínimo de donación es ${formatMoney(10)}`;
      expect(low.json()).toEqual({ detail: minMessage, errors: { amount: minMessage } });
      const high = await donate(validBody({ amount: 2000.01 }));
      expect(high.statusCode).toBe(400);
      expect(high.json().detail).toBe(`El monto máximo de donación es ${formatMoney(2000)}`);
      expect(high.json().detail).toMatch(/Q\s?2,000\.00$/);
      expect((await donate(validBody({ amount: 10 }))).statusCode).toBe(201);
      expect((await donate(validBody({ amount: 2000 }))).statusCode).toBe(201);
    });
    // The defaults (1 to 50000) apply again.
    expect((await donate(validBody({ amount: 50_000 }))).statusCode).toBe(201);
    expect((await donate(validBody({ amount: 50_000.01 }))).statusCode).toBe(400);
  });

  it('refuses new donations in maintenance mode with 503, and the key stays usable', async () => {
    const key = randomUUID();
    const before = await donationCount();
    await withSystem({ maintenance_mode: true }, async () => {
      const res = await donate(validBody(), { key });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('El sitio está en mantenimiento. Por ahora no podemos recibir donaciones nuevas.');
    });
    expect(await donationCount()).toBe(before);
    const retry = await donate(validBody(), { key });
    expect(retry.statusCode).toBe(201);
    expect(await donationCount()).toBe(before + 1);
  });

  it('answers a repeated request with the same key and body with the same donation', async () => {
    const key = randomUUID();
    const before = await donationCount();
    const first = await donate(validBody({ amount: 75 }), { key });
    const second = await donate(validBody({ amount: 75 }), { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await donationCount()).toBe(before + 1);
    // The key's answer survives reordered keys in the body.
    const reordered = Object.fromEntries(Object.entries(validBody({ amount: 75 })).reverse());
    expect((await donate(reordered, { key })).json()).toEqual(first.json());
  });

  it('answers 422 when the same key comes with a different body', async () => {
    const key = randomUUID();
    const first = await donate(validBody({ amount: 35 }), { key });
    expect(first.statusCode).toBe(201);
    const other = await donate(validBody({ amount: 36 }), { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe('La clave de idempotencia ya se usó con datos diferentes.');
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, first.json().id));
    expect(row.amountCents).toBe(3500);
  });

  it('creates one donation when 10 requests with one key race', async () => {
    const key = randomUUID();
    const before = await donationCount();
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => donate(validBody({ amount: 15 }), { key, ip })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().reference_code)).size).toBe(1);
    expect(await donationCount()).toBe(before + 1);
  });

  it('creates ten donations with ten unique references for ten keys at once', async () => {
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => donate(validBody({ amount: 15 }), { ip })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().reference_code)).size).toBe(10);
  });

  it('expires keys after 24 hours: the cleanup removes them and an expired key is new again', async () => {
    const oldKey = randomUUID();
    const freshKey = randomUUID();
    const first = await donate(validBody({ amount: 20 }), { key: oldKey });
    await donate(validBody({ amount: 20 }), { key: freshKey });
    await ctx.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${oldKey}`);

    const reused = await donate(validBody({ amount: 21 }), { key: oldKey });
    expect(reused.statusCode).toBe(201);
    expect(reused.json().id).not.toBe(first.json().id);

    await ctx.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${oldKey}`);
    expect(await pruneIdempotencyKeys(ctx.db)).toBeGreaterThanOrEqual(1);
    const keys = await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((k) => k.key)).not.toContain(oldKey);
    expect(keys.map((k) => k.key)).toContain(freshKey);
  });

  it('is rate limited per IP (429 with the Spanish message), other addresses unaffected', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await donate(validBody({ amount: 0 }), { ip })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const limited = await donate(validBody(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe(httpMessages.tooManyRequestsIn(minutesToWait(Number(limited.headers['retry-after']))));
    expect((await donate(validBody())).statusCode).toBe(201);
  });

  it('shows the new donation as pending in the ledger', async () => {
    const res = await donate(validBody({ donorName: 'Donante Visible', amount: 99 }));
    const { id } = res.json<PublicDonationResponse>();
    const [row] = await ctx.db.select({ status: donations.status, amountCents: donations.amountCents }).from(donations).where(eq(donations.id, id));
    expect(row).toEqual({ status: 'pending', amountCents: 9900 });
  });

  it('appears as PENDING in GET /api/v1/admin/donations; staff cannot approve or reject a card donation (the provider settles it)', async () => {
    const res = await donate(validBody({ donorName: 'Donante Revisada', email: 'revisada@correo.gt', amount: 250 }));
    const { id, reference_code } = res.json<PublicDonationResponse>();
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const { token } = await openSession(ctx.app, ctx.db, admin.id);
    const find = async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/donations?q=${encodeURIComponent(reference_code)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.statusCode).toBe(200);
      return (list.json().donations as { id: number }[]).find((d) => d.id === id);
    };
    expect(await find()).toMatchObject({
      id,
      reference_code,
      status: 'PENDING',
      amount: 250,
      donor_name: 'Donante Revisada',
      donor_email: 'revisada@correo.gt',
      donation_type: 'monetary',
      payment_provider: 'simulated',
      manual_review: false,
    });
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/donations/${id}/approve`, headers: { authorization: `Bearer ${token}` } });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().detail).toMatch(/pasarela de pagos/);
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/donations/${id}/reject`,
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'No aparece el cargo' },
    });
    expect(rejected.statusCode).toBe(409);
    expect(await find()).toMatchObject({ id, status: 'PENDING' });
  });
});
