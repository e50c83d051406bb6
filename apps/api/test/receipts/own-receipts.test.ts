import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { insertDonation, transitionDonation } from '../../src/domain/ledger/transitions';
import { guatemalaYearMonth } from '../../src/domain/giving/own-donations';
import { putSettings, getSettings } from '../../src/platform/settings';
import { createTestApp, createUser, inject, openSession, pdfPageCount, pdfText, type TestContext } from '../support/helpers';
import { monthsAgo } from '../support/member';
import * as make from '../support/factory';

type Account = { id: number; email: string; token: string };
let ctx: TestContext;
let ana: Account;
let beto: Account;
let admin: Account;
let newcomer: Account;
const thisYear = guatemalaYearMonth(new Date()).year;
const lastYear = thisYear - 1;
let anaDonations: Awaited<ReturnType<typeof make.donation>>[];
let betoDonation: Awaited<ReturnType<typeof make.donation>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const account = async (roles: ('ADMIN' | 'DONOR' | 'USER')[], firstName: string, lastName: string) => {
    const u = await createUser(ctx.db, { roles, firstName, lastName });
    return { id: u.id, email: u.email, token: (await openSession(ctx.app, ctx.db, u.id)).token };
  };
  ana = await account(['DONOR', 'USER'], 'Ana', 'Cifuentes');
  beto = await account(['DONOR', 'USER'], 'Beto', 'Ajú');
  admin = await account(['ADMIN'], 'Adela', 'Admin');
  newcomer = await account(['USER'], 'Nora', 'Nueva');
  await putSettings(ctx.db, 'organization', { ...(await getSettings(ctx.db, 'organization')), name: 'Fundación Prueba de Recibos' });

  const lastYearDate = new Date(Date.UTC(lastYear, 10, 15, 18));
  anaDonations = [
    await make.donation(ctx.db, { userId: ana.id, donorEmail: ana.email, donorName: 'Ana Cifuentes', amount: 185.5, donorNit: '576937-K', createdAt: monthsAgo(0) }),
    await make.donation(ctx.db, { userId: ana.id, donorEmail: ana.email, donorName: 'Ana Cifuentes', amount: 75, donationType: 'goods', description: 'Útiles escolares', createdAt: monthsAgo(0) }),
    await make.donation(ctx.db, { userId: ana.id, donorEmail: ana.email, donorName: 'Ana Cifuentes', amount: 1250, createdAt: lastYearDate }),
    await make.donation(ctx.db, { userId: ana.id, donorEmail: ana.email, donorName: 'Ana Cifuentes', amount: 35, status: 'pending', createdAt: monthsAgo(0) }),
    await make.donation(ctx.db, { userId: ana.id, donorEmail: ana.email, donorName: 'Ana Cifuentes', amount: 15, status: 'cancelled', createdAt: lastYearDate }),
  ];
  betoDonation = await make.donation(ctx.db, { userId: beto.id, donorEmail: beto.email, donorName: 'Beto Ajú', amount: 500, createdAt: new Date(Date.UTC(lastYear, 5, 1, 18)) });
});
afterAll(async () => ctx?.close());

const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });

describe('GET /users/me/donations', () => {
  it('lists only the caller’s donations, newest first, with paging', async () => {
    const res = await get('/users/me/donations', ana.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 5, limit: 20, offset: 0 });
    expect(body.donations).toHaveLength(5);
    expect(body.donations.every((d: { donor_email: string }) => d.donor_email === ana.email)).toBe(true);
    expect(body.donations.map((d: { id: number }) => d.id)).not.toContain(betoDonation.id);

    const page = (await get('/users/me/donations?limit=2&offset=2', ana.token)).json();
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 2 });
    expect(page.donations.map((d: { id: number }) => d.id)).toEqual(body.donations.slice(2, 4).map((d: { id: number }) => d.id));
  });

  it('filters by status and shows receipt numbers of completed donations', async () => {
    const body = (await get('/users/me/donations?status=completed', ana.token)).json();
    expect(body.total).toBe(3);
    expect(body.donations.every((d: { receipt_number: number | null }) => typeof d.receipt_number === 'number')).toBe(true);
    expect(body.donations.every((d: { receipt_series: string | null }) => d.receipt_series === 'A')).toBe(true);
    const pending = (await get('/users/me/donations?status=pending', ana.token)).json();
    expect(pending.donations).toEqual([expect.objectContaining({ amount: 35, status: 'pending', receipt_number: null, receipt_series: null })]);
  });

  it('refuses bad paging and needs a session', async () => {
    expect((await get('/users/me/donations?limit=0', ana.token)).statusCode).toBe(400);
    expect((await get('/users/me/donations?offset=-1', ana.token)).statusCode).toBe(400);
    expect((await get('/users/me/donations?status=robada', ana.token)).statusCode).toBe(400);
    expect((await get('/users/me/donations')).statusCode).toBe(401);
  });

  it('is empty for a new account', async () => {
    expect((await get('/users/me/donations', newcomer.token)).json()).toEqual({ donations: [], total: 0, limit: 20, offset: 0 });
  });
});

describe('GET /users/me/history', () => {
  it('groups own donations by year and month with totals of what was given', async () => {
    const res = await get('/users/me/history', ana.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_amount: 1510.5, donations_count: 5, completed_count: 3 });
    expect(body.years.map((y: { year: number }) => y.year)).toEqual([thisYear, lastYear]);
    const [current, previous] = body.years;
    expect(current).toMatchObject({ total_amount: 260.5, donations_count: 3, completed_count: 2 });
    expect(current.months).toHaveLength(1);
    expect(current.months[0]).toMatchObject({ month: guatemalaYearMonth(new Date()).month, total_amount: 260.5, donations_count: 3 });
    expect(previous).toMatchObject({ total_amount: 1250, donations_count: 2, completed_count: 1 });
    expect(previous.months).toEqual([expect.objectContaining({ month: 11, total_amount: 1250, donations_count: 2, completed_count: 1 })]);
    expect(previous.months[0].donations.map((d: { status: string }) => d.status).sort()).toEqual(['cancelled', 'completed']);
  });

  it('is empty for a new account and needs a session', async () => {
    expect((await get('/users/me/history', newcomer.token)).json()).toEqual({ total_amount: 0, donations_count: 0, completed_count: 0, years: [], next_cursor: null });
    expect((await get('/users/me/history')).statusCode).toBe(401);
  });
});

describe('GET /users/me/receipts', () => {
  it('lists completed donations with their receipt numbers and the years with a statement', async () => {
    const res = await get('/users/me/receipts', ana.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.receipts).toHaveLength(3);
    expect(body.receipts.map((r: { donation_id: number }) => r.donation_id).sort()).toEqual([anaDonations[0].id, anaDonations[1].id, anaDonations[2].id].sort());
    expect(body.receipts[0]).toMatchObject({ receipt_number: expect.any(Number), receipt_series: 'A', reference_code: expect.stringMatching(/^#MG\d{8}$/) });
    expect(body.years).toEqual([
      { year: thisYear, total_amount: 260.5, receipts_count: 2 },
      { year: lastYear, total_amount: 1250, receipts_count: 1 },
    ]);
    expect((await get('/users/me/receipts', newcomer.token)).json()).toEqual({ receipts: [], years: [], next_cursor: null });
    expect((await get('/users/me/receipts')).statusCode).toBe(401);
  });
});

describe('GET /receipts/{donationId}.pdf', () => {
  it('downloads the owner’s receipt as a PDF attachment with every required detail', async () => {
    const d = anaDonations[0];
    const res = await get(`/receipts/${d.id}.pdf`, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="constancia-${formatReceiptNumber(d.receiptNumber as number, 'A')}.pdf"`);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Fundación Prueba de Recibos');
    expect(text).toContain('Constancia de donación');
    expect(text).toContain(d.referenceCode);
    expect(text).toContain(formatReceiptNumber(d.receiptNumber as number));
    expect(text).toContain(formatMoney(185.5).replace(/\s/g, ' '));
    expect(text).toContain('Ciento ochenta y cinco quetzales con cincuenta centavos');
    expect(text).toContain('Ana Cifuentes');
    expect(text).toContain('576937-K');
    // One page, numbered, with no blank page after it.
    expect(await pdfPageCount(res.rawPayload)).toBe(1);
    expect(text).toContain('Página 1 de 1');
  });

  it('prints CF when no NIT was given, and the description of goods', async () => {
    const text = await pdfText((await get(`/receipts/${anaDonations[1].id}.pdf`, ana.token)).rawPayload);
    expect(text).toContain('CF (consumidor final)');
    expect(text).toContain('En especie (bienes)');
    expect(text).toContain('Útiles escolares');
    expect(text).toContain('Setenta y cinco quetzales exactos');
  });

  it('never lets another account download it, and answers as if it did not exist', async () => {
    const res = await get(`/receipts/${anaDonations[0].id}.pdf`, beto.token);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ detail: 'Recibo no encontrado' });
    expect((await get(`/receipts/${betoDonation.id}.pdf`, ana.token)).statusCode).toBe(404);
    expect((await get(`/receipts/${anaDonations[0].id}.pdf`, newcomer.token)).statusCode).toBe(404);
    expect((await get('/receipts/999999.pdf', ana.token)).json()).toEqual({ detail: 'Recibo no encontrado' });
  });

  it('lets an ADMIN download any receipt', async () => {
    const res = await get(`/receipts/${betoDonation.id}.pdf`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(betoDonation.referenceCode);
  });

  it('has no receipt for a donation that is not completed', async () => {
    const res = await get(`/receipts/${anaDonations[3].id}.pdf`, ana.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Esta donación aún no tiene recibo: solo las donaciones completadas lo tienen.');
  });

  it('refuses bad ids and anonymous callers', async () => {
    expect((await get('/receipts/abc.pdf', ana.token)).statusCode).toBe(400);
    expect((await get('/receipts/0.pdf', ana.token)).statusCode).toBe(400);
    expect((await get('/receipts/99999999999.pdf', ana.token)).statusCode).toBe(400);
    expect((await get(`/receipts/${anaDonations[0].id}.pdf`)).statusCode).toBe(401);
  });

  it('gives a donation completed through the ledger a permanent receipt number of the verified account', async () => {
    const pending = await insertDonation(ctx.db, {
      donorName: 'Ana Cifuentes',
      donorEmail: ana.email,
      amountCents: 2_100,
      donationType: 'monetary',
      source: 'public',
      cardLast4: '4242',
    });
    const done = await transitionDonation(ctx.db, { id: pending.id, action: 'approve', actor: { id: admin.id, email: admin.email } });
    expect(done.receiptNumber).not.toBeNull();
    const listed = (await get('/users/me/receipts', ana.token)).json().receipts;
    expect(listed.find((r: { donation_id: number }) => r.donation_id === pending.id)).toMatchObject({ receipt_number: done.receiptNumber, amount: 21 });

    const first = await pdfText((await get(`/receipts/${pending.id}.pdf`, ana.token)).rawPayload);
    // Another completion later does not change this receipt's number.
    const later = await insertDonation(ctx.db, { donorName: 'Ana', donorEmail: ana.email, amountCents: 500, donationType: 'monetary', source: 'public' });
    await transitionDonation(ctx.db, { id: later.id, action: 'approve', actor: null });
    const second = await pdfText((await get(`/receipts/${pending.id}.pdf`, ana.token)).rawPayload);
    expect(first).toContain(formatReceiptNumber(done.receiptNumber as number));
    expect(second).toContain(formatReceiptNumber(done.receiptNumber as number));
    expect(first).toContain('Veintiún quetzales exactos');
  });
});

describe('GET /receipts/statement/{year}.pdf', () => {
  it('lists the year’s completed donations with the total in figures and words', async () => {
    const res = await get(`/receipts/statement/${lastYear}.pdf`, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="constancia-donaciones-${lastYear}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Constancia anual de donaciones ${lastYear}`);
    expect(text).toContain(anaDonations[2].referenceCode);
    expect(text).not.toContain(anaDonations[0].referenceCode);
    expect(text).not.toContain(anaDonations[4].referenceCode);
    expect(text).toContain(formatMoney(1250).replace(/\s/g, ' '));
    expect(text).toContain('Mil doscientos cincuenta quetzales exactos');
    expect(text).not.toContain(betoDonation.referenceCode);
  });

  it('includes every completed donation of the current year', async () => {
    const text = await pdfText((await get(`/receipts/statement/${thisYear}.pdf`, ana.token)).rawPayload);
    expect(text).toContain(anaDonations[0].referenceCode);
    expect(text).toContain(anaDonations[1].referenceCode);
    expect(text).not.toContain(anaDonations[3].referenceCode);
  });

  it('is only the caller’s own, unless an ADMIN asks for someone', async () => {
    const res = await get(`/receipts/statement/${lastYear}.pdf?user_id=${ana.id}`, beto.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Solo un administrador puede descargar la constancia de otra persona.');
    const own = await pdfText((await get(`/receipts/statement/${lastYear}.pdf?user_id=${beto.id}`, beto.token)).rawPayload);
    expect(own).toContain(betoDonation.referenceCode);
    expect(own).not.toContain(anaDonations[2].referenceCode);
    const byAdmin = await get(`/receipts/statement/${lastYear}.pdf?user_id=${ana.id}`, admin.token);
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toContain(anaDonations[2].referenceCode);
  });

  it('runs over several pages for a long year, numbering every page', async () => {
    const many = await createUser(ctx.db, { roles: ['DONOR'] });
    const { token } = await openSession(ctx.app, ctx.db, many.id);
    const refs: string[] = [];
    for (let i = 0; i < 45; i++) {
      const d = await make.donation(ctx.db, { userId: many.id, donorEmail: many.email, amount: 10 + i, createdAt: new Date(Date.UTC(lastYear, i % 12, 1 + (i % 27), 18)) });
      refs.push(d.referenceCode);
    }
    const res = await get(`/receipts/statement/${lastYear}.pdf`, token);
    expect(res.statusCode).toBe(200);
    const pages = await pdfPageCount(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(res.rawPayload);
    for (const ref of refs) expect(text).toContain(ref);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).not.toContain(`Página ${pages + 1}`);
    // 45 donations of Q10 to Q54: Q1,440.
    expect(text).toContain('Mil cuatrocientos cuarenta quetzales exactos');
  });

  it('answers 404 for a year without donations and 400 for a nonsense year', async () => {
    const empty = await get(`/receipts/statement/${lastYear - 5}.pdf`, ana.token);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().detail).toBe(`No hay donaciones completadas en ${lastYear - 5}.`);
    expect((await get(`/receipts/statement/${thisYear}.pdf`, newcomer.token)).statusCode).toBe(404);
    expect((await get('/receipts/statement/1899.pdf', ana.token)).statusCode).toBe(400);
    expect((await get('/receipts/statement/dosmil.pdf', ana.token)).statusCode).toBe(400);
    expect((await get(`/receipts/statement/${thisYear}.pdf`)).statusCode).toBe(401);
  });
});
