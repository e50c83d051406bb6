// Report files generated on the server from the same figures as GET /admin/analytics (docs/product.md#reports-and-exports):
// CSV (UTF-8 with BOM so Excel detects the encoding), Excel .xlsx (exceljs) and PDF (pdfkit).
import type ExcelJS from 'exceljs';
import { CURRENCY, type ReportPeriod } from '@donaciones/shared/constants';
import {
  CURRENCY_SYMBOLS,
  formatDateTime,
  formatDay,
  formatDecimal,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  SPREADSHEET_PERCENT_FORMAT,
  SPREADSHEET_SIGNED_PERCENT_FORMAT,
  spreadsheetMoneyFormat,
} from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { designationMessages as dm } from '@donaciones/shared/messages/designation';
import type { Analytics, ExportFormat } from '@donaciones/shared/schemas/admin';
import { topDonorName } from './analytics';
import { MONTHLY_GIVING_COLUMNS, monthlyGivingRows, periodLabel, type SummaryKind, summaryRows, trendLabel } from './report-rows';
import { loadExcel, loadPdfDocument } from '../../platform/libraries';

const r = adminMessages.reports;
const mg = monthlyAdminMessages.reports;
const col = mg.columns;

export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export interface ReportContext {
  analytics: Analytics;
  organizationName: string;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

// ---------------------------------------------------------------- CSV

/** Whether the top donors carry their emails: only for staff with donors.read (analyticsFor), else no email column at all. */
const withEmails = (a: Analytics) => a.top_donors.some((d) => d.email !== undefined);

/**
 * RFC 4180 quoting, and text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * are prefixed with an apostrophe, so a donor named "=HYPERLINK(...)" stays text.
 */
export function csvCell(value: string | number, delimiter: string): string {
  let text = typeof value === 'number' ? String(value) : value;
  // A plain number ('-87.5', '-87,5') is data, not a formula.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(ctx: ReportContext, delimiter: ',' | ';'): string {
  const a = ctx.analytics;
  // Plain numbers a spreadsheet reads back; with ';' (spreadsheets set to a decimal comma) the
  // decimals are written with a comma too.
  const num = (n: number, decimals = 2) => formatDecimal(n, decimals, delimiter === ';' ? ',' : '.');
  const indicator = (row: { label: string; value: number; kind: SummaryKind }) => [
    row.kind === 'count' ? row.label : `${row.label} (${row.kind === 'money' || row.kind === 'usd' ? CURRENCY_SYMBOLS[row.kind === 'usd' ? 'USD' : CURRENCY] : '%'})`,
    row.kind === 'count' ? String(row.value) : num(row.value, row.kind === 'money' || row.kind === 'usd' ? 2 : 1),
  ];
  const lines: (string | number)[][] = [
    [r.title, ctx.organizationName],
    [r.periods[a.period as ReportPeriod], r.periodRange(formatDay(a.start_date), formatDay(a.end_date))],
    [r.generatedAt(formatDateTime(a.generated_at))],
    [r.note],
    [],
    [r.summary],
    [r.indicator, r.value],
    ...summaryRows(a).map(indicator),
    [],
    [r.monthlyStats],
    [r.month, r.donations, `${r.amount} (Q)`, r.users],
    ...a.monthly_stats.map((m) => [formatMonth(m.month), String(m.donations), num(m.amount), String(m.users)]),
    [],
    [r.topDonors],
    [r.donorName, ...(withEmails(a) ? [r.donorEmail] : []), `${r.totalDonated} (Q)`, r.donationsCount],
    ...a.top_donors.map((d) => [topDonorName(d), ...(withEmails(a) ? [d.email ?? ''] : []), num(d.total_donated), String(d.donations_count)]),
    [],
    [r.trends],
    [r.date, r.donations, `${r.amount} (Q)`],
    ...a.trends.map((t) => [trendLabel(a, t.date), String(t.donations), num(t.amount)]),
    [],
    [dm.byProgram],
    [dm.program, r.donations, `${r.amount} (Q)`],
    ...a.by_program.map((p) => [p.name, String(p.donations), num(p.amount)]),
    [],
    [mg.section],
    [r.indicator, r.value],
    ...monthlyGivingRows(a).map(indicator),
    [],
    [mg.trend],
    MONTHLY_GIVING_COLUMNS,
    ...a.monthly_giving.months.map((m) => [
      formatMonth(m.month),
      String(m.active_at_start),
      String(m.new_gifts),
      String(m.cancelled_gifts),
      num(m.churn_rate, 1),
      String(m.active_gifts),
      String(m.active_donors),
      num(m.mrr),
      String(m.failed_renewals),
    ]),
  ];
  return '\uFEFF' + lines.map((cells) => cells.map((c) => csvCell(c, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- Excel

const MONEY_FORMAT = spreadsheetMoneyFormat();
const SHEET_FORMATS: Record<SummaryKind, string> = {
  money: MONEY_FORMAT,
  usd: spreadsheetMoneyFormat('USD'),
  count: '#,##0',
  percent: SPREADSHEET_PERCENT_FORMAT,
  change: SPREADSHEET_SIGNED_PERCENT_FORMAT,
};

/** The sheet of the period's gifts by designation (docs/product.md#designation), amounts as numbers. */
function programSheet(wb: ExcelJS.Workbook, a: Analytics): ExcelJS.Worksheet {
  const sheet = wb.addWorksheet(dm.byProgram);
  sheet.columns = [
    { header: dm.program, key: 'name', width: 34 },
    { header: r.donations, key: 'donations', width: 14 },
    { header: `${r.amount} (Q)`, key: 'amount', width: 18, style: { numFmt: MONEY_FORMAT } },
  ];
  for (const p of a.by_program) sheet.addRow({ name: p.name, donations: p.donations, amount: p.amount });
  return sheet;
}

export async function reportXlsx(ctx: ReportContext): Promise<Buffer> {
  const a = ctx.analytics;
  const wb = new (await loadExcel()).Workbook();
  wb.creator = ctx.organizationName;
  wb.created = new Date(a.generated_at);

  const header = (ws: ExcelJS.Worksheet, rowNumber: number) => {
    const row = ws.getRow(rowNumber);
    row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    row.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFB45309' } };
    });
  };

  const summary = wb.addWorksheet(r.summary);
  summary.columns = [{ width: 42 }, { width: 22 }];
  summary.addRow([r.title]).font = { bold: true, size: 14 };
  summary.addRow([ctx.organizationName]);
  summary.addRow([periodLabel(a)]);
  summary.addRow([r.generatedAt(formatDateTime(a.generated_at))]);
  summary.addRow([r.note]).font = { italic: true, color: { argb: 'FF57534E' } };
  summary.addRow([]);
  header(summary, summary.addRow([r.indicator, r.value]).number);
  for (const row of summaryRows(a)) {
    const added = summary.addRow([row.label, row.kind === 'percent' || row.kind === 'change' ? row.value / 100 : row.value]);
    added.getCell(2).numFmt = SHEET_FORMATS[row.kind];
  }

  const monthly = wb.addWorksheet(r.monthlyStats.slice(0, 31));
  monthly.columns = [
    { header: r.month, key: 'month', width: 22 },
    { header: r.donations, key: 'donations', width: 14 },
    { header: `${r.amount} (Q)`, key: 'amount', width: 18, style: { numFmt: MONEY_FORMAT } },
    { header: r.users, key: 'users', width: 16 },
  ];
  header(monthly, 1);
  for (const m of a.monthly_stats) monthly.addRow({ month: formatMonth(m.month), donations: m.donations, amount: m.amount, users: m.users });

  const donors = wb.addWorksheet(r.topDonors.slice(0, 31));
  donors.columns = [
    { header: r.donorName, key: 'name', width: 30 },
    ...(withEmails(a) ? [{ header: r.donorEmail, key: 'email', width: 34 }] : []),
    { header: `${r.totalDonated} (Q)`, key: 'total', width: 18, style: { numFmt: MONEY_FORMAT } },
    { header: r.donationsCount, key: 'count', width: 14 },
  ];
  header(donors, 1);
  for (const d of a.top_donors) donors.addRow({ name: topDonorName(d), email: d.email, total: d.total_donated, count: d.donations_count });

  const trends = wb.addWorksheet(r.trends.slice(0, 31));
  trends.columns = [
    { header: r.date, key: 'date', width: 24 },
    { header: r.donations, key: 'donations', width: 14 },
    { header: `${r.amount} (Q)`, key: 'amount', width: 18, style: { numFmt: MONEY_FORMAT } },
  ];
  header(trends, 1);
  for (const t of a.trends) trends.addRow({ date: trendLabel(a, t.date), donations: t.donations, amount: t.amount });
  header(programSheet(wb, a), 1);

  const giving = wb.addWorksheet(mg.section.slice(0, 31));
  giving.columns = [{ width: 42 }, { width: 16 }, { width: 14 }, { width: 14 }, { width: 16 }, { width: 16 }, { width: 18 }, { width: 22 }, { width: 18 }];
  header(giving, giving.addRow([r.indicator, r.value]).number);
  for (const row of monthlyGivingRows(a)) {
    const added = giving.addRow([row.label, row.kind === 'percent' || row.kind === 'change' ? row.value / 100 : row.value]);
    added.getCell(2).numFmt = SHEET_FORMATS[row.kind];
  }
  giving.addRow([]);
  giving.addRow([mg.trend]).font = { bold: true };
  header(giving, giving.addRow(MONTHLY_GIVING_COLUMNS).number);
  for (const m of a.monthly_giving.months) {
    const added = giving.addRow([
      formatMonth(m.month),
      m.active_at_start,
      m.new_gifts,
      m.cancelled_gifts,
      m.churn_rate / 100,
      m.active_gifts,
      m.active_donors,
      m.mrr,
      m.failed_renewals,
    ]);
    added.getCell(5).numFmt = SPREADSHEET_PERCENT_FORMAT;
    added.getCell(8).numFmt = MONEY_FORMAT;
  }

  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- PDF

const INK = '#1c1917';
const MUTED = '#57534e';
const ACCENT = '#b45309';
const RULE = '#e7e5e4';

function pdfIndicator(row: { label: string; value: number; kind: SummaryKind }): string[] {
  return [
    row.label,
    row.kind === 'money'
      ? formatMoney(row.value)
      : row.kind === 'usd'
        ? formatMoney(row.value, 'USD')
        : row.kind === 'count'
          ? formatNumber(row.value)
          : formatPercent(row.value, { signed: row.kind === 'change' }),
  ];
}

// eslint-disable-next-line max-lines-per-function -- draws the report top to bottom: the order of the calls is the page's layout
export async function reportPdf(ctx: ReportContext): Promise<Buffer> {
  const a = ctx.analytics;
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${r.title} — ${r.periods[a.period as ReportPeriod]}`, Author: ctx.organizationName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(r.title, left, doc.y);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(ctx.organizationName);
  doc.moveDown(0.3);
  doc.fillColor(MUTED).fontSize(10).text(periodLabel(a));
  doc.text(r.generatedAt(formatDateTime(a.generated_at)));
  doc.fontSize(8.5).text(r.note);
  doc.moveDown(1);

  const heading = (text: string) => {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(text, left, doc.y);
    doc.moveDown(0.4);
  };

  /** A simple table that continues on a new page, repeating its header. */
  const table = (columns: { title: string; width: number; align?: 'left' | 'right' }[], rows: string[][]) => {
    const rowHeight = 18;
    const drawHeader = () => {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(9);
      // A title wider than its column wraps onto more lines, and the header grows with it.
      const headerHeight = Math.max(rowHeight, ...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 12 }) + 7));
      doc.rect(left, y, width, headerHeight).fill(ACCENT);
      let x = left;
      doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9);
      for (const c of columns) {
        doc.text(c.title, x + 6, y + 5, { width: c.width - 12, align: c.align ?? 'left' });
        x += c.width;
      }
      doc.y = y + headerHeight;
    };
    drawHeader();
    if (!rows.length) {
      doc.fillColor(MUTED).font('Helvetica-Oblique').fontSize(9).text(r.noData, left + 6, doc.y + 5);
      doc.y += 8;
    }
    rows.forEach((cells, i) => {
      if (doc.y + rowHeight > bottom()) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      if (i % 2 === 1) doc.rect(left, y, width, rowHeight).fill('#fafaf9');
      doc.moveTo(left, y + rowHeight).lineTo(left + width, y + rowHeight).lineWidth(0.5).strokeColor(RULE).stroke();
      let x = left;
      doc.fillColor(INK).font('Helvetica').fontSize(9);
      cells.forEach((cell, c) => {
        doc.text(cell, x + 6, y + 5, { width: columns[c].width - 12, align: columns[c].align ?? 'left', lineBreak: false, ellipsis: true });
        x += columns[c].width;
      });
      doc.y = y + rowHeight;
    });
    doc.x = left;
    doc.moveDown(1.2);
  };

  heading(r.summary);
  table(
    [
      { title: r.indicator, width: width * 0.6 },
      { title: r.value, width: width * 0.4, align: 'right' },
    ],
    summaryRows(a).map(pdfIndicator),
  );

  heading(r.monthlyStats);
  table(
    [
      { title: r.month, width: width * 0.34 },
      { title: r.donations, width: width * 0.2, align: 'right' },
      { title: r.amount, width: width * 0.26, align: 'right' },
      { title: r.users, width: width * 0.2, align: 'right' },
    ],
    a.monthly_stats.map((m) => [formatMonth(m.month), formatNumber(m.donations), formatMoney(m.amount), formatNumber(m.users)]),
  );

  heading(r.topDonors);
  table(
    [
      // Without emails the name takes the email's width too.
      { title: r.donorName, width: width * (withEmails(a) ? 0.3 : 0.64) },
      ...(withEmails(a) ? [{ title: r.donorEmail, width: width * 0.34 }] : []),
      { title: r.totalDonated, width: width * 0.2, align: 'right' },
      { title: r.donationsCount, width: width * 0.16, align: 'right' },
    ],
    a.top_donors.map((d) => [topDonorName(d), ...(withEmails(a) ? [d.email ?? ''] : []), formatMoney(d.total_donated), formatNumber(d.donations_count)]),
  );

  heading(r.trends);
  table(
    [
      { title: r.date, width: width * 0.44 },
      { title: r.donations, width: width * 0.24, align: 'right' },
      { title: r.amount, width: width * 0.32, align: 'right' },
    ],
    a.trends.map((t) => [trendLabel(a, t.date), formatNumber(t.donations), formatMoney(t.amount)]),
  );

  heading(mg.section);
  table(
    [
      { title: r.indicator, width: width * 0.6 },
      { title: r.value, width: width * 0.4, align: 'right' },
    ],
    monthlyGivingRows(a).map(pdfIndicator),
  );

  // Nine columns do not fit a portrait page: the months in two tables of five.
  const fifths = (titles: string[]) => titles.map((title, i) => ({ title, width: width * 0.2, align: i === 0 ? ('left' as const) : ('right' as const) }));
  heading(mg.trend);
  table(
    fifths([col.month, col.activeAtStart, col.newGifts, col.cancelledGifts, col.churnRate]),
    a.monthly_giving.months.map((m) => [formatMonth(m.month), formatNumber(m.active_at_start), formatNumber(m.new_gifts), formatNumber(m.cancelled_gifts), formatPercent(m.churn_rate)]),
  );
  heading(mg.trendEnd);
  table(
    fifths([col.month, col.activeAtEnd, col.activeDonors, col.mrr, col.failedRenewals]),
    a.monthly_giving.months.map((m) => [formatMonth(m.month), formatNumber(m.active_gifts), formatNumber(m.active_donors), formatMoney(m.mrr), formatNumber(m.failed_renewals)]),
  );

  doc.end();
  return done;
}

export async function buildReportFile(ctx: ReportContext, format: ExportFormat, delimiter: ',' | ';' = ','): Promise<ReportFile> {
  const fileName = `${r.fileName(ctx.analytics.period, ctx.analytics.end_date)}.${format}`;
  const body =
    format === 'csv' ? Buffer.from(reportCsv(ctx, delimiter), 'utf8') : format === 'xlsx' ? await reportXlsx(ctx) : await reportPdf(ctx);
  return { body, contentType: CONTENT_TYPES[format], fileName };
}
