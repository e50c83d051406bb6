// Dollars apart and gross, fee and net in the admin reports and their exports, and on the receipt
// (docs/product.md#reports-and-exports, #money-currencies-and-formats, #receipts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { formatCents, formatDay, formatDecimal, formatMoney, guatemalaDay, spreadsheetMoneyFormat } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import type { donations } from '../../src/db/schema';
import { renderReceiptPdf } from '../../src/domain/receipts/pdf';
import { receiptOf } from '../../src/domain/receipts/receipts';
import { receiptMessages } from '../../src/messages/receipts';
import { callers } from '../support/staff';
import { createTestApp, inject, pdfText, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

const r = adminMessages.reports;
const t = receiptMessages.pdf;
let ctx: TestContext;
let adminToken: string;

type Row = typeof donations.$inferSelect;
const rows: Record<string, Row> = {};

/** A donation made now (inside every period in course), completed unless told otherwise. */
function add(values: Partial<typeof donations.$inferInsert> & { amountCents: number }): Promise<Row> {
  return make.donation(ctx.db, { source: 'public', ...values });
}

// Quetzal value of a dollar column, as the reports take it: in the proportion of the gift's quetzal
// equivalent to its dollars, rounded to the cent (half away from zero).
const inGtq = (row: Row, cents: number | null) => (row.currency === 'GTQ' ? (cents ?? 0) : Math.round(((cents ?? 0) * row.gtqCents!) / row.amountCents));

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await callers(ctx.app, ctx.db)).admin.token;
  const card = { paymentProvider: 'recurrente', paymentMethod: 'card' } as const;
  const usdAt = (usdCents: number) => ({ currency: 'USD', gtqCents: Math.round(usdCents * 7.7), exchangeRate: '7.7', exchangeRateDate: '2025-03-01' });
  // Q500 charged, the fee kept by the provider.
  rows.gtq = await add({ amountCents: 50_000, feeCents: 2_250, vatWithheldCents: 270, ...card });
  // Q1,000 gift, the donor added Q50.40 to cover the fee.
  rows.gtqCovered = await add({ amountCents: 105_040, coveredFeeCents: 5_040, feeCents: 4_727, vatWithheldCents: 567, ...card });
  // US$50.00.
  rows.usd = await add({ amountCents: 5_000, feeCents: 225, vatWithheldCents: 27, ...card, ...usdAt(5_000) });
  // US$100 gift, US$5.04 added to cover the fee.
  rows.usdCovered = await add({ amountCents: 10_504, coveredFeeCents: 504, feeCents: 473, vatWithheldCents: 57, ...card, ...usdAt(10_504) });
  // Not counted: a pending dollar gift.
  rows.usdPending = await add({ amountCents: 9_999, status: 'pending', ...card, ...usdAt(9_999) });
  // Goods received by hand: no provider, no fee.
  rows.goods = await add({ amountCents: 20_000, donationType: 'goods', source: 'service' });
});
afterAll(async () => ctx?.close());

function expected() {
  const counted = [rows.gtq, rows.gtqCovered, rows.usd, rows.usdCovered, rows.goods];
  const usd = counted.filter((d) => d.currency === 'USD');
  const sum = (list: Row[], f: (d: Row) => number) => list.reduce((s, d) => s + f(d), 0);
  const gross = sum(counted, (d) => inGtq(d, d.amountCents));
  const fees = sum(counted, (d) => inGtq(d, d.feeCents));
  const vat = sum(counted, (d) => inGtq(d, d.vatWithheldCents));
  return {
    usd_donations: usd.length,
    usd_amount: sum(usd, (d) => d.amountCents) / 100,
    usd_amount_gtq: sum(usd, (d) => d.gtqCents!) / 100,
    gross_amount: gross / 100,
    covered_fees: sum(counted, (d) => inGtq(d, d.coveredFeeCents)) / 100,
    provider_fees: fees / 100,
    vat_withheld: vat / 100,
    net_amount: (gross - fees - vat) / 100,
  };
}

const get = (url: string) => inject(ctx.app, { method: 'GET', url, token: adminToken });

describe('reports: dollars apart; gross, fee and net', () => {
  it('the analytics answer counts dollar gifts apart (dollars and quetzal equivalent) and gross, fees and net in quetzales', async () => {
    const res = await get('/api/v1/admin/analytics?period=month');
    expect(res.statusCode).toBe(200);
    const s = (res.json() as Analytics).summary;
    const e = expected();
    expect(s).toMatchObject(e);
    // By hand: US$50.00 + US$105.04; Q385.00 + Q808.81; the dollars are never added to the quetzales.
    expect(e).toMatchObject({ usd_donations: 2, usd_amount: 155.04, usd_amount_gtq: 1193.81 });
    expect(s.total_amount).toBe(s.gross_amount);
    expect(s.total_amount).toBe((50_000 + 105_040 + 38_500 + 80_881 + 20_000) / 100);
    // Covered: Q50.40 + US$5.04 at the gift's rate (Q38.81).
    expect(s.covered_fees).toBe(89.21);
  });

  it('the CSV, Excel and PDF exports show the same rows, dollars in dollars', async () => {
    const e = expected();
    const moneyRows: [string, number][] = [
      [r.usdAmountGtq, e.usd_amount_gtq],
      [r.grossAmount, e.gross_amount],
      [r.coveredFees, e.covered_fees],
      [r.providerFees, e.provider_fees],
      [r.vatWithheld, e.vat_withheld],
      [r.netAmount, e.net_amount],
    ];

    const csv = await get('/api/v1/admin/reports/export?period=month&format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n').map((l) => l.split(','));
    expect(lines).toContainEqual([r.usdDonations, String(e.usd_donations)]);
    expect(lines).toContainEqual([`${r.usdAmount} (US$)`, formatDecimal(e.usd_amount)]);
    for (const [label, value] of moneyRows) expect(lines).toContainEqual([`${label} (Q)`, formatDecimal(value)]);

    const xlsx = await get('/api/v1/admin/reports/export?period=month&format=xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = new Map<string, ExcelJS.Cell>();
    wb.getWorksheet(r.summary)!.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2)));
    expect(cells.get(r.usdDonations)?.value).toBe(e.usd_donations);
    expect(cells.get(r.usdAmount)?.value).toBe(e.usd_amount);
    expect(cells.get(r.usdAmount)?.numFmt).toBe(spreadsheetMoneyFormat('USD'));
    for (const [label, value] of moneyRows) {
      expect(cells.get(label)?.value).toBe(value);
      expect(cells.get(label)?.numFmt).toBe(spreadsheetMoneyFormat());
    }

    const pdf = await get('/api/v1/admin/reports/export?period=month&format=pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(r.usdAmount);
    expect(text).toContain(formatMoney(e.usd_amount, 'USD'));
    for (const [label, value] of moneyRows) {
      expect(text).toContain(label);
      expect(text).toContain(formatMoney(value));
    }
  });
});

describe('receipt: gross, fee and net when the donor covered the fee; dollars with their quetzal equivalent', () => {
  // The receipt as it was issued with each donation.
  const receiptPdf = async (donation: { id: number }) => renderReceiptPdf((await receiptOf(ctx.db, donation.id))!);

  it('a quetzal gift with the fee covered shows the amount charged, the fee and the gift apart', async () => {
    const text = await pdfText(await receiptPdf(rows.gtqCovered));
    expect(text).toContain(t.grossCharged);
    expect(text).toContain(formatCents(rows.gtqCovered.amountCents));
    expect(text).toContain(t.coveredFee);
    expect(text).toContain(formatCents(rows.gtqCovered.coveredFeeCents));
    expect(text).toContain(t.netGift);
    expect(text).toContain(formatCents(rows.gtqCovered.amountCents - rows.gtqCovered.coveredFeeCents));
    expect(text).not.toContain(t.quetzalEquivalent);
  });

  it('a gift without covered fee has no gross/fee/net lines', async () => {
    const text = await pdfText(await receiptPdf(rows.gtq));
    expect(text).not.toContain(t.grossCharged);
    expect(text).not.toContain(t.coveredFee);
  });

  it('a dollar gift shows its dollars, its quetzal equivalent and the rate with its date', async () => {
    const text = await pdfText(await receiptPdf(rows.usd));
    expect(text).toContain(formatCents(rows.usd.amountCents, 'USD'));
    expect(text).toContain(t.quetzalEquivalent);
    expect(text).toContain(formatCents(rows.usd.gtqCents!));
    expect(text).toContain(t.exchangeRateValue(formatMoney('7.7'), formatMoney(1, 'USD'), formatDay('2025-03-01')));
    expect(text).not.toContain(t.grossCharged);

    const covered = await pdfText(await receiptPdf(rows.usdCovered));
    expect(covered).toContain(formatCents(rows.usdCovered.amountCents, 'USD'));
    expect(covered).toContain(formatCents(rows.usdCovered.coveredFeeCents, 'USD'));
    expect(covered).toContain(formatCents(rows.usdCovered.amountCents - rows.usdCovered.coveredFeeCents, 'USD'));
    expect(covered).toContain(formatCents(rows.usdCovered.gtqCents!));
  });
});

describe('member area: totals in quetzales, a dollar gift by its quetzal equivalent', () => {
  it('the dashboard, the history, the receipts and the yearly statement add the dollar gift by its quetzal equivalent, never its dollars', async () => {
    const donor = (await callers(ctx.app, ctx.db)).donor;
    const gtq = await add({ amountCents: 10_000, userId: donor.id });
    const usd = await add({ amountCents: 5_000, userId: donor.id, currency: 'USD', gtqCents: 38_500, exchangeRate: '7.7', exchangeRateDate: '2025-03-01' });
    const quetzalCents = gtq.amountCents + usd.gtqCents!;
    const mine = (url: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: donor.token });

    const stats = (await mine('/dashboard/stats')).json() as { total_donated: number; total_amount_gtq: number };
    expect(stats.total_donated).toBe(quetzalCents / 100);
    expect(stats.total_amount_gtq).toBe(quetzalCents / 100);
    expect((await mine('/users/me/history')).json()).toMatchObject({ total_amount: quetzalCents / 100, completed_count: 2 });
    const receipts = (await mine('/users/me/receipts')).json() as { years: { total_amount: number }[] };
    expect(receipts.years.map((y) => y.total_amount)).toEqual([quetzalCents / 100]);

    const year = guatemalaDay(new Date()).slice(0, 4);
    const statement = await pdfText((await mine(`/receipts/statement/${year}.pdf`)).rawPayload);
    expect(statement).toContain(formatCents(usd.amountCents, 'USD'));
    expect(statement).toContain(t.statementTotal);
    expect(statement).toContain(formatCents(quetzalCents));
  });
});
