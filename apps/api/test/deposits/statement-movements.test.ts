// A bank movement confirms at most one donation (docs/product.md#bank-deposits): the same file imported again
// is refused and adds nothing, a file overlapping an earlier one adds only its new movements, two lines of one
// movement never approve two deposits, and a year-end file is imported in batches with its proposals stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import type { StatementImport, StatementImportList } from '@donaciones/shared/schemas/bank-statements';
import { bankStatementCandidates, bankStatementImports, bankStatementLines, donations, receipts } from '../../src/db/schema';
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
const day = (iso: string) => new Date(`${iso}T16:00:00Z`);
const MAPPING = { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' };
const HEADER = 'Fecha;Descripción;No. Documento;Débito;Crédito;Saldo';

let emails = 0;
const pendingDeposit = (amountCents: number, createdOn: string) =>
  make.donation(ctx.db, {
    amountCents,
    status: 'pending',
    paymentMethod: 'bank_deposit',
    createdAt: day(createdOn),
    donorEmail: `movimiento.${++emails}@prueba.gt`,
    donorName: 'Ana López',
  });

const post = (url: string, payload: unknown) =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/admin/bank-statements${url}`, token: who.admin.token, payload: payload as never });
const importCount = async () => (await ctx.db.select({ id: bankStatementImports.id }).from(bankStatementImports)).length;
const lineCount = async () => (await ctx.db.select({ id: bankStatementLines.id }).from(bankStatementLines)).length;

describe('one bank credit approves one deposit', () => {
  it('the same file imported again is refused in Spanish and adds nothing, even under another bank name or saved again', async () => {
    await pendingDeposit(20_000, '2032-01-05');
    const file = `${HEADER}\n06/01/2032;DEPOSITO EFECTIVO;000501;;200,00;1.200,00\n07/01/2032;DEPOSITO;000502;;80,00;1.280,00\n`;
    const first = await post('', { bank: 'Banco Uno', file_name: 'enero.csv', content_base64: base64(file), mapping: MAPPING });
    expect(first.statusCode).toBe(201);
    const [imports, lines] = [await importCount(), await lineCount()];

    const again = await post('', { bank: 'Banco Uno', file_name: 'enero.csv', content_base64: base64(file), mapping: MAPPING });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/^Este archivo ya se importó \(«enero\.csv», el \d{2}\/\d{2}\/\d{4}\)\. No se agregó nada/);

    // Saved again by a spreadsheet (other line ends and padding), renamed, under another bank name: the same movements.
    const resaved = file.replace(/\n/g, '\r\n').replace('000501', '501');
    const other = await post('', { bank: 'banco uno ', file_name: 'enero (1).csv', content_base64: base64(resaved), mapping: MAPPING });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(
      'Los 2 créditos de este archivo ya están en importaciones anteriores. No se agregó nada: abre esas importaciones para seguir conciliando.',
    );
    expect([await importCount(), await lineCount()]).toEqual([imports, lines]);
  });

  it('a file overlapping an earlier one adds only its new movements, and says how many it left out', async () => {
    const first = `${HEADER}\n10/02/2032;DEPOSITO;700;;11,00;11,00\n11/02/2032;DEPOSITO;701;;12,00;23,00\n`;
    expect((await post('', { bank: 'Banco Dos', file_name: 'a.csv', content_base64: base64(first), mapping: MAPPING })).statusCode).toBe(201);
    const second = `${HEADER}\n11/02/2032;DEPOSITO;701;;12,00;23,00\n12/02/2032;DEPOSITO;702;;13,00;36,00\n`;
    const res = await post('', { bank: 'Banco Dos', file_name: 'b.csv', content_base64: base64(second), mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const imported = res.json() as StatementImport;
    expect(imported).toMatchObject({ credit_lines: 1, repeated_lines: 1 });
    expect(imported.lines.map((l) => l.reference)).toEqual(['702']);
  });

  it('two identical lines of one file are two movements, and both come back as repeated in a second file', async () => {
    const twins = `${HEADER}\n15/02/2032;DEPOSITO EFECTIVO;;;50,00;\n15/02/2032;DEPOSITO EFECTIVO;;;50,00;\n`;
    const res = await post('', { bank: 'Banco Tres', file_name: 'g.csv', content_base64: base64(twins), mapping: MAPPING });
    expect((res.json() as StatementImport).credit_lines).toBe(2);
    const res2 = await post('', { bank: 'Banco Tres', file_name: 'g2.csv', content_base64: base64(`${twins}16/02/2032;OTRO;;;51,00;\n`), mapping: MAPPING });
    expect(res2.json()).toMatchObject({ credit_lines: 1, repeated_lines: 2 });
  });

  it('one movement held by two imports (as imports made before this rule may be) confirms one donation, not two', async () => {
    const a = await pendingDeposit(31_400, '2032-03-01');
    const b = await pendingDeposit(31_400, '2032-03-01');
    const lineIn = async (fileName: string) => {
      const [imp] = await ctx.db
        .insert(bankStatementImports)
        .values({ bank: 'Banco Cuatro', fileName, sha256: fileName.padEnd(64, '0'), delimiter: ';', creditLines: 1, skippedLines: 0 })
        .returning();
      const [line] = await ctx.db
        .insert(bankStatementLines)
        .values({ importId: imp.id, lineNumber: 2, postedOn: '2032-03-02', description: 'DEPOSITO', reference: '900', creditCents: 31_400, movementKey: '2032-03-02|31400|900||1' })
        .returning();
      return { importId: imp.id, lineId: line.id };
    };
    const one = await lineIn('uno.csv');
    const two = await lineIn('dos.csv');
    expect((await post(`/${one.importId}/lines/${one.lineId}/confirm`, { donation_id: a.id })).statusCode).toBe(200);
    const replay = await post(`/${two.importId}/lines/${two.lineId}/confirm`, { donation_id: b.id });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().detail).toBe('Ese movimiento del banco ya confirmó una donación (en esta u otra importación). Un mismo crédito no puede aprobar dos donaciones.');
    const [still] = await ctx.db.select().from(donations).where(eq(donations.id, b.id));
    expect(still.status).toBe('pending');
  });
});

describe('a donation from an unmatched credit line', () => {
  it('records a completed bank deposit with the line amount and date and the donor typed by staff; the line is its match', async () => {
    const file = `${HEADER}\n20/04/2032;DEPOSITO EFECTIVO AGENCIA 3;880011;;321,09;9.321,09\n`;
    const imported = (await post('', { bank: 'Banco Cinco', file_name: 'abril.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    const line = imported.lines[0];
    expect(line.state).toBe('unmatched');

    const refused = await post(`/${imported.id}/lines/${line.id}/donation`, { donor_name: '', donor_email: 'no-es-correo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ donor_name: 'Escribe el nombre de quien depositó', donor_email: 'Escribe un correo válido, por ejemplo nombre@correo.com' });

    const res = await post(`/${imported.id}/lines/${line.id}/donation`, { donor_name: 'Marta Xol', donor_email: 'Marta.Xol@prueba.gt' });
    expect(res.statusCode).toBe(201);
    const after = (res.json() as StatementImport).lines[0];
    expect(after).toMatchObject({ state: 'confirmed', confirmed_donation: { donor_name: 'Marta Xol' } });
    const [donation] = await ctx.db.select().from(donations).where(eq(donations.id, after.confirmed_donation!.id));
    expect(donation).toMatchObject({ status: 'completed', amountCents: 32_109, paymentMethod: 'bank_deposit', donorEmail: 'marta.xol@prueba.gt', currency: 'GTQ' });
    expect(donation.receiptNumber).not.toBeNull();
    expect(donation.createdAt.toISOString()).toBe('2032-04-20T18:00:00.000Z');
    // Dated the day the bank credited it, the receipt too, not the day staff registered it.
    expect(donation.receivedOn).toBe('2032-04-20');
    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.donationId, donation.id));
    expect(guatemalaDay(receipt.donatedAt)).toBe('2032-04-20');

    // Once is all: the line (its movement) now belongs to that donation.
    const twice = await post(`/${imported.id}/lines/${line.id}/donation`, { donor_name: 'Otra Persona', donor_email: 'otra@prueba.gt' });
    expect(twice.statusCode).toBe(409);
  });

  it('needs a NIT or CUI from Q2,500, and never attaches the gift to a donor of another name', async () => {
    await make.donation(ctx.db, { donorName: 'Diego Ajeno', donorEmail: 'diego.linea@prueba.gt', donorNit: '576937-K', donorTaxIdKind: 'nit', status: 'completed' });
    const file = `${HEADER}\n21/04/2032;DEPOSITO EFECTIVO AGENCIA 4;880013;;5.000,00;5.000,00\n`;
    const imported = (await post('', { bank: 'Banco Cinco', file_name: 'abril-2.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    const url = `/${imported.id}/lines/${imported.lines[0].id}/donation`;
    const cf = await post(url, { donor_name: 'Marta Xol', donor_email: 'marta.nit@prueba.gt' });
    expect(cf.statusCode).toBe(400);
    expect(cf.json().errors).toEqual({ donor_nit: 'Para donaciones de Q2,500 o más se necesita el NIT o CUI del donante; CF no aplica' });
    const bad = await post(url, { donor_name: 'Marta Xol', donor_email: 'marta.nit@prueba.gt', donor_nit: '1234567-0' });
    expect(bad.json().errors).toEqual({ donor_nit: expect.stringMatching(/NIT/) });
    const short = await post(url, { donor_name: 'Marta Xol', donor_email: 'marta.nit@prueba.gt', donor_nit: 'CUI 1580 35224 010' });
    expect(short.json().errors).toEqual({ donor_nit: 'Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás' });
    const words = await post(url, { donor_name: 'Marta Xol', donor_email: 'marta.nit@prueba.gt', donor_nit: 'Consumidor final' });
    expect(words.json().errors).toEqual({ donor_nit: 'Para donaciones de Q2,500 o más se necesita el NIT o CUI del donante; CF no aplica' });
    const someoneElse = await post(url, { donor_name: 'Marta Xol', donor_email: 'marta.nit@prueba.gt', donor_nit: '576937-K' });
    expect(someoneElse.json().errors).toEqual({ donor_nit: 'Este NIT o CUI ya es de «Diego Ajeno», registrado con otro nombre: escribe ese nombre o revisa el número.' });
    const theirEmail = await post(url, { donor_name: 'Marta Xol', donor_email: 'DIEGO.linea@prueba.gt', donor_nit: '1234567-9' });
    expect(theirEmail.json().errors).toEqual({ donor_email: 'Este correo ya es de «Diego Ajeno», registrado con otro nombre: escribe ese nombre o revisa el correo.' });
    // Copied from an invoice with NIT: before it, kept as the number alone.
    const res = await post(url, { donor_name: 'Diego Ajeno', donor_email: 'diego.linea@prueba.gt', donor_nit: 'NIT: 576937K' });
    expect(res.statusCode).toBe(201);
    const [donation] = await ctx.db.select().from(donations).where(eq(donations.id, (res.json() as StatementImport).lines[0].confirmed_donation!.id));
    expect(donation).toMatchObject({ donorNit: '576937-K', donorTaxIdKind: 'nit', status: 'completed' });
  });

  it('is refused for a line that fits a pending deposit (it pays that one)', async () => {
    await pendingDeposit(45_600, '2032-05-02');
    const file = `${HEADER}\n03/05/2032;DEPOSITO;880012;;456,00;456,00\n`;
    const imported = (await post('', { bank: 'Banco Cinco', file_name: 'mayo.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    expect(imported.lines[0].state).toBe('proposed');
    const res = await post(`/${imported.id}/lines/${imported.lines[0].id}/donation`, { donor_name: 'Marta Xol', donor_email: 'marta@prueba.gt' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/coincide con un depósito pendiente/);
  });
});

describe('a year-end statement', () => {
  it('imports 10,000 credit lines in batches, stores the proposals, and opens them again', async () => {
    const deposit = await pendingDeposit(123_456, '2032-12-30');
    // Nine-digit document numbers: a six-digit one could be the digits of a pending deposit's random reference
    // (#MG0010xxxx reads as 10xxxx), which makes that line a near-miss by chance.
    const rows = Array.from({ length: 10_000 }, (_, i) => `31/12/2032;DEPOSITO ${i};${900_000_000 + i};;${i === 4_321 ? '1.234,56' : `${1 + (i % 97)},00`};`);
    const res = await post('', { bank: 'Banco Cierre', file_name: 'anual.csv', content_base64: base64(`${HEADER}\n${rows.join('\n')}\n`), mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const imported = res.json() as StatementImport;
    expect(imported.credit_lines).toBe(10_000);
    const proposed = imported.lines.find((l) => l.state === 'proposed');
    expect(proposed).toMatchObject({ line_number: 4_323, candidates: [expect.objectContaining({ donation_id: deposit.id, kind: 'match' })] });
    const stored = await ctx.db.select().from(bankStatementCandidates).where(eq(bankStatementCandidates.importId, imported.id));
    expect(stored).toContainEqual(expect.objectContaining({ donationId: deposit.id, position: 0, kind: 'match' }));

    const view = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/bank-statements/${imported.id}`, token: who.admin.token });
    expect(view.statusCode).toBe(200);
    // The view travels a page at a time: counts of every section, the first 50 lines of each.
    const opened = view.json() as StatementImport;
    expect(opened.counts).toMatchObject({ proposed: 1, near_miss: 0, unmatched: 9_999, confirmed: 0 });
    expect(opened.unmatched_deposits).toHaveLength(opened.counts.unmatched_deposits);
    expect(opened.unmatched_deposits.map((d) => d.donation_id)).not.toContain(deposit.id);
    expect(opened.page_size).toBe(50);
    expect(opened.lines.filter((l) => l.state === 'unmatched').map((l) => l.line_number)).toEqual(Array.from({ length: 50 }, (_, i) => 2 + i));
    expect(opened.lines.find((l) => l.state === 'proposed')).toMatchObject({ line_number: 4_323 });
    expect(opened.lines).toHaveLength(51);
    const last = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/bank-statements/${imported.id}?section=unmatched&page=200`, token: who.admin.token });
    expect(last.statusCode).toBe(200);
    expect((last.json() as StatementImport).lines.map((l) => l.line_number)).toEqual(Array.from({ length: 49 }, (_, i) => 9_953 + i));
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/bank-statements', token: who.admin.token })).json() as StatementImportList;
    expect(list.imports.find((i) => i.id === imported.id)).toMatchObject({ credit_lines: 10_000 });
  });
});

describe('the import view, a page at a time', () => {
  it('pages the pending deposits no line pays, oldest first, and refuses a page that is not a number', async () => {
    const made = [];
    for (let i = 0; i < 53; i++) made.push(await pendingDeposit(777_000 + i, '2033-03-01'));
    const file = `${HEADER}\n01/03/2033;DEPOSITO;990001;;1,00;\n`;
    const imported = (await post('', { bank: 'Banco Páginas', file_name: 'marzo.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    const get = (query: string) => inject(ctx.app, { method: 'GET', url: `/api/v1/admin/bank-statements/${imported.id}${query}`, token: who.admin.token });
    const total = imported.counts.unmatched_deposits;
    expect(total).toBeGreaterThanOrEqual(53);
    expect(imported.unmatched_deposits).toHaveLength(50);
    const lastPage = Math.ceil(total / 50);
    const last = (await get(`?section=deposits&page=${lastPage}`)).json() as StatementImport;
    expect(last.unmatched_deposits).toHaveLength(total - (lastPage - 1) * 50);
    expect(last.lines).toEqual([]);
    // Created the same day, in order: the newest ones close the last page.
    expect(last.unmatched_deposits.at(-1)?.donation_id).toBe(made.at(-1)?.id);
    const bad = await get('?section=deposits&page=dos');
    expect(bad.statusCode).toBe(400);
    const unknown = await get('?section=todas');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('stored proposals', () => {
  it('opening an import reads its stored proposals; they are worked out again only after the pending deposits change', async () => {
    const deposit = await pendingDeposit(88_800, '2034-02-01');
    const file = `${HEADER}\n02/02/2034;DEPOSITO;880001;;888,00;\n02/02/2034;DEPOSITO;880002;;999,00;\n`;
    const imported = (await post('', { bank: 'Banco Guardado', file_name: 'feb.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    const stored = async () =>
      // The rows' physical place: rewriting them (delete and insert again) moves it.
      (await ctx.db.select({ at: sql<string>`ctid::text` }).from(bankStatementCandidates).where(eq(bankStatementCandidates.importId, imported.id))).map((r) => r.at);
    const open = async () => (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/bank-statements/${imported.id}`, token: who.admin.token })).json() as StatementImport;
    const first = await stored();
    expect(first).toHaveLength(1);
    await open();
    await open();
    expect(await stored()).toEqual(first);
    // A new deposit that fits the second line: the next read works the proposals out again and offers it.
    const later = await pendingDeposit(99_900, '2034-02-02');
    const view = await open();
    expect(await stored()).not.toEqual(first);
    expect(view.lines.find((l) => l.line_number === 3)).toMatchObject({ state: 'proposed', candidates: [expect.objectContaining({ donation_id: later.id })] });
    expect(view.lines.find((l) => l.line_number === 2)).toMatchObject({ state: 'proposed', candidates: [expect.objectContaining({ donation_id: deposit.id })] });
  });
});
