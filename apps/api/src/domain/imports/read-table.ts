// Reading an import file (docs/product.md#imports): CSV (`,`, `;` or tab, UTF-8 or Windows-1252, as Excel and
// Google Sheets save it) or the first sheet of an XLSX workbook, into a header row and the rows below it,
// each with its line (the row number staff see in the spreadsheet). Bytes in, table or a Spanish refusal out.
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_LINES } from '@donaciones/shared/schemas/imports';
import { importsMessages } from '@donaciones/shared/messages/imports';
import { badRequest } from '../../errors';
import { decodeSpreadsheetText, detectDelimiter, headerRowOf } from '../deposits/statements/parse';
import { loadExcel } from '../../platform/libraries';

const m = importsMessages.api;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export interface ImportRow {
  line: number;
  cells: string[];
  /** The cells an XLSX holds as numbers: their text is the number's, whatever the column's decimal mark. */
  numbers?: ReadonlySet<number>;
}

export interface ImportTable {
  headers: string[];
  rows: ImportRow[];
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;
const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

function csvRows(bytes: Uint8Array): ImportRow[] {
  const text = decodeSpreadsheetText(bytes, m.notText);
  try {
    const records = parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map((r) => ({ line: r.info.lines, cells: r.record }));
  } catch (error) {
    throw badRequest(m.unreadable((error as { lines?: number }).lines ?? 1));
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A number cell as Excel shows it: at most 15 significant digits. A sum or a product in the sheet keeps the
 * binary noise of its arithmetic (=0.1+0.2 holds 0.30000000000000004, shown 0.3), which the amount rules
 * would refuse as more than two decimals although staff see Q0.30; a real third decimal (99.999) stays.
 */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** A cell as staff read it: dates as dd/mm/yyyy (the sheet's own day), numbers as Excel shows them, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'number') return numberText(value);
  if (value instanceof Date) return `${two(value.getUTCDate())}/${two(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('hyperlink' in value) return String(value.hyperlink);
    return '';
  }
  return String(value).trim();
}

/** A cell's value is a number, or a formula whose result is one. */
const holdsNumber = (value: ExcelJS.CellValue): boolean =>
  typeof value === 'number' || (value != null && typeof value === 'object' && 'result' in value && typeof value.result === 'number');

async function xlsxRows(bytes: Uint8Array): Promise<ImportRow[]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw badRequest(m.xlsxUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(m.noRows);
  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length > IMPORT_MAX_LINES + 10) return;
    const cells: string[] = [];
    const numbers = new Set<number>();
    for (let c = 1; c <= row.cellCount; c++) {
      const value = row.getCell(c).value;
      if (holdsNumber(value)) numbers.add(c - 1);
      cells.push(cellText(value));
    }
    rows.push({ line: rowNumber, cells, numbers });
  });
  return rows;
}

/** The header row (the first that names most columns, as bank files are read) and the data rows below it. */
export async function readImportTable(bytes: Uint8Array): Promise<ImportTable> {
  if (bytes.length === 0) throw badRequest(m.empty);
  if (bytes.length > IMPORT_MAX_BYTES) throw badRequest(m.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  if (isOle(bytes)) throw badRequest(m.oldExcel);
  const all = (isZip(bytes) ? await xlsxRows(bytes) : csvRows(bytes)).filter((r) => r.cells.some((c) => c !== ''));
  const headerIndex = headerRowOf(all.map((r) => r.cells));
  if (headerIndex < 0) throw badRequest(m.noHeader);
  const headers = all[headerIndex].cells.map((h, i) => h.replace(/\s+/g, ' ').trim() || `Columna ${i + 1}`);
  const rows = all.slice(headerIndex + 1);
  if (rows.length === 0) throw badRequest(m.noRows);
  if (rows.length > IMPORT_MAX_LINES) throw badRequest(m.tooManyLines(IMPORT_MAX_LINES));
  return { headers, rows };
}
