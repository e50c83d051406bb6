// The register as files for the accountant (docs/product.md#the-register-and-the-close): one row per
// movement, amounts as numbers (quetzales with two decimals, not text), streamed batch by batch so a
// year of movements never sits in the server's memory: CSV (UTF-8 with BOM) and Excel through
// exceljs's streaming WorkbookWriter.
import { PassThrough, Readable } from 'node:stream';
import { formatDay, guatemalaDay } from '@donaciones/shared/format';
import { registerMessages } from '@donaciones/shared/messages/accounting';
import type { Db } from '../../db/client';
import { type Movement, type RegisterPeriod, registerBatches, registerTotals } from './register';
import { loadExcel } from '../../platform/libraries';

const c = registerMessages.columns;
const HEADER = [c.date, c.kind, c.reference, c.donor, c.nit, c.method, c.currency, c.gross, c.fee, c.vat, c.net, c.gtqNet, c.designation, c.series, c.number, c.felUuid];

const units = (cents: number | null) => (cents === null ? null : cents / 100);

function cells(m: Movement): (string | number | null)[] {
  return [
    guatemalaDay(m.at),
    registerMessages.kinds[m.kind],
    m.reference,
    m.donor,
    m.nit,
    registerMessages.methods[m.method] ?? m.method,
    m.currency,
    units(m.grossCents),
    units(m.feeCents),
    units(m.vatCents),
    units(m.netCents),
    units(m.gtqNetCents),
    m.designation,
    m.receiptSeries,
    m.receiptNumber,
    m.felUuid,
  ];
}

function csvField(value: string | number | null, delimiter: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return delimiter === ';' ? value.toFixed(2).replace('.', ',') : value.toFixed(2);
  // A leading = + - @ would be read as a formula by a spreadsheet: quote it behind an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\n\r,;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A movement's row for CSV: its Guatemala day written dd/mm/yyyy, as the reports' files and the Excel's date cells show it. */
function csvCells(m: Movement): (string | number | null)[] {
  const [day, ...rest] = cells(m);
  return [formatDay(day as string), ...rest];
}

/** The register as CSV text, one batch of rows per chunk. */
export function registerCsv(db: Db, period: RegisterPeriod, delimiter: ',' | ';' = ','): Readable {
  async function* lines() {
    yield `\uFEFF${HEADER.map((h) => csvField(h, delimiter)).join(delimiter)}\r\n`;
    for await (const batch of registerBatches(db, period)) {
      yield batch.map((m) => csvCells(m).map((v, i) => (i === 14 && typeof v === 'number' ? String(v) : csvField(v, delimiter))).join(delimiter)).join('\r\n') + '\r\n';
    }
  }
  return Readable.from(lines());
}

const MONEY = '#,##0.00';
const DAY = 'dd/mm/yyyy';

/** A movement's row for Excel: its Guatemala day as a date cell (sorted and filtered as a date, not text). */
function xlsxCells(m: Movement): (string | number | Date | null)[] {
  const [day, ...rest] = cells(m);
  return [new Date(`${day}T00:00:00Z`), ...rest];
}

/** The register as an Excel workbook: the movements sheet streamed row by row, then the totals. */
export function registerXlsx(db: Db, period: RegisterPeriod, organizationName: string): Readable {
  const out = new PassThrough();
  void (async () => {
    const ExcelJS = await loadExcel();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = organizationName;
    const ws = wb.addWorksheet(registerMessages.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = HEADER.map((header, i) => ({
      header,
      width: [12, 12, 14, 28, 14, 22, 8, 12, 12, 12, 12, 14, 24, 10, 10, 38][i],
      style: i >= 7 && i <= 11 ? { numFmt: MONEY } : i === 0 ? { numFmt: DAY } : {},
    }));
    ws.getRow(1).font = { bold: true };
    for await (const batch of registerBatches(db, period)) {
      for (const m of batch) ws.addRow(xlsxCells(m)).commit();
      // Let the zip stream drain to the client before the next batch.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    ws.commit();
    const totals = await registerTotals(db, period);
    const ts = wb.addWorksheet(registerMessages.totalsSheet);
    ts.columns = [{ width: 30 }, { width: 10 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }];
    const section = (title: string, rows: typeof totals.byMethod) => {
      ts.addRow([title, c.count, c.gross, c.fee, c.vat, c.net]).font = { bold: true };
      for (const t of rows) {
        const row = ts.addRow([t.label, t.count, units(t.grossCents), units(t.feeCents), units(t.vatCents), units(t.netCents)]);
        for (const i of [3, 4, 5, 6]) row.getCell(i).numFmt = MONEY;
      }
      ts.addRow([]);
    };
    section(registerMessages.byCurrency, totals.byCurrency);
    section(`${registerMessages.byMethod} (Q)`, totals.byMethod);
    section(`${registerMessages.byProgram} (Q)`, totals.byProgram);
    ts.commit();
    await wb.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
