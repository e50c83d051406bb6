// Bank reconciliation through the API (docs/product.md#bank-deposits): importing a movement file with a
// column mapping saved per bank, the proposals (match, near-misses, nothing), one-click confirmation
// that approves the deposit (audited, the donor emailed over SMTP), and the Spanish refusals of bad files.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatementImport, StatementImportList, StatementPreview } from '@donaciones/shared/schemas/bank-statements';
import { auditLog, bankStatementLines, donationAttachments, donations, emailOutbox, users } from '../../src/db/schema';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { smtpTransport } from '../../src/platform/mailer';
import { guatemalaDay } from '@donaciones/shared/format';
import { callers } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Fundación <no-responder@prueba.gt>' } });
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
afterEach(async () => {
  smtp.received.length = 0;
  await ctx.db.delete(emailOutbox);
});

/** Undoes quoted-printable line folding and escapes, as a mail client would. */
const decode = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const day = (iso: string) => new Date(`${iso}T16:00:00Z`);

let bankCounter = 0;
const newBank = () => `Banco de Prueba ${++bankCounter}`;

const MAPPING = { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' };
const HEADER = 'Fecha;Descripción;No. Documento;Débito;Crédito;Saldo';

async function pendingDeposit(amountCents: number, createdOn: string, email = `deposito.${amountCents}.${createdOn}@prueba.gt`) {
  return make.donation(ctx.db, { amountCents, status: 'pending', paymentMethod: 'bank_deposit', createdAt: day(createdOn), donorEmail: email, donorName: 'Lucía Pérez' });
}

function post(url: string, payload: unknown, token = who.admin.token) {
  return inject(ctx.app, { method: 'POST', url: `/api/v1/admin/bank-statements${url}`, token, payload: payload as never });
}

describe('importing a statement and confirming a match', () => {
  it('proposes the match, shows near-misses and unmatched lines, and confirms with one click', async () => {
    // Dates far from the other tests' deposits, so only these fit.
    const matching = await pendingDeposit(125_000, '2031-03-01');
    const farAway = await pendingDeposit(33_300, '2031-03-01');
    const named = await pendingDeposit(44_400, '2031-03-02');
    const untouched = await pendingDeposit(98_700, '2031-03-01');
    const cardDonation = await make.donation(ctx.db, { amountCents: 55_500, status: 'pending', createdAt: day('2031-03-02') });
    const ref = named.referenceCode.slice(1);
    const file =
      'Estado de cuenta;Cuenta 123-456\n\n' +
      `${HEADER}\n` +
      `03/03/2031;DEPOSITO EFECTIVO;000123;;1.250,00;10.250,00\n` +
      `20/03/2031;DEPOSITO AGENCIA;000124;;333,00;10.583,00\n` +
      `04/03/2031;DEP ${ref};000125;;440,00;11.023,00\n` +
      `04/03/2031;PAGO PROVEEDOR;000126;200,00;;10.823,00\n` +
      `05/03/2031;TRANSFERENCIA ACH;000127;;555,00;11.378,00\n`;
    const bank = newBank();

    const preview = await post('/preview', { bank, file_name: 'marzo.csv', content_base64: base64(file) });
    expect(preview.statusCode).toBe(200);
    const p = preview.json() as StatementPreview;
    expect(p.headers).toEqual(['Fecha', 'Descripción', 'No. Documento', 'Débito', 'Crédito', 'Saldo']);
    expect(p.header_line).toBe(3);
    expect(p.rows[0]).toEqual(['03/03/2031', 'DEPOSITO EFECTIVO', '000123', '', '1.250,00', '10.250,00']);
    expect(p.saved_mapping).toBeNull();
    expect(p.suggested_mapping).toEqual(MAPPING);

    const res = await post('', { bank, file_name: 'marzo.csv', content_base64: base64(file), mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const imported = res.json() as StatementImport;
    expect(imported.credit_lines).toBe(4);
    expect(imported.skipped_lines).toBe(1);
    const byLine = new Map(imported.lines.map((l) => [l.line_number, l]));
    expect(byLine.get(4)).toMatchObject({ state: 'proposed', amount: 1250, posted_on: '2031-03-03' });
    expect(byLine.get(4)?.candidates[0]).toMatchObject({ donation_id: matching.id, kind: 'match', day_distance: 2 });
    expect(byLine.get(5)).toMatchObject({ state: 'near_miss' });
    expect(byLine.get(5)?.candidates).toEqual([expect.objectContaining({ donation_id: farAway.id, kind: 'outside_window' })]);
    expect(byLine.get(6)).toMatchObject({ state: 'near_miss' });
    expect(byLine.get(6)?.candidates).toEqual([expect.objectContaining({ donation_id: named.id, kind: 'amount_differs', reference_found: true })]);
    // A card donation of the same amount is not a deposit: nothing is proposed for it.
    expect(byLine.get(8)).toMatchObject({ state: 'unmatched', candidates: [] });
    const unmatched = imported.unmatched_deposits.map((d) => d.donation_id);
    expect(unmatched).toEqual(expect.arrayContaining([farAway.id, named.id, untouched.id]));
    expect(unmatched).not.toContain(matching.id);
    expect(unmatched).not.toContain(cardDonation.id);
    // Stored with the match state of the import.
    const stored = await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.importId, imported.id));
    expect(stored.map((l) => l.matchState).sort()).toEqual(['near_miss', 'near_miss', 'proposed', 'unmatched']);

    // Nothing was confirmed by the import itself.
    const [before] = await ctx.db.select().from(donations).where(eq(donations.id, matching.id));
    expect(before.status).toBe('pending');

    // A near-miss is never confirmed, even by a direct call.
    const line5 = byLine.get(5)!;
    const refused = await post(`/${imported.id}/lines/${line5.id}/confirm`, { donation_id: farAway.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/ya no coincide/);

    const line4 = byLine.get(4)!;
    // A donation number past the database's integer names no donation: refused with the field's message (was a 500).
    const tooLarge = await post(`/${imported.id}/lines/${line4.id}/confirm`, { donation_id: 2_147_483_648 });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toHaveProperty('donation_id');
    const confirmed = await post(`/${imported.id}/lines/${line4.id}/confirm`, { donation_id: matching.id });
    expect(confirmed.statusCode).toBe(200);
    const after = confirmed.json() as StatementImport;
    expect(after.lines.find((l) => l.id === line4.id)).toMatchObject({
      state: 'confirmed',
      confirmed_donation: { id: matching.id, reference_code: matching.referenceCode },
      candidates: [],
    });
    const [approved] = await ctx.db.select().from(donations).where(eq(donations.id, matching.id));
    expect(approved.status).toBe('completed');
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, who.admin.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['bank_statement.import', 'donation.approve', 'bank_statement.confirm']));

    // The donor's deposit email, delivered over SMTP.
    await deliverDueEmails(ctx.app, smtpTransport(ctx.config.smtpUrl!, ctx.config.mailFrom));
    const body = smtp.received
      .filter((m) => m.to.includes(matching.donorEmail))
      .map((m) => decode(m.raw))
      .find((b) => b.includes('X-Template: deposit-approved'));
    expect(body).toBeDefined();
    expect(body).toContain('Encontramos en nuestra cuenta tu depósito de Q1,250.00');
    expect(body).toContain(matching.referenceCode);

    // Twice is refused and changes nothing.
    const again = await post(`/${imported.id}/lines/${line4.id}/confirm`, { donation_id: matching.id });
    expect(again.statusCode).toBe(409);
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/bank-statements', token: who.admin.token })).json() as StatementImportList;
    expect(list.imports.find((i) => i.id === imported.id)).toMatchObject({ credit_lines: 4, confirmed_lines: 1, bank });
    expect(list.banks).toContain(bank);
  });

  it('counts the window from the date the donor declared on the slip, and finds the slip number', async () => {
    const deposit = await pendingDeposit(61_000, '2031-06-01');
    await ctx.db.insert(donationAttachments).values({
      donationId: deposit.id,
      fileName: 'boleta.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 3,
      sha256: 'a'.repeat(64),
      data: Buffer.from([0xff, 0xd8, 0xff]),
      bank: 'Banco Industrial',
      depositDate: '2031-06-20',
      slipNumber: '0778899',
      declaredAmountCents: 61_000,
    });
    const file = `${HEADER}\n21/06/2031;DEPOSITO AGENCIA ZONA 1;778899;;610,00;610,00\n`;
    const res = await post('', { bank: newBank(), file_name: 'junio.csv', content_base64: base64(file), mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const [line] = (res.json() as StatementImport).lines;
    expect(line.state).toBe('proposed');
    expect(line.candidates[0]).toMatchObject({
      donation_id: deposit.id,
      kind: 'match',
      reference_found: true,
      day_distance: 1,
      declared_date: '2031-06-20',
      slip_number: '0778899',
      payment_method: 'bank_deposit',
    });
  });

  it('says which deposits are known by their day alone (entered by the office), so no hour is shown for them', async () => {
    const entered = await make.donation(ctx.db, { amountCents: 64_000, status: 'pending', paymentMethod: 'bank_deposit', createdAt: new Date('2031-08-20T06:00:00Z'), receivedOn: '2031-08-20', donorEmail: 'oficina.deposito@prueba.gt' });
    const online = await pendingDeposit(64_100, '2031-08-20');
    const file = `${HEADER}\n21/08/2031;DEPOSITO EFECTIVO;5566;;640,00;640,00\n21/08/2031;DEPOSITO AGENCIA;5567;;641,00;1.281,00\n`;
    const res = await post('', { bank: newBank(), file_name: 'agosto.csv', content_base64: base64(file), mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const shown = (res.json() as StatementImport).lines.flatMap((l) => l.candidates);
    expect(shown.find((c) => c.donation_id === entered.id)?.dated_by_day).toBe(true);
    expect(shown.find((c) => c.donation_id === online.id)?.dated_by_day).toBe(false);
  });

  it("finds a deposit the office entered by the bank reference typed with it, as a donor's slip number", async () => {
    const today = guatemalaDay(new Date());
    // A donor's deposit of the same amount and day, older, which would win the tie without the reference.
    const online = await pendingDeposit(73_130, today);
    const entered = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/gifts',
      token: who.admin.token,
      payload: { receivedOn: today, currency: 'GTQ', donorName: 'Marta Chen', donorEmail: 'marta.oficina@prueba.gt', method: 'deposit', reference: 'BI-0091827364', amount: 731.3 },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const [d, m, y] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
    const file = `${HEADER}\n${d}/${m}/${y};DEPOSITO AGENCIA CENTRAL;91827364;;731,30;731,30\n`;
    const res = await post('', { bank: newBank(), file_name: 'oficina.csv', content_base64: base64(file), mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(201);
    const [line] = (res.json() as StatementImport).lines;
    expect(line.state).toBe('proposed');
    expect(line.candidates[0]).toMatchObject({ donation_id: entered.json().id, kind: 'match', reference_found: true, dated_by_day: true });
    expect(line.candidates.find((c) => c.donation_id === online.id)).toMatchObject({ kind: 'match', reference_found: false });

    // The review queue says the office entered it, who, and with which reference: no donor slip is awaited.
    const [staff] = await ctx.db.select().from(users).where(eq(users.id, who.admin.id));
    const queue = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations?pendingDeposits=true&limit=100', token: who.admin.token });
    const rows = queue.json().donations as { id: number; office_entry: unknown; deposit: unknown }[];
    expect(rows.find((r) => r.id === entered.json().id)).toMatchObject({ deposit: null, office_entry: { entered_by: `${staff.firstName} ${staff.lastName}`.trim(), reference: 'BI-0091827364' } });
    expect(rows.find((r) => r.id === online.id)).toMatchObject({ office_entry: null });
    const page = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${entered.json().id}/review`, token: who.admin.token });
    expect(page.json().donation.office_entry).toMatchObject({ reference: 'BI-0091827364' });
  });

  it('finds it too when staff typed the bank reference in groups of digits, as it is read off a slip', async () => {
    const today = guatemalaDay(new Date());
    const online = await pendingDeposit(73_245, today);
    const entered = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/gifts',
      token: who.admin.token,
      payload: { receivedOn: today, currency: 'GTQ', donorName: 'Rosa Tuyuc', donorEmail: 'rosa.oficina@prueba.gt', method: 'deposit', reference: 'BI 918 273 65', amount: 732.45 },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const [d, m, y] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
    const file = `${HEADER}\n${d}/${m}/${y};DEPOSITO AGENCIA CENTRAL;91827365;;732,45;732,45\n`;
    const res = await post('', { bank: newBank(), file_name: 'grupos.csv', content_base64: base64(file), mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(201);
    const [line] = (res.json() as StatementImport).lines;
    expect(line.state).toBe('proposed');
    expect(line.candidates[0]).toMatchObject({ donation_id: entered.json().id, kind: 'match', reference_found: true });
    expect(line.candidates.find((c) => c.donation_id === online.id)).toMatchObject({ reference_found: false });
  });

  it('saves the mapping for the bank and reuses it for the next file', async () => {
    const bank = newBank();
    const first = `${HEADER}\n01/04/2031;DEPOSITO;1;;100,00;100,00\n`;
    expect((await post('', { bank, file_name: 'a.csv', content_base64: base64(first), mapping: MAPPING })).statusCode).toBe(201);

    const deposit = await pendingDeposit(76_500, '2031-04-10');
    const second = `${HEADER}\n11/04/2031;DEP ${deposit.referenceCode};2;;765,00;865,00\n`;
    const preview = (await post('/preview', { bank, file_name: 'b.csv', content_base64: base64(second) })).json() as StatementPreview;
    expect(preview.saved_mapping).toEqual(MAPPING);
    const res = await post('', { bank, file_name: 'b.csv', content_base64: base64(second) });
    expect(res.statusCode).toBe(201);
    const line = (res.json() as StatementImport).lines[0];
    expect(line).toMatchObject({ state: 'proposed', line_number: 2 });
    expect(line.candidates[0]).toMatchObject({ donation_id: deposit.id, kind: 'match', reference_found: true, day_distance: 1 });

    // Another bank has no saved mapping.
    const other = await post('', { bank: newBank(), file_name: 'c.csv', content_base64: base64(second) });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe('Elige qué columna es la fecha, la descripción y el crédito antes de importar.');
  });
});

describe('bad files are refused in Spanish, and nothing is imported', () => {
  it.each([
    ['an Excel file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]).toString('base64'), /Es un archivo de Excel/],
    ['an empty file (chosen, with no bytes: not "Elige el archivo")', '', /^El archivo está vacío/],
    ['an image', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]).toString('base64'), /no es un CSV/],
    ['a header only', base64(`${HEADER}\n`), /no tiene movimientos/],
    ['a missing column', base64('Fecha;Concepto;Monto\n01/03/2031;x;10,00\n'), /no tiene la columna «Descripción» elegida como descripción/],
    ['an unreadable date', base64(`${HEADER}\n01/03/2031;a;1;;10,00;10,00\n2031/13/45;b;2;;20,00;30,00\n`), /^Línea 3: no entendemos la fecha «2031\/13\/45»/],
    ['an unreadable amount', base64(`${HEADER}\n01/03/2031;a;1;;10,00;10,00\n02/03/2031;b;2;;veinte;30,00\n`), /^Línea 3: no entendemos el monto «veinte»/],
  ])('%s', async (_label, content, message) => {
    const bank = newBank();
    const res = await post('', { bank, file_name: 'malo.csv', content_base64: content, mapping: MAPPING });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(message);
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/bank-statements', token: who.admin.token })).json() as StatementImportList;
    expect(list.imports.some((i) => i.bank === bank)).toBe(false);
    expect(list.banks).not.toContain(bank);
  });

  it('a request without a file or bank names the field', async () => {
    const res = await post('', { bank: '', file_name: 'x.csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ bank: 'Escribe el nombre del banco', content_base64: 'Elige el archivo de movimientos (CSV)' });
  });

  it('an unknown import or line is 404', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/bank-statements/999999', token: who.admin.token })).statusCode).toBe(404);
    expect((await post('/999999/lines/1/confirm', { donation_id: 1 })).statusCode).toBe(404);
  });

  it('a line confirmed only for a deposit: approving it elsewhere first leaves the line unconfirmable', async () => {
    const deposit = await pendingDeposit(12_300, '2031-05-01');
    const bank = newBank();
    const file = `${HEADER}\n02/05/2031;DEPOSITO;1;;123,00;123,00\n`;
    const imported = (await post('', { bank, file_name: 'm.csv', content_base64: base64(file), mapping: MAPPING })).json() as StatementImport;
    expect(imported.lines[0].state).toBe('proposed');
    const approve = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${deposit.id}/approve`, token: who.admin.token, payload: {} });
    expect(approve.statusCode).toBe(200);
    const res = await post(`/${imported.id}/lines/${imported.lines[0].id}/confirm`, { donation_id: deposit.id });
    expect(res.statusCode).toBe(409);
    const [line] = await ctx.db
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.importId, imported.id), eq(bankStatementLines.matchState, 'confirmed')));
    expect(line).toBeUndefined();
    const view = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/bank-statements/${imported.id}`, token: who.admin.token })).json() as StatementImport;
    expect(view.lines[0]).toMatchObject({ state: 'unmatched', candidates: [] });
  });
});
