// The "Donantes" console (docs/product.md#donors): search and filters, the donor's page, edit with
// Spanish validation, duplicates proposed, merged and undone with nothing lost, and the audited export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { DonorList, DonorPage, DuplicateProposal } from '@donaciones/shared/schemas/donors';
import { auditLog, donations, receipts } from '../../src/db/schema';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import { formatReceiptNumber } from '@donaciones/shared/format';
import { issueReceipt } from '../../src/domain/receipts/receipts';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let finance: Caller;
let sponsorship: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
  sponsorship = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
});
afterAll(() => ctx.close());

const get = <T>(url: string, token = admin.token) => inject(ctx.app, { url, token }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin.token) => inject(ctx.app, { method, url, token, payload: payload as never });
const donorIdOf = async (donationId: number) => (await ctx.db.select().from(donations).where(eq(donations.id, donationId)))[0].donorId!;

describe('search and filters', () => {
  it('finds a donor by name without accents, email, NIT, phone and a gift reference; filters by total and dates', async () => {
    const gift = await make.donation(ctx.db, {
      donorName: 'Lucía Pérez Xocop', donorEmail: 'lucia.xocop@correo.gt', donorNit: '576937K', donorTaxIdKind: 'nit',
      donorPhone: '+502 5123-4567', amount: 1500, createdAt: new Date('2024-05-10T15:00:00Z'),
    });
    await make.donation(ctx.db, { donorName: 'Mario Tuyuc', donorEmail: 'mario.tuyuc@correo.gt', amount: 20, createdAt: new Date('2025-01-10T15:00:00Z') });
    const id = await donorIdOf(gift.id);
    const receipt = await issueReceipt(ctx.db, gift.id, { email: false });
    const printed = formatReceiptNumber(receipt.number, receipt.series);
    // As the donor's page shows them: the NIT with its hyphen, a phone with its hyphen, the receipt with its series.
    for (const q of ['lucia perez', 'LUCÍA', 'xocop@correo', '576937', '576937-K', '5123', '5123-4567', gift.referenceCode, printed, printed.replace(/-0*/, '')]) {
      const { status, body } = await get<DonorList>(`/api/v1/admin/donors?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.items.map((d) => d.id), q).toEqual([id]);
    }
    const rich = await get<DonorList>('/api/v1/admin/donors?minTotal=1000');
    expect(rich.body.items.map((d) => d.id)).toEqual([id]);
    // The amount as staff type it: "Q1,000.00" is a thousand quetzales, "1,0" is refused.
    const typed = await get<DonorList>(`/api/v1/admin/donors?minTotal=${encodeURIComponent('Q1,000.00')}`);
    expect(typed.body.items.map((d) => d.id)).toEqual([id]);
    expect((await get(`/api/v1/admin/donors?minTotal=${encodeURIComponent('1,0')}`)).status).toBe(400);
    const recent = await get<DonorList>('/api/v1/admin/donors?firstFrom=2025-01-01');
    expect(recent.body.items.map((d) => d.name)).toContain('Mario Tuyuc');
    expect(recent.body.items.map((d) => d.id)).not.toContain(id);
    const bad = await get<{ detail: string }>('/api/v1/admin/donors?firstFrom=ayer');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/fecha/i);
  });

  it('pages by keyset with a next cursor', async () => {
    for (let i = 0; i < 55; i++) await make.donation(ctx.db, { donorName: `Página Donante ${String(i).padStart(2, '0')}`, donorEmail: `pagina${i}@correo.gt`, status: 'pending' });
    const first = await get<DonorList>('/api/v1/admin/donors?q=pagina');
    expect(first.body.items).toHaveLength(50);
    expect(first.body.total).toBe(55);
    const second = await get<DonorList>(`/api/v1/admin/donors?q=pagina&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([...first.body.items, ...second.body.items].map((d) => d.id)).size).toBe(55);
  });

  it('requires donors.read: a SPONSORSHIP user is refused with a Spanish message', async () => {
    const res = await get<{ detail: string }>('/api/v1/admin/donors', sponsorship.token);
    expect(res.status).toBe(403);
    expect((await get<DonorList>('/api/v1/admin/donors', finance.token)).status).toBe(200);
  });
});

describe('donor page and edit', () => {
  it('shows yearly totals, gifts, receipts and the edit in the timeline; refuses a bad NIT in Spanish', async () => {
    const a = await make.donation(ctx.db, { donorEmail: 'pagina.donante@correo.gt', amount: 100, createdAt: new Date('2024-03-01T15:00:00Z') });
    await make.donation(ctx.db, { donorEmail: 'pagina.donante@correo.gt', amount: 250, createdAt: new Date('2025-03-01T15:00:00Z') });
    const id = await donorIdOf(a.id);
    const page = await get<DonorPage>(`/api/v1/admin/donors/${id}`);
    expect(page.body.years).toEqual([{ year: 2025, totalCents: 25_000, count: 1 }, { year: 2024, totalCents: 10_000, count: 1 }]);
    expect(page.body.gifts).toHaveLength(2);
    expect(page.body.receipts).toHaveLength(2);
    // Each gift carries its receipt's series and number, as the receipts list does.
    const byNumber = new Map(page.body.receipts.map((r) => [r.number, r.series]));
    for (const gift of page.body.gifts) expect(gift.receiptSeries).toBe(byNumber.get(gift.receiptNumber!));
    expect(page.body.gifts.every((g) => g.receiptSeries !== null)).toBe(true);
    const body = {
      kind: 'company', name: 'Distribuidora El Quetzal, S.A.', contactPerson: 'Rosa Ajú', taxId: '576937-k',
      emails: ['pagina.donante@correo.gt', 'Compras@Quetzal.gt'], phones: ['+502 2222-3333'], address: 'Zona 10, Guatemala',
      consentEmail: true, consentWhatsapp: false, notes: 'Prefiere factura', tags: ['empresa'],
    };
    const wrong = await send('PUT', `/api/v1/admin/donors/${id}`, { ...body, taxId: '1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toBe('El NIT no es válido: revisa el dígito verificador');
    const short = await send('PUT', `/api/v1/admin/donors/${id}`, { ...body, taxId: '158035224010' });
    expect(short.json<{ detail: string }>().detail).toBe('Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás');
    // Copied from an invoice with NIT: before it: the number alone is kept.
    const copied = await send('PUT', `/api/v1/admin/donors/${id}`, { ...body, taxId: 'NIT: 576937-K' });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json()).toMatchObject({ taxId: '576937K', taxIdKind: 'nit' });
    const ok = await send('PUT', `/api/v1/admin/donors/${id}`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'company', taxId: '576937K', emails: ['pagina.donante@correo.gt', 'compras@quetzal.gt'], consentEmail: true, consentEmailSource: 'staff' });
    const after = await get<DonorPage>(`/api/v1/admin/donors/${id}`);
    // The timeline reads in Spanish: the gift's status by its label, the change by what happened.
    expect(after.body.timeline.some((t) => t.kind === 'change' && t.text.startsWith('Se editó el registro · '))).toBe(true);
    expect(after.body.timeline.filter((t) => t.kind === 'gift').map((t) => t.text.split(' · ')[1])).toEqual(['Completada', 'Completada']);
    expect(after.body.timeline.some((t) => /donor\.|\bpending\b|\bcompleted\b/.test(t.text))).toBe(false);
    expect((await send('PUT', `/api/v1/admin/donors/${id}`, body, sponsorship.token)).statusCode).toBe(403);
  });

  it("names the donor who holds an email and reports every field's error at once; the pair's merge preview opens", async () => {
    const a = await donorIdOf((await make.donation(ctx.db, { donorName: 'Ana Chen', donorEmail: 'ana.chen@correo.gt' })).id);
    const b = await donorIdOf((await make.donation(ctx.db, { donorName: 'Ana María Chen', donorEmail: 'amchen@correo.gt' })).id);
    const body = {
      kind: 'person', name: 'Ana Chen', contactPerson: null, taxId: '123', emails: ['ana.chen@correo.gt', 'AMChen@correo.gt'],
      phones: [], address: null, consentEmail: false, consentWhatsapp: false, notes: null, tags: [],
    };
    const res = await send('PUT', `/api/v1/admin/donors/${a}`, body, finance.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Ese correo ya pertenece a otro donante: propón una fusión en lugar de repetirlo.',
      errors: { taxId: 'El NIT no es válido: revisa el dígito verificador', emails: 'Ese correo ya pertenece a otro donante: propón una fusión en lugar de repetirlo.' },
      otherDonor: { id: b, name: 'Ana María Chen' },
    });
    const preview = await send('POST', '/api/v1/admin/donors/merge-preview', { survivorId: a, mergedId: b }, finance.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ survivor: { id: a }, merged: { id: b }, result: { emails: ['ana.chen@correo.gt', 'amchen@correo.gt'] } });
  });
});

describe('duplicates, merge and undo', () => {
  it('proposes same NIT and similar name with same phone; merges with a preview and undoes exactly', async () => {
    const x1 = await make.donation(ctx.db, { donorName: 'Cooperativa San Juan', donorEmail: 'coop.sj@correo.gt', amount: 500 });
    const y1 = await make.donation(ctx.db, { donorName: 'Cooperativa San Juan R.L.', donorEmail: 'tesoreria.sj@correo.gt', amount: 300 });
    await make.donation(ctx.db, { donorEmail: 'tesoreria.sj@correo.gt', amount: 200 });
    const x = await donorIdOf(x1.id);
    const y = await donorIdOf(y1.id);
    const phone = ['+502 7777-8888'];
    const base = { kind: 'company', contactPerson: null, taxId: null, address: null, consentEmail: false, consentWhatsapp: false, notes: null, tags: [] };
    const editX = await send('PUT', `/api/v1/admin/donors/${x}`, { ...base, name: 'Cooperativa San Juan', emails: ['coop.sj@correo.gt'], phones: phone, notes: 'Nota A', tags: ['rural'] });
    expect(editX.statusCode, editX.body).toBe(200);
    const editY = await send('PUT', `/api/v1/admin/donors/${y}`, { ...base, name: 'Cooperativa San Juan R.L.', emails: ['tesoreria.sj@correo.gt'], phones: ['77778888'], consentWhatsapp: true });
    expect(editY.statusCode, editY.body).toBe(200);
    const dups = await get<{ items: DuplicateProposal[] }>('/api/v1/admin/donors/duplicates');
    expect(dups.status, JSON.stringify(dups.body)).toBe(200);
    expect(dups.body.items.find((p) => p.a.id === x && p.b.id === y)?.reason, JSON.stringify(dups.body)).toBe('namePhone');

    const beforeX = (await get<DonorPage>(`/api/v1/admin/donors/${x}`)).body;
    const beforeY = (await get<DonorPage>(`/api/v1/admin/donors/${y}`)).body;
    const preview = await send('POST', '/api/v1/admin/donors/merge-preview', { survivorId: x, mergedId: y });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      moves: { gifts: 2, receipts: 2, voidedReceipts: 0, monthlyGifts: 0, others: [] },
      result: { emails: ['coop.sj@correo.gt', 'tesoreria.sj@correo.gt'], lifetimeCents: 100_000, consentWhatsapp: true, tags: ['rural'] },
    });
    const merged = await send('POST', '/api/v1/admin/donors/merge', { survivorId: x, mergedId: y });
    expect(merged.statusCode, merged.body).toBe(200);
    const { mergeId } = merged.json<{ mergeId: number }>();
    const afterX = (await get<DonorPage>(`/api/v1/admin/donors/${x}`)).body;
    expect(afterX.gifts).toHaveLength(3);
    expect(afterX.receipts).toHaveLength(3);
    expect(afterX.donor.lifetimeCents).toBe(100_000);
    // A new gift with the merged donor's email now lands on the donor kept.
    const later = await make.donation(ctx.db, { donorEmail: 'Tesoreria.SJ@correo.gt', status: 'pending' });
    expect(await donorIdOf(later.id)).toBe(x);
    const list = await get<DonorList>('/api/v1/admin/donors?q=cooperativa san juan');
    expect(list.body.items.map((d) => d.id)).toEqual([x]);
    expect((await send('POST', '/api/v1/admin/donors/merge', { survivorId: x, mergedId: y })).statusCode).toBe(409);

    const undone = await send('POST', `/api/v1/admin/donors/merges/${mergeId}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    const restoredX = (await get<DonorPage>(`/api/v1/admin/donors/${x}`)).body;
    const restoredY = (await get<DonorPage>(`/api/v1/admin/donors/${y}`)).body;
    expect(restoredY.donor).toEqual(beforeY.donor);
    expect({ ...restoredX.donor }).toEqual({ ...beforeX.donor });
    expect(restoredY.gifts.map((g) => g.id).sort()).toEqual(beforeY.gifts.map((g) => g.id).sort());
    expect(restoredX.gifts.map((g) => g.id).sort()).toEqual([...beforeX.gifts.map((g) => g.id), later.id].sort());
    const again = await send('POST', `/api/v1/admin/donors/merges/${mergeId}/undo`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe('Esa fusión ya fue deshecha.');
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'donor'), eq(auditLog.entityId, String(x))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['donor.merge', 'donor.merge_undo']));
    const receiptCount = await ctx.db.select().from(receipts).innerJoin(donations, eq(donations.id, receipts.donationId)).where(eq(donations.donorId, y));
    expect(receiptCount).toHaveLength(2);
  });
});

describe('the merge preview counts what the merge moves', () => {
  it('counts the completed gifts as gifts, as the donor does, and names the pending, failed and cancelled ones apart; all of them move', async () => {
    const email = 'lucia.ajú.duplicada@correo.gt';
    const kept = await donorIdOf((await make.donation(ctx.db, { donorName: 'Lucía Ajú', donorEmail: 'lucia.aju@correo.gt', amount: 100 })).id);
    const first = await make.donation(ctx.db, { donorName: 'Lucía Ajú', donorEmail: email, amount: 50 });
    const other = await donorIdOf(first.id);
    for (const status of ['failed', 'failed', 'pending', 'cancelled'] as const) await make.donation(ctx.db, { donorName: 'Lucía Ajú', donorEmail: email, amount: 75, status });
    const before = (await get<DonorPage>(`/api/v1/admin/donors/${other}`)).body;
    expect(before.donor.giftCount).toBe(1);
    expect(before.gifts).toHaveLength(5);

    const preview = await send('POST', '/api/v1/admin/donors/merge-preview', { survivorId: kept, mergedId: other });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().moves).toEqual({
      gifts: 1,
      receipts: 1,
      voidedReceipts: 0,
      monthlyGifts: 0,
      others: [{ status: 'pending', count: 1 }, { status: 'failed', count: 2 }, { status: 'cancelled', count: 1 }],
    });
    // The preview's number is the change in the kept donor's "N donaciones"; every donation moves.
    expect(preview.json().result.giftCount).toBe(2);
    expect((await send('POST', '/api/v1/admin/donors/merge', { survivorId: kept, mergedId: other })).statusCode).toBe(200);
    const after = (await get<DonorPage>(`/api/v1/admin/donors/${kept}`)).body;
    expect(after.donor.giftCount).toBe(2);
    expect(after.gifts).toHaveLength(6);
  });

  it('counts only the receipts in force as receipts, and the voided ones (a refund, "Anular") apart; all of them move', async () => {
    const email = 'mateo.cux.duplicado@correo.gt';
    const kept = await donorIdOf((await make.donation(ctx.db, { donorName: 'Mateo Cux', donorEmail: 'mateo.cux@correo.gt', amount: 100 })).id);
    const first = await make.donation(ctx.db, { donorName: 'Mateo Cux', donorEmail: email, amount: 50 });
    const other = await donorIdOf(first.id);
    // A refund voids its receipt; so does "Anular" of a gift received at the office.
    await make.donation(ctx.db, { donorName: 'Mateo Cux', donorEmail: email, amount: 80, status: 'refunded' });
    const cash = await make.donation(ctx.db, { donorName: 'Mateo Cux', donorEmail: email, amount: 120, paymentMethod: 'cash' });
    const voided = await send('POST', `/api/v1/admin/donations/${cash.id}/void`, { reason: 'Se registró dos veces' }, finance.token);
    expect(voided.statusCode, voided.body).toBe(200);
    const theirs = () => ctx.db.select({ id: receipts.id, voidedAt: receipts.voidedAt }).from(receipts).innerJoin(donations, eq(donations.id, receipts.donationId)).where(eq(donations.donorId, other));
    expect((await theirs()).filter((r) => r.voidedAt !== null)).toHaveLength(2);

    const preview = await send('POST', '/api/v1/admin/donors/merge-preview', { survivorId: kept, mergedId: other });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().moves).toEqual({
      gifts: 1,
      receipts: 1,
      voidedReceipts: 2,
      monthlyGifts: 0,
      others: [{ status: 'refunded', count: 1 }, { status: 'voided', count: 1 }],
    });
    const keptReceipts = (await get<DonorPage>(`/api/v1/admin/donors/${kept}`)).body.receipts.length;
    expect((await send('POST', '/api/v1/admin/donors/merge', { survivorId: kept, mergedId: other })).statusCode).toBe(200);
    expect(await theirs()).toHaveLength(0);
    expect((await get<DonorPage>(`/api/v1/admin/donors/${kept}`)).body.receipts).toHaveLength(keptReceipts + 3);
  });
});

describe('segment export', () => {
  it('exports the chosen columns as CSV and XLSX, never card data, and audits each export', async () => {
    await make.donation(ctx.db, { donorName: 'Exportada Chán', donorEmail: 'exportada@correo.gt', cardLast4: '4242', cardBrand: 'visa', paymentReference: 'pa_secreto', amount: 75 });
    const request = { q: 'exportada', format: 'csv', columns: ['name', 'emails', 'lifetime'] };
    const csv = await send('POST', '/api/v1/admin/donors/export', request);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe('\uFEFFNombre o razón social,Correos,Total donado (GTQ)\r\nExportada Chán,exportada@correo.gt,75.00\r\n');
    expect(csv.body).not.toMatch(/4242|visa|pa_secreto/);
    const xlsx = await send('POST', '/api/v1/admin/donors/export', { ...request, format: 'xlsx', columns: ['id', 'name', 'consentEmail'] });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.getWorksheet('Donantes')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Número', 'Nombre o razón social', 'Acepta correos']);
    expect(sheet.getRow(2).getCell(2).value).toBe('Exportada Chán');
    expect(sheet.rowCount).toBe(2);
    const bad = await send('POST', '/api/v1/admin/donors/export', { ...request, columns: ['cardLast4'] });
    expect(bad.statusCode).toBe(400);
    expect((await send('POST', '/api/v1/admin/donors/export', request, sponsorship.token)).statusCode).toBe(403);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'donor.export'));
    expect(audits).toHaveLength(2);
    expect(audits[0].details).toMatchObject({ format: 'csv', columns: ['name', 'emails', 'lifetime'], rows: 1 });
  });

  it('writes the first and last gift as days, as the screens do: a gift the office entered has no hour', async () => {
    await make.donation(ctx.db, { donorName: 'Fechada Día', donorEmail: 'fechada.dia@correo.gt', createdAt: new Date('2026-03-05T06:00:00Z'), receivedOn: '2026-03-05', amount: 80.5 });
    const csv = await send('POST', '/api/v1/admin/donors/export', { q: 'fechada.dia', format: 'csv', columns: ['name', 'lifetime', 'firstGiftAt', 'lastGiftAt'] });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n')[1]).toBe('Fechada Día,80.50,05/03/2026,05/03/2026');
    // In Excel they are date cells shown dd/mm/yyyy (the Guatemala day), so the sheet sorts and filters them as dates.
    await make.donation(ctx.db, { donorName: 'Fechada Dos', donorEmail: 'fechada.dos@correo.gt', createdAt: new Date('2025-12-31T23:30:00-06:00') });
    const xlsx = await send('POST', '/api/v1/admin/donors/export', { q: 'fechada', format: 'xlsx', columns: ['name', 'firstGiftAt', 'lastGiftAt'] });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.getWorksheet('Donantes')!;
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const byName = new Map(rows.map((row) => [row.getCell(1).value, [row.getCell(2).value, row.getCell(3).value]]));
    expect(byName).toEqual(
      new Map([
        ['Fechada Día', [new Date('2026-03-05T00:00:00Z'), new Date('2026-03-05T00:00:00Z')]],
        ['Fechada Dos', [new Date('2025-12-31T00:00:00Z'), new Date('2025-12-31T00:00:00Z')]],
      ]),
    );
    expect(rows[0].getCell(2).numFmt).toBe('dd/mm/yyyy');
  });
});
