// Fiscal identity (docs/product.md#validation-rules, #receipts): the donor's NIT, CUI or CF at the
// donate API and in the profile, the organisation's fiscal settings and the donor's contact for staff.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { DEFAULT_FISCAL_SETTINGS } from '@donaciones/shared/schemas/fiscal';
import { putSettings, getSettings, getFiscalSettings } from '../../src/platform/settings';
import { auditLog, donations, recurringGifts } from '../../src/db/schema';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

let ip = 1;
function donate(over: Record<string, unknown>, token?: string) {
  const body = { donorName: 'María Pérez', email: 'maria@correo.gt', amount: 185, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true, ...over };
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
    remoteAddress: `10.9.0.${ip++}`,
  });
}

const stored = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0];

describe('POST /donate: the donor tax id', () => {
  it('refuses a NIT with a wrong check digit (400, Spanish message) and records nothing', async () => {
    const before = await ctx.db.$count(donations);
    for (const nit of ['8977112-0', '1234567-8']) {
      const res = await donate({ nit });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.nit).toBe('El NIT no es válido: revisa el dígito verificador');
    }
    const cui = await donate({ nit: '1680352240101' });
    expect(cui.statusCode).toBe(400);
    expect(cui.json().errors.nit).toBe('El CUI no es válido: algún dígito está mal, porque el noveno (el verificador) no corresponde a los ocho primeros. Revisa el número en el DPI');
    expect(await ctx.db.$count(donations)).toBe(before);
  });

  it('says why a number is refused: a CUI short of a digit, or a department and municipality that do not exist', async () => {
    const before = await ctx.db.$count(donations);
    const short = await donate({ nit: '158035224010' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.nit).toBe('Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás');
    const place = await donate({ nit: '1587564442304' });
    expect(place.json().errors.nit).toBe('El CUI no es válido: sus últimos 4 dígitos (2304) dicen el departamento y el municipio, y ese código no existe en Guatemala. Revisa el número en el DPI');
    expect(await ctx.db.$count(donations)).toBe(before);
  });

  it('takes consumidor final in words and a number copied with NIT: or CUI before it, stored as the number alone', async () => {
    const cases = [
      ['Consumidor final', 'CF', 'cf'],
      [' CONSUMIDOR  FINAL ', 'CF', 'cf'],
      ['NIT 576937-K', '576937-K', 'nit'],
      ['NIT: 576937-K', '576937-K', 'nit'],
      ['CUI 1580 35224 0101', '1580352240101', 'cui'],
    ] as const;
    for (const [typed, value, kind] of cases) {
      const res = await donate({ nit: typed });
      expect(res.statusCode, typed).toBe(201);
      expect(await stored(res.json().id)).toMatchObject({ donorNit: value, donorTaxIdKind: kind });
    }
    // Consumidor final is CF: refused from Q2,500 as CF is.
    const above = await donate({ nit: 'Consumidor final', amount: 2500 });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.nit).toMatch(/^Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica/);
  });

  it('stores the normalised NIT (K included) or CUI with its kind', async () => {
    const cases = [
      ['576937k', '576937-K', 'nit'],
      [' 1234567 9 ', '1234567-9', 'nit'],
      ['1580 35224 0101', '1580352240101', 'cui'],
      ['c/f', 'CF', 'cf'],
    ] as const;
    for (const [typed, value, kind] of cases) {
      const res = await donate({ nit: typed });
      expect(res.statusCode, typed).toBe(201);
      expect(await stored(res.json().id)).toMatchObject({ donorNit: value, donorTaxIdKind: kind });
    }
  });

  it('CF (typed or blank) only below Q2,500 of what is charged', async () => {
    expect((await donate({ nit: 'CF', amount: 2499.99 })).statusCode).toBe(201);
    for (const nit of ['CF', '', undefined]) {
      const res = await donate({ nit, amount: 2500 });
      expect(res.statusCode).toBe(400);
      // What a donor without a NIT or CUI (a foreigner) can do: the most without them, and whom to write.
      expect(res.json().errors.nit).toBe(
        'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica. Si no tienes NIT ni CUI (por ejemplo, si no vives en Guatemala), puedes donar un total de hasta Q2,499.99; para donar más, escríbenos a contacto@ejemplo.org antes de hacerlo.',
      );
    }
    expect((await donate({ nit: '1234567-9', amount: 2500 })).statusCode).toBe(201);
    expect((await donate({ nit: '1587564440904', amount: 10_000 })).statusCode).toBe(201);
    // A Q2,400 gift with the covered fee (4.5% + IVA) charges more than Q2,500.
    const covered = await donate({ nit: 'CF', amount: 2400, coverFees: true });
    expect(covered.statusCode).toBe(400);
    expect(covered.json().errors.nit).toMatch(/CF no aplica/);
  });

  it('values a dollar gift at the staff rate: US$300 is CF at 7.70, US$330 is not', async () => {
    const pay = await getSettings(ctx.db, 'payments');
    expect(pay.usd_exchange_rate).toBe(7.7);
    expect((await donate({ nit: 'CF', amount: 300, currency: 'USD' })).statusCode).toBe(201);
    const above = await donate({ nit: '', amount: 330, currency: 'USD' });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.nit).toMatch(/CF no aplica/);
    // In dollars, the most without a NIT or CUI is said in dollars at the rate.
    expect(above.json().errors.nit).toContain('un total de hasta US$324.67 (menos de Q2,500 al tipo de cambio de referencia)');
    await putSettings(ctx.db, 'payments', { ...pay, usd_exchange_rate: 7.5 });
    try {
      expect((await donate({ nit: 'CF', amount: 330, currency: 'USD' })).statusCode).toBe(201);
    } finally {
      await putSettings(ctx.db, 'payments', pay);
    }
  });
});

describe('monthly gifts', () => {
  it("each renewal keeps the first donation's tax id and phone", async () => {
    const res = await donate({ nit: '576937-k', phone: '+502 5555-1234', frequency: 'monthly', email: 'mensual.nit@correo.gt' });
    expect(res.statusCode).toBe(201);
    const giftId = res.json().recurring_gift_id as number;
    const monthly = monthlyContext(ctx.app);
    await chargeDueSimulatedGifts(ctx.db, monthly);
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    await chargeDueSimulatedGifts(ctx.db, monthly, new Date((gift.nextChargeAt as Date).getTime() + 1000));
    const rows = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, giftId)).orderBy(asc(donations.id));
    expect(rows.map((r) => [r.status, r.donorNit, r.donorTaxIdKind, r.donorPhone])).toEqual([
      ['completed', '576937-K', 'nit', '+502 5555-1234'],
      ['completed', '576937-K', 'nit', '+502 5555-1234'],
    ]);
  });
});

describe('profile NIT', () => {
  it('is saved normalised, shown by /auth/me, cleared by blank or CF, and checked', async () => {
    const me = who.donor;
    const put = (nit: unknown) =>
      inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/profile', token: me.token, payload: { first_name: 'Dana', last_name: 'Pérez', phone: null, address: null, nit } as never });
    const saved = await put('39525503');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nit).toBe('3952550-3');
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/users/me/profile', token: me.token })).json().nit).toBe('3952550-3');
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/auth/me', token: me.token })).json().nit).toBe('3952550-3');

    const bad = await put('8977112-0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.nit).toBe('El NIT no es válido: revisa el dígito verificador');

    // Not sent: kept; a CUI is taken; CF and blank clear it.
    const kept = await inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/profile', token: me.token, payload: { first_name: 'Dana', last_name: 'Pérez' } });
    expect(kept.json().nit).toBe('3952550-3');
    expect((await put('1587564440904')).json().nit).toBe('1587564440904');
    expect((await put('CF')).json().nit).toBeNull();
    expect((await put('576937-K')).json().nit).toBe('576937-K');
    expect((await put('')).json().nit).toBeNull();
    // Copied from an invoice, or consumidor final in words.
    expect((await put('NIT: 576937-K')).json().nit).toBe('576937-K');
    expect((await put('Consumidor final')).json().nit).toBeNull();
    const short = await put('158035224010');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.nit).toMatch(/^Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12/);
  });
});

describe('fiscal settings', () => {
  const url = '/api/v1/admin/settings/fiscal';
  const call = (method: 'GET' | 'PUT', payload?: unknown) => inject(ctx.app, { method, url, token: who.admin.token, payload: payload as never });

  it('are ADMIN only', async () => {
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url })).toEqual({ anonymous: 401, donor: 403, user: 403 });
    expect(await expectAdminOnly(ctx.app, who, { method: 'PUT', url, payload: DEFAULT_FISCAL_SETTINGS })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });

  it('answer the demo defaults, then save and read back what staff wrote, normalised and audited', async () => {
    const first = await call('GET');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_FISCAL_SETTINGS);
    const value = {
      legalName: 'Asociación Manos de Guatemala',
      nit: '39525503',
      fiscalAddress: '5a. avenida 10-20, zona 1, Guatemala',
      registration: 'Acuerdo Gubernativo 123-2010, Registro de Personas Jurídicas partida 45',
      deductibilityText: 'Donación deducible según el Decreto 10-2012.',
      signerName: 'Julia Ramírez',
      signerTitle: 'Presidenta',
      signatureImage: null,
      receiptSeries: 'b',
      annualStatementDate: '01-31',
    };
    const saved = await call('PUT', value);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...value, nit: '3952550-3', receiptSeries: 'B' });
    expect((await call('GET')).json()).toEqual(saved.json());
    expect(await getFiscalSettings(ctx.db)).toEqual(saved.json());
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.fiscal.update')).orderBy(desc(auditLog.id)).limit(1);
    expect((entry.details as { changes: Record<string, unknown> }).changes).toMatchObject({ nit: { from: DEFAULT_FISCAL_SETTINGS.nit, to: '3952550-3' } });
    await call('PUT', DEFAULT_FISCAL_SETTINGS);
  });

  it('refuse each bad field with its Spanish message and keep what was saved', async () => {
    const res = await call('PUT', {
      ...DEFAULT_FISCAL_SETTINGS,
      legalName: ' ',
      nit: '8977112-0',
      receiptSeries: 'A-1',
      annualStatementDate: '02-30',
      signerName: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      legalName: 'El nombre legal es requerido',
      nit: 'El NIT no es válido: revisa el dígito verificador',
      receiptSeries: 'La serie lleva de 1 a 10 letras o números, sin espacios',
      annualStatementDate: 'Escribe la fecha como MM-DD, por ejemplo 01-15 (15 de enero)',
      signerName: 'El nombre de quien firma es requerido',
    });
    const cui = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, nit: '1587564440904' });
    expect(cui.statusCode).toBe(400);
    expect(cui.json().errors.nit).toMatch(/El NIT no es válido/);
    expect((await call('GET')).json()).toEqual(DEFAULT_FISCAL_SETTINGS);
  });

  it('take a PNG or JPEG signature told by its bytes, re-encoded; refuse other bytes and large files', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 10, g: 20, b: 90, alpha: 1 } } }).png().toBuffer();
    // Declared as JPEG, but its bytes are a PNG: stored as what it is.
    const saved = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, signatureImage: { contentType: 'image/jpeg', base64: png.toString('base64') } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().signatureImage.contentType).toBe('image/png');
    const meta = await sharp(Buffer.from(saved.json().signatureImage.base64, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 120, height: 40 });
    // Sent back unchanged, it is kept as it is.
    const again = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, signerTitle: 'Director', signatureImage: saved.json().signatureImage });
    expect(again.json().signatureImage).toEqual(saved.json().signatureImage);

    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const jpg = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, signatureImage: { contentType: 'image/jpeg', base64: jpeg.toString('base64') } });
    expect(jpg.json().signatureImage.contentType).toBe('image/jpeg');

    const refusals: [string, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>').toString('base64'), 'La firma debe ser una imagen PNG o JPEG'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64'), 'La firma debe ser una imagen PNG o JPEG'],
      [png.subarray(0, 60).toString('base64'), 'El archivo de la firma no es una imagen PNG o JPEG válida'],
    ];
    for (const [base64, message] of refusals) {
      const res = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, signatureImage: { contentType: 'image/png', base64 } });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.signatureImage).toBe(message);
    }
    const large = await call('PUT', { ...DEFAULT_FISCAL_SETTINGS, signatureImage: { contentType: 'image/png', base64: Buffer.alloc(120 * 1024, 1).toString('base64') } });
    expect(large.statusCode).toBe(400);
    expect(JSON.stringify(large.json().errors)).toContain('La firma no puede pesar más de 100 KB');
    expect((await call('GET')).json().signatureImage.contentType).toBe('image/jpeg');
    await call('PUT', DEFAULT_FISCAL_SETTINGS);
  });
});

describe('GET /admin/donations/:id/donor', () => {
  it('shows staff the donor phone and tax id; ADMIN only; 404 for an unknown donation', async () => {
    const row = await make.donation(ctx.db, { amountCents: 50_000, status: 'pending', donorPhone: '+502 5555-0000', donorNit: '576937-K', donorTaxIdKind: 'nit' });
    const url = `/api/v1/admin/donations/${row.id}/donor`;
    const res = await inject(ctx.app, { method: 'GET', url, token: who.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phone: '+502 5555-0000', tax_id: '576937-K', tax_id_kind: 'nit' });
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url })).toEqual({ anonymous: 401, donor: 403, user: 403 });
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations/999999/donor', token: who.admin.token })).statusCode).toBe(404);
  });
});
