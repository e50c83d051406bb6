// Imports from spreadsheets through the API (docs/product.md#imports): a dry run that saves nothing, the
// import, the same file again adding nothing, bad lines refused with their line and reason, CSV and XLSX,
// imported gifts on their own date with no receipt and no email, and monthly donors by transfer whose
// transfer is matched from the bank statement and who show as overdue when it does not arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { StatementImport } from '@donaciones/shared/schemas/bank-statements';
import type { ImportResult } from '@donaciones/shared/schemas/imports';
import type { AdminMonthlyGiftList } from '@donaciones/shared/schemas/monthly-admin';
import { donations, donors, emailOutbox, importLines, receipts, recurringGifts } from '../../src/db/schema';
import { callers } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function run(kind: string, content_base64: string, mapping: Record<string, string>, dry_run: boolean, token = who.admin.token) {
  return inject(ctx.app, { method: 'POST', url: '/api/v1/admin/imports', token, payload: { kind, file_name: `datos.${kind}`, content_base64, mapping, dry_run } });
}

const count = async (table: typeof donors | typeof donations | typeof importLines | typeof recurringGifts) =>
  Number((await ctx.db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

describe('donors from CSV', () => {
  const csv =
    'Nombre;Correo;Teléfono;NIT\n' +
    'Ana López;ana.import@prueba.gt;5555-1234;\n' +
    'Existente Pérez;existente.import@prueba.gt;;\n' +
    ';sin.nombre@prueba.gt;;\n' +
    'Sin Contacto;;;\n' +
    'Correo Malo;correo-malo;;\n' +
    'NIT Malo;nit.malo@prueba.gt;;1234\n';
  const mapping = { name: 'Nombre', email: 'Correo', phone: 'Teléfono', tax_id: 'NIT' };

  it('previews the columns with a guess, and refuses a user without the permission', async () => {
    const res = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/imports/preview', token: who.admin.token, payload: { kind: 'donors', file_name: 'd.csv', content_base64: base64(csv) } });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.headers).toEqual(['Nombre', 'Correo', 'Teléfono', 'NIT']);
    expect(preview.data_lines).toBe(6);
    expect(preview.suggested_mapping).toMatchObject(mapping);
    expect((await run('donors', base64(csv), mapping, true, who.donor.token)).statusCode).toBe(403);
  });

  it('says an empty file is empty (a file was chosen: not "Elige el archivo"), and a missing file is still asked for', async () => {
    const preview = (content: Record<string, string>) =>
      inject(ctx.app, { method: 'POST', url: '/api/v1/admin/imports/preview', token: who.admin.token, payload: { kind: 'donors', file_name: 'vacio.csv', ...content } });
    const empty = await preview({ content_base64: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content_base64).toBe('El archivo está vacío.');
    expect((await preview({})).json().errors.content_base64).toBe('Elige el archivo (CSV o XLSX)');
  });

  it('dry run lists created, matched and refused lines and saves nothing; the import does it; the same file again adds nothing', async () => {
    await make.donation(ctx.db, { donorEmail: 'EXISTENTE.import@prueba.gt', donorName: 'Existente Pérez', status: 'completed' });
    const donorsBefore = await count(donors);
    const dry = await run('donors', base64(csv), mapping, true);
    expect(dry.statusCode).toBe(200);
    const result = dry.json<ImportResult>();
    expect(result.dry_run).toBe(true);
    expect(result.counts).toEqual({ created: 1, matched: 1, repeated: 0, refused: 4 });
    expect(result.lines.filter((l) => l.outcome === 'refused').map((l) => [l.line, l.reason])).toEqual([
      [4, 'Falta el nombre.'],
      [5, 'Falta el correo o el NIT/CUI: sin ellos no se puede reconocer al donante.'],
      [6, 'El correo «correo-malo» no es válido.'],
      // In the words of every other NIT field (gift entry, a donor's edit, the profile).
      [7, 'NIT/CUI «1234»: El NIT no es válido: revisa el dígito verificador'],
    ]);
    expect(await count(donors)).toBe(donorsBefore);
    expect(await count(importLines)).toBe(0);

    const done = await run('donors', base64(csv), mapping, false);
    expect(done.statusCode).toBe(201);
    expect(done.json<ImportResult>().counts).toEqual({ created: 1, matched: 1, repeated: 0, refused: 4 });
    expect(await count(donors)).toBe(donorsBefore + 1);
    const [ana] = await ctx.db.select().from(donors).where(sql`${donors.emails} @> ARRAY['ana.import@prueba.gt']`);
    expect(ana.phones).toEqual(['5555-1234']);

    const again = (await run('donors', base64(csv), mapping, false)).json<ImportResult>();
    expect(again.counts).toEqual({ created: 0, matched: 0, repeated: 2, refused: 4 });
    expect(await count(donors)).toBe(donorsBefore + 1);
  });

  it('reads a NIT/CUI cell as every NIT field does: consumidor final in words, NIT: before the number, a short CUI told so', async () => {
    const cells =
      'Nombre;Correo;Teléfono;NIT\n' +
      'Rosa Final;rosa.final@prueba.gt;;Consumidor final\n' +
      'Copiado De Factura;copiado.factura@prueba.gt;;NIT: 3952550-3\n' +
      'Cui Corto;cui.corto@prueba.gt;;158035224010\n';
    const dry = await run('donors', base64(cells), mapping, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportResult>().lines.map((l) => [l.line, l.outcome === 'refused' ? l.reason : 'taken'])).toEqual([
      [2, 'taken'],
      [3, 'taken'],
      [4, 'NIT/CUI «158035224010»: Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás'],
    ]);
  });

  it('refuses a line whose email or NIT is a donor\'s of another name, instead of adding that line to them', async () => {
    await make.donation(ctx.db, { donorEmail: 'diego.ajeno@prueba.gt', donorName: 'Diego Ajeno', donorNit: '7766554-6', status: 'completed' });
    const [diego] = await ctx.db.select().from(donors).where(sql`${donors.emails} @> ARRAY['diego.ajeno@prueba.gt']`);
    const lines =
      'Nombre;Correo;Teléfono;NIT\n' +
      'Carlos Ruiz;carlos.ajeno@prueba.gt;;7766554-6\n' +
      'Marta Soto;DIEGO.ajeno@prueba.gt;;\n' +
      'DIEGO  ajeno;diego.ajeno@prueba.gt;5555-9999;\n';
    const done = (await run('donors', base64(lines), mapping, false)).json<ImportResult>();
    expect(done.lines.map((l) => [l.line, l.outcome, l.reason])).toEqual([
      [2, 'refused', 'El NIT/CUI ya es de «Diego Ajeno», un donante con otro nombre: corrige el nombre o el NIT/CUI de la línea.'],
      [3, 'refused', 'El correo ya es de «Diego Ajeno», un donante con otro nombre: corrige el nombre o el correo de la línea.'],
      // The same name, case and spaces aside, is the same donor.
      [4, 'matched', null],
    ]);
    const [after] = await ctx.db.select().from(donors).where(eq(donors.id, diego.id));
    expect(after.emails).toEqual(['diego.ajeno@prueba.gt']);
    expect(after.phones).toContain('5555-9999');
  });

  it('refuses a mapping without a required column, and a file that is not a spreadsheet, in Spanish', async () => {
    const res = await run('donors', base64(csv), { email: 'Correo' }, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Elige la columna de Nombre.');
    const binary = await run('donors', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]).toString('base64'), mapping, true);
    expect(binary.statusCode).toBe(400);
    expect(binary.json().detail).toMatch(/\.xls antiguos/);
  });
});

describe('amounts as a person types them (decision 0074)', () => {
  const mapping = { name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto', currency: 'Moneda', receipt: 'Recibo' };
  const csv =
    'Nombre;Correo;Fecha;Monto;Moneda;Recibo\n' +
    'Coma Decimal;coma@prueba.gt;02/02/2023;1,25;;M-1\n' +
    'Miles Con Coma;miles@prueba.gt;02/02/2023;"1,250.00";;M-2\n' +
    'Europeo;europeo@prueba.gt;02/02/2023;1.500,00;;M-3\n' +
    'Dolares;dolares@prueba.gt;02/02/2023;US$100;USD;M-4\n' +
    'Dolar En Quetzales;dq@prueba.gt;02/02/2023;$100;GTQ;M-5\n' +
    'Letras;letras@prueba.gt;02/02/2023;cien;;M-6\n';

  it('reads 1,250.00 as Q1,250.00 and refuses 1,25 in a column that also has decimal points, never guessing', async () => {
    const dry = (await run('gifts', base64(csv), mapping, true)).json<ImportResult>();
    // The column has both marks (decision 0079): an amount that reads two ways names one of each by its line.
    const mixed = 'La columna mezcla montos con coma decimal («1,25», línea 2) y con punto decimal («1,250.00», línea 3), así que no está claro qué monto es este. Escribe todos los montos de una misma forma.';
    expect(dry.lines.filter((l) => l.outcome === 'refused').map((l) => [l.line, l.reason])).toEqual([
      [2, `Monto «1,25»: ${mixed}`],
      [4, `Monto «1.500,00»: ${mixed}`],
      [6, 'Monto «$100»: El monto lleva el símbolo de otra moneda: escribe solo el número en la moneda elegida.'],
      [7, 'Monto «cien»: Escribe el monto solo con números, por ejemplo 1,500 o 1500.50.'],
    ]);
    expect(dry.lines.filter((l) => l.outcome === 'created').map((l) => [l.line, l.detail])).toEqual([
      [3, 'Miles Con Coma: Q1,250.00 del 02/02/2023, recibo M-2'],
      [5, 'Dolares: US$100.00 del 02/02/2023, recibo M-4'],
    ]);
  });
});

async function giftsWorkbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Donaciones');
  sheet.addRow(['Nombre', 'Correo', 'NIT', 'Fecha', 'Monto', 'Recibo']);
  sheet.addRow(['Carlos Ruiz', 'carlos.xlsx@prueba.gt', '', new Date(Date.UTC(2023, 2, 15)), 250, 'A-100']);
  sheet.addRow(['Empresa S.A.', '', '576937-K', '20/07/2023', '1,500.50', 'A-101']);
  sheet.addRow(['Sin Monto', 'sinmonto@prueba.gt', '', '01/01/2023', '', '']);
  sheet.addRow(['Fecha Rara', 'rara@prueba.gt', '', '31/02/2023', 100, '']);
  sheet.addRow(['Futuro', 'futuro@prueba.gt', '', '01/01/2099', 100, '']);
  sheet.addRow(['Repetido', 'rep@prueba.gt', '', '02/02/2023', 90, 'A-100']);
  sheet.addRow(['Negativo', 'neg@prueba.gt', '', '02/02/2023', -5, '']);
  // A real day before the records' first one (01/01/2000): said so, not "no se entiende".
  sheet.addRow(['Antiguo', 'antiguo@prueba.gt', '', '15/03/1999', 100, '']);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('past gifts from XLSX', () => {
  const mapping = { name: 'Nombre', email: 'Correo', tax_id: 'NIT', date: 'Fecha', amount: 'Monto', receipt: 'Recibo' };

  it('imports completed gifts on their own date with their receipt number, no receipt and no email; refuses bad lines with reasons', async () => {
    const file = await giftsWorkbook();
    const dry = (await run('gifts', file, mapping, true)).json<ImportResult>();
    expect(dry.counts).toEqual({ created: 2, matched: 0, repeated: 0, refused: 6 });
    expect(dry.lines.filter((l) => l.outcome === 'refused').map((l) => [l.line, l.reason])).toEqual([
      [4, 'Falta el monto.'],
      [5, 'La fecha «31/02/2023» no se entiende (usa dd/mm/aaaa).'],
      [6, 'La fecha «01/01/2099» es posterior a hoy.'],
      [7, 'El recibo «A-100» ya está en la línea 2.'],
      [8, 'El monto debe ser mayor que cero.'],
      [9, 'La fecha «15/03/1999» es anterior al 01/01/2000: no se aceptan fechas anteriores.'],
    ]);
    const before = await ctx.db.select({ n: sql<number>`count(*)` }).from(donations).where(eq(donations.source, 'import'));
    expect(Number(before[0].n)).toBe(0);

    const outboxBefore = await ctx.db.select({ n: sql<number>`count(*)` }).from(emailOutbox);
    const done = (await run('gifts', file, mapping, false)).json<ImportResult>();
    expect(done.counts.created).toBe(2);
    const imported = await ctx.db.select().from(donations).where(eq(donations.source, 'import')).orderBy(donations.createdAt);
    expect(imported.map((d) => [d.donorName, d.amountCents, d.status, d.importedReceipt, d.receiptNumber])).toEqual([
      ['Carlos Ruiz', 25_000, 'completed', 'A-100', null],
      ['Empresa S.A.', 150_050, 'completed', 'A-101', null],
    ]);
    expect(imported[0].createdAt.toISOString()).toBe('2023-03-15T18:00:00.000Z');
    expect(imported[1].completedAt?.toISOString()).toBe('2023-07-20T18:00:00.000Z');
    expect(imported[1].donorNit).toBe('576937-K');
    // Its hour is not known: screens show its day alone.
    const shown = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${imported[0].id}/review`, token: who.admin.token })).json();
    expect(shown.donation.dated_by_day).toBe(true);
    const outboxAfter = await ctx.db.select({ n: sql<number>`count(*)` }).from(emailOutbox);
    expect(outboxAfter[0].n).toEqual(outboxBefore[0].n);
    expect(await ctx.db.select().from(receipts).where(sql`${receipts.donationId} IN (${imported[0].id}, ${imported[1].id})`)).toEqual([]);
    const [donor] = await ctx.db.select().from(donors).where(eq(donors.id, imported[0].donorId as number));
    expect([donor.giftCount, donor.lifetimeCents]).toEqual([1, 25_000]);

    const again = (await run('gifts', file, mapping, false)).json<ImportResult>();
    expect(again.counts).toEqual({ created: 0, matched: 0, repeated: 2, refused: 6 });
    const after = await ctx.db.select({ n: sql<number>`count(*)` }).from(donations).where(eq(donations.source, 'import'));
    expect(Number(after[0].n)).toBe(2);
  });
});

describe('monthly donors by transfer', () => {
  const csv = 'Nombre,Correo,Monto,Referencia\nMarta Díaz,marta.mensual@prueba.gt,150.00,\nJosé Pop,jose.mensual@prueba.gt,200,JOSE2024\nOtra Vez,jose.mensual@prueba.gt,75,JOSE2024\n';
  const mapping = { name: 'Nombre', email: 'Correo', amount: 'Monto', reference: 'Referencia' };

  async function adminGifts(): Promise<AdminMonthlyGiftList> {
    return (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/monthly-gifts', token: who.admin.token })).json();
  }

  it('creates active transfer gifts with a permanent reference; the statement line carrying it records the month; a missing month shows overdue', async () => {
    const result = (await run('monthly', base64(csv), mapping, false)).json<ImportResult>();
    expect(result.counts).toEqual({ created: 2, matched: 0, repeated: 0, refused: 1 });
    expect(result.lines[2].reason).toBe('La referencia «JOSE2024» ya está en la línea 3.');
    const marta = result.lines[0].transfer_reference as string;
    expect(marta).toMatch(/^TM\d{6}$/);
    const gifts = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.provider, 'transfer'));
    expect(gifts.map((g) => [g.donorEmail, g.status, g.transferReference]).sort()).toEqual([
      ['jose.mensual@prueba.gt', 'active', 'JOSE2024'],
      ['marta.mensual@prueba.gt', 'active', marta],
    ]);
    expect((await run('monthly', base64(csv), mapping, false)).json<ImportResult>().counts).toEqual({ created: 0, matched: 0, repeated: 2, refused: 1 });

    // Both transfers were due ten days ago: past the grace days, both are overdue.
    await ctx.db.execute(sql`UPDATE recurring_gifts SET next_charge_at = now() - interval '10 days' WHERE provider = 'transfer'`);
    let list = await adminGifts();
    expect(list.gifts.filter((g) => g.provider === 'transfer').map((g) => g.overdue)).toEqual([true, true]);

    const today = new Date().toLocaleDateString('en-GB', { timeZone: 'America/Guatemala' });
    const statement = `Fecha;Descripción;Crédito\n${today};TRANSF ACH ${marta.slice(0, 2)}-${marta.slice(2)} MARTA;150,00\n${today};DEPOSITO VARIOS;80,00\n`;
    const imported = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/bank-statements',
      token: who.admin.token,
      payload: { bank: 'Banco Transferencias', file_name: 'mov.csv', content_base64: base64(statement), mapping: { date: 'Fecha', description: 'Descripción', credit: 'Crédito' } },
    });
    expect(imported.statusCode).toBe(201);
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.transferReference, marta));
    const charges = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, gift.id));
    expect(charges.map((c) => [c.status, c.amountCents, c.paymentMethod])).toEqual([['completed', 15_000, 'bank_transfer']]);
    // Dated on the line's day at noon in Guatemala; the line is confirmed as paying it, the other line is left open.
    expect(charges[0].createdAt.toISOString()).toMatch(/T18:00:00\.000Z$/);
    const lines = imported.json<StatementImport>().lines;
    expect(lines.map((l) => [l.state, l.confirmed_donation?.id ?? null, l.candidates.length]).sort()).toEqual([
      ['confirmed', charges[0].id, 0],
      ['unmatched', null, 0],
    ]);
    expect(gift.nextChargeAt!.getTime()).toBeGreaterThan(Date.now());
    list = await adminGifts();
    const byEmail = new Map(list.gifts.map((g) => [g.donorEmail, g]));
    expect(byEmail.get('marta.mensual@prueba.gt')?.overdue).toBe(false);
    expect(byEmail.get('jose.mensual@prueba.gt')?.overdue).toBe(true);
    // The month's email carries the signed link; a gift by transfer cannot be changed or paused there.
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'marta.mensual@prueba.gt'));
    const token = decodeURIComponent(/donacion-mensual\?token=([^\s]+)/.exec(email.textBody)?.[1] ?? '');
    for (const [path, body] of [['change-amount', { amount: 300 }], ['pause', { months: 1 }]] as const) {
      const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/monthly-gifts/manage/${path}`, payload: { token, ...body } });
      expect(res.statusCode, `${path} ${res.body}`).toBe(409);
      expect(res.json().detail).toMatch(/es por transferencia/);
    }
    // The donor's page lists the gift by transfer (no charge yet) as overdue, with its reference.
    const [jose] = await ctx.db.select().from(donors).where(sql`${donors.emails} @> ARRAY['jose.mensual@prueba.gt']`);
    const page = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donors/${jose.id}`, token: who.admin.token })).json();
    expect(page.monthlyGifts).toEqual([expect.objectContaining({ transferReference: 'JOSE2024', overdue: true, status: 'active' })]);
  });
});
