// Analytics and exports on a controlled ledger: every figure is compared with sums done by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { formatCents, formatDecimal, formatMoney, formatPercent, guatemalaDay, SPREADSHEET_SIGNED_PERCENT_FORMAT } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { designationMessages } from '@donaciones/shared/messages/designation';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { donations, users } from '../../src/db/schema';
import { computeAnalytics } from '../../src/domain/reporting/analytics';
import { reportCsv, reportPdf, reportXlsx } from '../../src/domain/reporting/exports';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, createUser, inject, pdfText, type TestContext } from '../support/helpers';
import { parseCsv } from '../support/csv';
import * as make from '../support/factory';

const r = adminMessages.reports;
let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

/** A wall-clock time in Guatemala (UTC-6, no daylight saving time) as an instant. */
const gt = (local: string) => new Date(`${local}-06:00`);
/** "Today" of the controlled dataset: Saturday 15 March 2025, noon in Guatemala. */
const NOW = gt('2025-03-15T12:00:00');

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
  const add = (amountCents: number, local: string, extra: Parameters<typeof make.donation>[1] extends infer T ? Partial<T> : never = {}) =>
    make.donation(ctx.db, { amountCents, createdAt: gt(local), ...extra });
  await add(10_000, '2025-03-15T08:00:00', { donorName: 'Ana Pérez', donorEmail: 'ana@correo.gt' });
  await add(5_025, '2025-03-09T00:30:00', { donorName: 'Bruno Castillo', donorEmail: 'bruno@correo.gt' });
  // 05:30 UTC on the 9th is still the 8th in Guatemala: outside the week, inside the month.
  await add(99_999, '2025-03-08T23:30:00', { donorName: 'Carla Juárez', donorEmail: 'carla@correo.gt' });
  await add(7_500, '2025-03-14T10:00:00', { status: 'pending' });
  await add(3_500, '2025-03-10T10:00:00', { status: 'failed' });
  await add(1_000, '2025-03-13T10:00:00', { status: 'cancelled' });
  await add(40_000, '2025-03-12T10:00:00', { currency: 'USD', donorEmail: 'dolares@correo.gt' });
  await add(2_500, '2025-03-11T10:00:00', { donorName: 'Ana P. López', donorEmail: 'ANA@correo.gt' });
  await add(20_000, '2025-02-14T00:10:00', { donorEmail: 'fer@correo.gt' });
  await add(30_000, '2025-02-13T23:50:00', { donorEmail: 'gabi@correo.gt' });
  await add(15_000, '2025-01-01T00:00:00', { donorEmail: 'ines@correo.gt' });
  await add(100_000, '2024-12-31T23:59:00', { donorEmail: 'jorge@correo.gt' });
  await add(6_000, '2024-04-01T06:00:00', { donorEmail: 'karla@correo.gt' });
  await add(7_000, '2024-03-31T10:00:00', { donorEmail: 'luis@correo.gt' });
  // The edges of the previous quarter's stretch (1 October to 15 December) and of the previous year's
  // (1 January to 15 March 2024).
  await add(4_000, '2024-12-15T23:59:00', { donorEmail: 'kevin@correo.gt' });
  await add(8_000, '2024-12-16T00:00:00', { donorEmail: 'lidia@correo.gt' });
  await add(9_000, '2024-03-15T23:00:00', { donorEmail: 'mario@correo.gt' });
  for (const [local, email] of [
    ['2025-03-10T12:00:00', 'u1@prueba.gt'],
    ['2025-02-20T12:00:00', 'u2@prueba.gt'],
    ['2024-12-15T12:00:00', 'u3@prueba.gt'],
    ['2024-06-01T12:00:00', 'u4@prueba.gt'],
  ]) {
    const u = await createUser(ctx.db, { email });
    await ctx.db.update(users).set({ createdAt: gt(local) }).where(eq(users.id, u.id));
  }
});
afterAll(async () => ctx?.close());

const trendsOf = (a: Analytics) => a.trends.filter((t) => t.donations > 0).map((t) => [t.date, t.donations, t.amount]);

describe('analytics figures (hand-computed)', () => {
  it('week: the calendar week in course (Monday first) in Guatemala time, against the same days of the week before', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'week', now: NOW });
    expect(a).toMatchObject({ period: 'week', start_date: '2025-03-10', end_date: '2025-03-15', granularity: 'day' });
    expect(a.summary).toEqual({
      total_amount: 125, // 100 + 25 (the dollar donation has no quetzal equivalent: not added)
      total_donations: 2,
      average_donation: 62.5,
      pending_donations: 1,
      pending_amount: 75,
      declined_donations: 1,
      success_rate: 60, // 3 completed (USD included) of 5 resolved
      new_users: 1,
      unique_donors: 1,
      // Monday 3 to Saturday 8 March: Carla at 23:30 on the 8th (already the 9th in UTC).
      previous_total_amount: 999.99,
      amount_growth_percentage: -87.5,
      // The dollar donation has no quetzal equivalent: not counted, so not among the dollars either.
      usd_donations: 0,
      usd_amount: 0,
      usd_amount_gtq: 0,
      // Recorded by hand, no payment provider: no fee, the net is the gross.
      gross_amount: 125,
      covered_fees: 0,
      provider_fees: 0,
      vat_withheld: 0,
      net_amount: 125,
    });
    expect(a.trends.map((t) => t.date)).toEqual(['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14', '2025-03-15']);
    expect(trendsOf(a)).toEqual([
      ['2025-03-11', 1, 25],
      ['2025-03-15', 1, 100],
    ]);
    expect(a.monthly_stats).toEqual([{ month: '2025-03', donations: 2, amount: 125, users: 1 }]);
    expect(a.top_donors).toEqual([{ name: 'Ana Pérez', email: 'ana@correo.gt', anonymous: false, total_donated: 125, donations_count: 2 }]);
  });

  it('month: the calendar month in course, against the 1st to the same day of the month before', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'month', now: NOW });
    expect(a).toMatchObject({ start_date: '2025-03-01', end_date: '2025-03-15', granularity: 'day' });
    expect(a.trends).toHaveLength(15);
    // 1 to 15 February: Fer (the 14th) and Gabi (the 13th).
    expect(a.summary).toMatchObject({ total_amount: 1175.24, total_donations: 4, previous_total_amount: 500, new_users: 1, unique_donors: 3 });
    expect(a.summary.amount_growth_percentage).toBe(135);
    expect(a.monthly_stats).toEqual([{ month: '2025-03', donations: 4, amount: 1175.24, users: 1 }]);
    expect(a.top_donors[0]).toEqual({ name: 'Carla Juárez', email: 'carla@correo.gt', anonymous: false, total_donated: 999.99, donations_count: 1 });
  });

  it('quarter: the calendar quarter in course, by week starting Monday', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    expect(a).toMatchObject({ start_date: '2025-01-01', end_date: '2025-03-15', granularity: 'week' });
    // 1 October to 15 December 2024: Kevin only (Lidia is on the 16th, Jorge on the 31st).
    expect(a.summary).toMatchObject({ total_amount: 1825.24, total_donations: 7, previous_total_amount: 40, new_users: 2 });
    expect(a.monthly_stats).toEqual([
      { month: '2025-01', donations: 1, amount: 150, users: 0 },
      { month: '2025-02', donations: 2, amount: 500, users: 1 },
      { month: '2025-03', donations: 4, amount: 1175.24, users: 1 },
    ]);
    expect(a.trends).toHaveLength(11);
    expect(a.trends[0].date).toBe('2025-01-01');
    expect(trendsOf(a)).toEqual([
      ['2025-01-01', 1, 150],
      ['2025-02-10', 2, 500],
      ['2025-03-03', 2, 1050.24],
      ['2025-03-10', 2, 125],
    ]);
  });

  it('year: the calendar year in course, by month', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'year', now: NOW });
    expect(a).toMatchObject({ start_date: '2025-01-01', end_date: '2025-03-15', granularity: 'month' });
    // 1 January to 15 March 2024: Mario only (Luis is on the 31st).
    expect(a.summary).toMatchObject({ total_amount: 1825.24, total_donations: 7, previous_total_amount: 90, new_users: 2 });
    expect(a.monthly_stats.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(a.monthly_stats.reduce((s, m) => s + m.amount, 0)).toBeCloseTo(1825.24, 2);
    expect(a.trends.map((t) => t.date)[0]).toBe('2025-01-01');
    expect(trendsOf(a)).toEqual(a.monthly_stats.filter((m) => m.donations > 0).map((m) => [`${m.month}-01`, m.donations, m.amount]));
    expect(a.top_donors.map((d) => d.email).slice(0, 2)).toEqual(['carla@correo.gt', 'gabi@correo.gt']);
  });
});

describe('GET /admin/analytics', () => {
  it('is 401 anonymous and 403 for DONOR and USER', async () => {
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url: '/api/v1/admin/analytics?period=week' })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });

  it('is described in the API document by the calendar periods it answers (not "30 días" while it starts on the 1st)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const description: string = doc.paths['/api/v1/admin/analytics'].get.description;
    expect(description).toContain('month (desde el día 1)');
    expect(description).toContain('year (desde el 1 de enero)');
    expect(description).not.toMatch(/30 días|11 anteriores/);
  });

  it('answers 400 for any other period', async () => {
    for (const period of ['day', 'WEEK', '', 'month%27']) {
      const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/analytics?period=${period}`, token: who.admin.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(adminMessages.validation.periodInvalid);
    }
  });

  it('agrees, for each period, with the ledger summed here by the calendar of Guatemala', async () => {
    await make.donation(ctx.db, { amountCents: 12_345, createdAt: new Date(Date.now() - 1000), donorEmail: 'hoy1@correo.gt' });
    await make.donation(ctx.db, { amountCents: 5_000, createdAt: new Date(Date.now() - 2000), donorEmail: 'hoy2@correo.gt', status: 'pending' });
    const today = guatemalaDay(new Date());
    const [y, m, d] = today.split('-').map(Number);
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    const inPeriod: Record<string, (day: string) => boolean> = {
      week: (day) => day <= today && day >= new Date(Date.UTC(y, m - 1, d - weekday)).toISOString().slice(0, 10),
      month: (day) => day <= today && day.slice(0, 7) === today.slice(0, 7),
      quarter: (day) => day <= today && day.slice(0, 4) === today.slice(0, 4) && Math.floor((Number(day.slice(5, 7)) - 1) / 3) === Math.floor((m - 1) / 3),
      year: (day) => day <= today && day.slice(0, 4) === today.slice(0, 4),
    };
    const ledger = await ctx.db.select().from(donations);
    for (const period of ['week', 'month', 'quarter', 'year']) {
      const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/analytics?period=${period}`, token: who.admin.token });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Analytics;
      const counted = ledger.filter((row) => row.status === 'completed' && (row.currency === 'GTQ' || row.gtqCents !== null) && inPeriod[period](guatemalaDay(row.createdAt)));
      const cents = counted.reduce((s, row) => s + (row.currency === 'GTQ' ? row.amountCents : row.gtqCents!), 0);
      expect(Math.round(body.summary.total_amount * 100)).toBe(cents);
      expect(body.summary.total_donations).toBe(counted.length);
      expect(body.monthly_stats.reduce((s, row) => s + row.donations, 0)).toBe(counted.length);
      expect(Math.round(body.trends.reduce((s, t) => s + t.amount, 0) * 100)).toBe(cents);

      // Every export of the period shows the same total.
      const csv = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/reports/export?period=${period}&format=csv`, token: who.admin.token });
      expect(parseCsv(csv.rawPayload.toString('utf8').slice(1), ',')).toContainEqual([`${r.totalAmount} (Q)`, formatDecimal(cents / 100)]);
      const xlsx = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/reports/export?period=${period}&format=xlsx`, token: who.admin.token });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const values = new Map<string, unknown>();
      wb.getWorksheet(r.summary)!.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
      expect(values.get(r.totalAmount)).toBe(cents / 100);
      const pdf = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/reports/export?period=${period}&format=pdf`, token: who.admin.token });
      expect(await pdfText(pdf.rawPayload)).toContain(formatCents(cents));
    }
  });
});

// ---------------------------------------------------------------- exports

describe('report files', () => {
  it('CSV: UTF-8 with BOM, CRLF, the figures in sections; ";" writes decimal commas; formulas are defused', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'week', now: NOW });
    const withFormula = { ...a, top_donors: [{ ...a.top_donors[0], name: '=HYPERLINK("http://x")' }, ...a.top_donors.slice(1)] };
    const csv = reportCsv({ analytics: withFormula, organizationName: 'Fundación, "Manos"' }, ',');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1), ',');
    expect(rows[0]).toEqual([r.title, 'Fundación, "Manos"']);
    expect(rows).toContainEqual([`${r.totalAmount} (Q)`, '125.00']);
    expect(rows).toContainEqual([r.totalDonations, '2']);
    expect(rows).toContainEqual([`${r.successRate} (%)`, '60.0']);
    expect(rows).toContainEqual([`${r.amountGrowth} (%)`, '-87.5']);
    const monthlyHeader = rows.findIndex((row) => row[0] === r.month);
    expect(rows[monthlyHeader + 1]).toEqual(['marzo de 2025', '2', '125.00', '1']);
    const donorsHeader = rows.findIndex((row) => row[0] === r.donorName);
    expect(rows[donorsHeader + 1]).toEqual(['\'=HYPERLINK("http://x")', 'ana@correo.gt', '125.00', '2']);
    const trendsHeader = rows.findIndex((row) => row[0] === r.date);
    // The trends run to the blank line before the monthly giving section.
    const trendsEnd = rows.findIndex((row, i) => i > trendsHeader && row.join('') === '');
    expect(rows.slice(trendsHeader + 1, trendsEnd)).toHaveLength(6);
    expect(rows[trendsHeader + 1]).toEqual(['10/03/2025', '0', '0.00']);
    expect(rows[trendsHeader + 2]).toEqual(['11/03/2025', '1', '25.00']);

    const semicolon = parseCsv(reportCsv({ analytics: a, organizationName: 'Org' }, ';').slice(1), ';');
    expect(semicolon).toContainEqual([`${r.totalAmount} (Q)`, '125,00']);
    expect(semicolon).toContainEqual([`${r.amountGrowth} (%)`, '-87,5']);
  });

  it('Excel: six sheets that exceljs reads back with numeric cells', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await reportXlsx({ analytics: a, organizationName: 'Org' }) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([r.summary, r.monthlyStats, r.topDonors, r.trends, designationMessages.byProgram, monthlyAdminMessages.reports.section]);
    const summary = wb.getWorksheet(r.summary)!;
    const values = new Map<string, unknown>();
    summary.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(values.get(r.totalAmount)).toBe(1825.24);
    expect(values.get(r.totalDonations)).toBe(7);
    // Percentages are fractions with a percent format, a change signed as on screen.
    expect(values.get(r.amountGrowth)).toBeCloseTo(((1825.24 - 40) / 40), 6);
    let growthFormat = '';
    summary.eachRow((row) => {
      if (row.getCell(1).value === r.amountGrowth) growthFormat = row.getCell(2).numFmt;
    });
    expect(growthFormat).toBe(SPREADSHEET_SIGNED_PERCENT_FORMAT);
    const monthly = wb.getWorksheet(r.monthlyStats)!;
    expect(monthly.getRow(1).values).toEqual([undefined, r.month, r.donations, `${r.amount} (Q)`, r.users]);
    expect(monthly.getRow(3).values).toEqual([undefined, 'febrero de 2025', 2, 500, 1]);
    expect(monthly.getRow(4).getCell(3).numFmt).toBe('"Q"#,##0.00');
    expect(wb.getWorksheet(r.trends)!.rowCount).toBe(12);
  });

  it('PDF: title, period and the figures as text, formatted as on screen', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'month', now: NOW });
    const text = await pdfText(await reportPdf({ analytics: a, organizationName: 'Fundación Manos de Guatemala' }));
    expect(text).toContain(r.title);
    expect(text).toContain('Fundación Manos de Guatemala');
    expect(text).toContain(r.periods.month);
    expect(text).toContain('01/03/2025');
    expect(text).toContain(formatMoney(1175.24));
    expect(text).toContain(formatMoney(999.99));
    expect(text).toContain(formatMoney(500));
    expect(text).toContain('marzo de 2025');
    expect(text).toContain('carla@correo.gt');
    // The change signed and grouped as the screen shows it.
    expect(text).toContain(formatPercent(a.summary.amount_growth_percentage, { signed: true }));
    expect(text).toContain('+135.0%');

    const quarter = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const quarterText = await pdfText(await reportPdf({ analytics: quarter, organizationName: 'Org' }));
    expect(quarterText).toContain('+4,463.1%');
  });

  it('GET /admin/reports/export serves each format as a named attachment', async () => {
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url: '/api/v1/admin/reports/export?period=week&format=csv' })).toEqual({
      anonymous: 401,
      donor: 403,
      user: 403,
    });
    const get = (query: string) => inject(ctx.app, { method: 'GET', url: `/api/v1/admin/reports/export?${query}`, token: who.admin.token });

    const csv = await get('period=year&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="reporte-donaciones-year-\d{4}-\d{2}-\d{2}\.csv"$/);
    const analytics = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=year', token: who.admin.token })).json() as Analytics;
    const rows = parseCsv(csv.rawPayload.toString('utf8').slice(1), ',');
    expect(rows).toContainEqual([`${r.totalAmount} (Q)`, formatDecimal(analytics.summary.total_amount)]);
    // By year, both the monthly table and the trends are labelled by month, and so is the monthly giving table.
    expect(rows.filter((row) => /^\p{L}+ de \d{4}$/u.test(row[0]))).toHaveLength(2 * analytics.monthly_stats.length + analytics.monthly_giving.months.length);

    const semicolon = await get('period=year&format=csv&delimiter=%3B');
    expect(semicolon.rawPayload.toString('utf8')).toContain(`${r.totalAmount} (Q);`);

    const xlsx = await get('period=month&format=xlsx');
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/filename="reporte-donaciones-month-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(6);

    const pdf = await get('period=week&format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/filename="reporte-donaciones-week-.*\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const weekAnalytics = (await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=week', token: who.admin.token })).json() as Analytics;
    expect(await pdfText(pdf.rawPayload)).toContain(formatMoney(weekAnalytics.summary.total_amount));

    for (const bad of ['period=week&format=docx', 'period=semana&format=csv', 'period=week&format=csv&delimiter=%7C', 'period=week']) {
      expect((await get(bad)).statusCode).toBe(400);
    }
  });
});
