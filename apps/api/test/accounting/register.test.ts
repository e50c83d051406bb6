// The register (Contabilidad): every movement of a period with fees, VAT, refunds, voids and USD; its
// figures equal the ledger's; CSV and Excel with numbers as numbers (docs/product.md#the-register-and-the-close).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { donations, programs, receipts } from '../../src/db/schema';
import { donatedWithin } from '../../src/domain/ledger/figures';
import { voidReceipt } from '../../src/domain/receipts/receipts';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;
let communications: Caller;
const FROM = '2026-05-01';
const TO = '2026-05-31';
const at = (day: string, hour = 15) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  communications = await make.signIn(ctx.app, ctx.db, { roles: ['COMMUNICATIONS'] });
  const [program] = await ctx.db.insert(programs).values({ name: 'Comedor escolar', slug: 'comedor-escolar-registro', description: 'Almuerzos' }).returning();
  // A card gift with its fee and VAT withheld, for a programme.
  await make.donation(ctx.db, { amount: 500, paymentMethod: 'card', feeCents: 2_250, vatWithheldCents: 270, programId: program.id, donorNit: '1234567', createdAt: at('2026-05-03') });
  // A USD gift with its quetzal value.
  await make.donation(ctx.db, { amount: 100, currency: 'USD', gtqCents: 77_000, exchangeRate: '7.70', paymentMethod: 'card', feeCents: 400, createdAt: at('2026-05-10') });
  // A deposit refunded in the same month.
  await make.donation(ctx.db, { amount: 300, paymentMethod: 'bank_deposit', status: 'refunded', completedAt: at('2026-05-12'), refundedAt: at('2026-05-20'), createdAt: at('2026-05-12') });
  // A cash gift whose receipt was annulled (a void) in the month.
  const voided = await make.donation(ctx.db, { amount: 50, donationType: 'monetary', createdAt: at('2026-05-14') });
  await voidReceipt(ctx.db, voided.id, 'Registrada por error');
  await ctx.db.update(receipts).set({ voidedAt: at('2026-05-25') }).where(eq(receipts.donationId, voided.id));
  await ctx.db.update(donations).set({ status: 'cancelled' }).where(eq(donations.id, voided.id));
  // Outside the period: the day before (Guatemala), and a pending gift inside it.
  await make.donation(ctx.db, { amount: 999, createdAt: new Date('2026-05-01T05:30:00Z') });
  await make.donation(ctx.db, { amount: 777, status: 'pending', createdAt: at('2026-05-15') });
});
afterAll(async () => ctx?.close());

const get = (url: string, token = finance.token) => inject(ctx.app, { method: 'GET', url, token });

describe('GET /admin/register', () => {
  it('lists each movement with gross, fee, VAT and net, and totals that equal the ledger', async () => {
    const res = await get(`/api/v1/admin/register?from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.movements.map((m: { kind: string; gross_cents: number }) => [m.kind, m.gross_cents])).toEqual([
      ['gift', 50_000], ['gift', 10_000], ['gift', 30_000], ['gift', 5_000], ['refund', -30_000], ['void', -5_000],
    ]);
    const card = body.movements[0];
    expect(card).toMatchObject({ fee_cents: 2_250, vat_cents: 270, net_cents: 47_480, gtq_net_cents: 47_480, designation: 'Comedor escolar', nit: '1234567', receipt_number: expect.any(Number) });
    expect(body.movements[1]).toMatchObject({ currency: 'USD', fee_cents: 400, net_cents: 9_600, gtq_net_cents: 73_920, designation: 'Donde más se necesite' });
    const ledger = await donatedWithin(ctx.db, { start: FROM, end: '2026-06-01' });
    const sum = (rows: { gross_cents: number }[]) => rows.reduce((n, t) => n + t.gross_cents, 0);
    expect(sum(body.totals.by_method)).toBe(ledger.cents);
    expect(sum(body.totals.by_program)).toBe(ledger.cents);
    expect(body.totals.by_currency).toEqual([
      expect.objectContaining({ key: 'GTQ', count: 5, gross_cents: 50_000, fee_cents: 2_250, vat_cents: 270 }),
      expect.objectContaining({ key: 'USD', count: 1, gross_cents: 10_000, fee_cents: 400, net_cents: 9_600 }),
    ]);
    expect(body.totals.by_method.find((t: { key: string }) => t.key === 'card')).toMatchObject({ label: 'Tarjeta', gross_cents: 127_000, fee_cents: 2_250 + 3_080 });
  });

  it('refuses a reversed period and a staff member without register.read, in Spanish', async () => {
    const bad = await get(`/api/v1/admin/register?from=${TO}&to=${FROM}`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('La fecha final debe ser igual o posterior a la inicial.');
    expect((await get(`/api/v1/admin/register?from=${FROM}&to=${TO}`, communications.token)).statusCode).toBe(403);
  });
});

describe('GET /admin/register/export', () => {
  it('streams a CSV with one row per movement and plain numbers', async () => {
    const res = await get(`/api/v1/admin/register/export?from=${FROM}&to=${TO}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['Fecha', 'Movimiento', 'Bruto', 'Comisión', 'IVA retenido', 'Neto', 'Autorización FEL (UUID)']));
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(',Donación,');
    expect(lines[1]).toContain(',500.00,22.50,2.70,474.80,474.80,Comedor escolar,');
    // The day as the reports' files and the Excel's date cells show it, dd/mm/yyyy, never ISO.
    expect(lines[1]).toMatch(/^03\/05\/2026,Donación,/);
    expect(lines[5]).toMatch(/^20\/05\/2026,Reembolso,.*,-300\.00,0\.00,0\.00,-300\.00,-300\.00,/);
    expect(lines.slice(1).every((l) => /^\d{2}\/\d{2}\/\d{4},/.test(l))).toBe(true);
  });

  it('streams an Excel workbook whose amounts are numbers, with the totals sheet', async () => {
    const res = await get(`/api/v1/admin/register/export?from=${FROM}&to=${TO}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Movimientos')!;
    expect(ws.rowCount).toBe(7);
    expect(ws.getRow(2).getCell(8).value).toBe(500);
    expect(ws.getRow(2).getCell(11).value).toBeCloseTo(474.8);
    expect(ws.getRow(6).getCell(2).value).toBe('Reembolso');
    // The day is a date cell shown dd/mm/yyyy, so the accountant's sheet sorts and filters it as a date.
    expect(ws.getRow(2).getCell(1).value).toEqual(new Date('2026-05-03T00:00:00Z'));
    expect(ws.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    const totals = wb.getWorksheet('Totales')!;
    expect(totals.getRow(1).values).toEqual(expect.arrayContaining(['Por moneda', 'Cantidad', 'Bruto', 'Neto']));
    expect(totals.getRow(2).values).toEqual(expect.arrayContaining(['GTQ', 5, 500]));
  });

  it('refuses a format it does not know, in Spanish', async () => {
    const res = await get(`/api/v1/admin/register/export?from=${FROM}&to=${TO}&format=pdf`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('El formato debe ser csv o xlsx.');
  });
});
