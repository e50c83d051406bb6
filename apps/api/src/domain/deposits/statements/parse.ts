// Reading a bank's movement file (docs/product.md#bank-deposits): CSV as Guatemalan banks export it, with `;` or
// `,` (or tab) between fields, dates dd/mm/yyyy, amounts 1,234.56 or 1.234,56, sometimes a few lines
// of account details above the header. Pure functions: bytes in, rows or a Spanish refusal out.
import { parse } from 'csv-parse/sync';
import { decimalMarkOf, type DecimalMark } from '@donaciones/shared/amount-input';
import { badRequest } from '../../../errors';
import { bankStatementMessages as m } from '../../../messages/bank-statements';

export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 10_000;
/** Rows shown under the headers while staff choose the columns. */
export const PREVIEW_ROWS = 5;

export type Delimiter = ';' | ',' | '\t';

export interface ColumnMapping {
  date: string;
  description: string;
  reference: string | null;
  credit: string;
  debit: string | null;
}

export interface StatementTable {
  delimiter: Delimiter;
  headers: string[];
  /** The file line of the header (1 = first line). */
  headerLine: number;
  rows: { line: number; cells: string[] }[];
}

export interface StatementCredit {
  line: number;
  /** YYYY-MM-DD */
  postedOn: string;
  description: string;
  reference: string | null;
  creditCents: number;
  /** The balance after the movement, when the file has a «Saldo» column (part of the movement's identity). */
  balanceCents: number | null;
}

/** Decodes the bytes: UTF-8 when valid, else Windows-1252 (what spreadsheet programs here save). */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length === 0) throw badRequest(m.empty);
  if (bytes.length > STATEMENT_MAX_BYTES) throw badRequest(m.tooLarge(STATEMENT_MAX_BYTES / 1024 / 1024));
  // xlsx is a zip (it starts with PK), xls an OLE compound file (0xD0CF11E0).
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0)) {
    throw badRequest(m.spreadsheet);
  }
  return decodeSpreadsheetText(bytes, m.notText);
}

/**
 * A text file as spreadsheet programs here save it: UTF-8 when valid, else Windows-1252, without its
 * byte-order mark; a file with NUL or other control characters is refused with `notText`.
 */
export function decodeSpreadsheetText(bytes: Uint8Array, notText: string): string {
  if (bytes.includes(0)) throw badRequest(notText);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // Control characters other than tab and line ends mean a binary file that merely has no NUL.
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000e-\u001f]/.test(text)) throw badRequest(notText);
  return text.replace(/^\uFEFF/, '');
}

/** The field separator: `;` or tab when the first lines carry them (amounts may hold commas), else `,`. */
export function detectDelimiter(text: string): Delimiter {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  const count = (c: string) => lines.reduce((n, l) => n + l.split(c).length - 1, 0);
  const semicolons = count(';');
  const tabs = count('\t');
  if (semicolons === 0 && tabs === 0) return ',';
  return tabs > semicolons ? '\t' : ';';
}

const looksLikeData = (cell: string) => parseStatementDate(cell) != null || /^[-(]?\s*(Q|GTQ|US\$|\$)?\s*[\d.,]+\)?-?$/i.test(cell);

/**
 * The header row, wherever it is: the account details some banks (or Excel, padding them with `;` to the
 * table's width) print above it fill few cells, so the header is the first row that fills nearly as many
 * cells as the fullest rows, with two or more names, none of them a date or an amount.
 */
export function headerRowOf(rows: string[][]): number {
  const filled = rows.map((r) => r.filter((c) => c !== '').length);
  const fullest = Math.max(0, ...filled);
  return rows.findIndex((r, i) => filled[i] >= 2 && filled[i] >= fullest - 1 && !r.some((c) => c !== '' && looksLikeData(c)));
}

/** Parses the file into the header and the rows below it, each with its line number in the file. */
export function readStatement(bytes: Uint8Array): StatementTable {
  const text = decodeStatement(bytes);
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw badRequest(m.unreadable(line));
  }
  const rows = records.filter((r) => r.record.some((cell) => cell !== ''));
  const headerIndex = headerRowOf(rows.map((r) => r.record));
  if (headerIndex < 0) throw badRequest(m.noHeader);
  const headers = rows[headerIndex].record.map((h, i) => h.replace(/\s+/g, ' ') || `Columna ${i + 1}`);
  const data = rows.slice(headerIndex + 1).map((r) => ({ line: r.info.lines, cells: r.record }));
  if (data.length === 0) throw badRequest(m.noRows);
  if (data.length > STATEMENT_MAX_LINES) throw badRequest(m.tooManyLines(STATEMENT_MAX_LINES));
  return { delimiter, headers, headerLine: rows[headerIndex].info.lines, rows: data };
}

const NAME_HINTS: Record<keyof ColumnMapping, RegExp> = {
  date: /fecha/i,
  description: /descrip|concepto|detalle|observ/i,
  reference: /refer|documento|no\.?\s*doc|boleta|comprobante/i,
  credit: /cr[eé]dito|abono|dep[oó]sito|ingreso/i,
  debit: /d[eé]bito|cargo|retiro|egreso/i,
};

/** A first guess of the mapping from the header names, for a bank with no saved mapping. */
export function guessMapping(headers: string[]): Partial<ColumnMapping> {
  const guess: Partial<ColumnMapping> = {};
  const used = new Set<string>();
  for (const key of ['date', 'credit', 'debit', 'reference', 'description'] as const) {
    const found = headers.find((h) => !used.has(h) && NAME_HINTS[key].test(h));
    if (found) {
      guess[key] = found;
      used.add(found);
    }
  }
  return guess;
}

/** dd/mm/yyyy (also with `-` or `.`, a two-digit year, or a time after it) and yyyy-mm-dd, as YYYY-MM-DD, within 2000-2100. */
export function parseStatementDate(value: string): string | null {
  const day = readWrittenDay(value);
  return day && day >= '2000-01-01' && day <= '2100-12-31' ? day : null;
}

/** The same writings as a real calendar day of any four-digit year, so that a caller can say why a day is refused. */
export function readWrittenDay(value: string): string | null {
  const v = value.trim().split(/[\sT]/)[0] ?? '';
  let day: number, month: number, year: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(v);
  if (match) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3].length === 2) year += 2000;
  } else if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v))) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return null;
  }
  if (year < 1000) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Which decimal separator the file's amounts use (decimalMarkOf, as an import's amount column); a file mixing both is refused. */
export function detectDecimalSeparator(values: string[]): DecimalMark {
  const mark = decimalMarkOf(values);
  if (mark === null) throw badRequest(m.mixedDecimals);
  return mark;
}

/**
 * An amount in cents (negative for `-`, a trailing `-` or parentheses), or null when unreadable; an
 * empty cell is 0. Currency signs (Q, GTQ, US$, $) and spaces are ignored.
 */
export function parseStatementAmount(value: string, decimal: DecimalMark): number | null {
  let v = value.trim().replace(/^(GTQ|USD|US\$|Q\.?|\$)\s*/i, '').replace(/\s+/g, '');
  if (v === '' || v === '-') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(v)) {
    negative = true;
    v = v.slice(1, -1);
  }
  if (v.startsWith('-')) {
    negative = !negative;
    v = v.slice(1);
  } else if (v.endsWith('-')) {
    negative = !negative;
    v = v.slice(0, -1);
  }
  v = v.replace(/^(GTQ|USD|US\$|Q\.?|\$)/i, '');
  const thousands = decimal === ',' ? '.' : ',';
  const pattern = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*(\\${decimal}\\d{1,2})?$|^\\d+(\\${decimal}\\d{1,2})?$`);
  if (!pattern.test(v)) return null;
  const [whole, fraction = ''] = v.split(thousands).join('').split(decimal);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/**
 * The credit lines of the file under a mapping. Debits (a debit cell, or a negative credit when the
 * file has one signed amount column) and zero lines are counted as skipped; an unreadable date or amount
 * refuses the whole file with its line number, so nothing is imported half-read.
 */
export function creditsOf(table: StatementTable, mapping: ColumnMapping): { credits: StatementCredit[]; skipped: number } {
  const index = (label: keyof typeof m.labels, column: string | null) => {
    if (column == null) return -1;
    const i = table.headers.indexOf(column);
    if (i < 0) throw badRequest(m.missingColumn(m.labels[label], column));
    return i;
  };
  const dateAt = index('date', mapping.date);
  const descriptionAt = index('description', mapping.description);
  const referenceAt = index('reference', mapping.reference);
  const creditAt = index('credit', mapping.credit);
  const debitAt = index('debit', mapping.debit);
  const mapped = new Set([dateAt, descriptionAt, referenceAt, creditAt, debitAt]);
  const balanceAt = table.headers.findIndex((h, i) => !mapped.has(i) && /^saldo\b/i.test(h.trim()));
  const cell = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
  const decimal = detectDecimalSeparator(table.rows.flatMap((r) => [cell(r.cells, creditAt), cell(r.cells, debitAt)]).filter((v) => v !== ''));

  const credits: StatementCredit[] = [];
  let skipped = 0;
  for (const { line, cells } of table.rows) {
    const rawDate = cell(cells, dateAt);
    const rawCredit = cell(cells, creditAt);
    const rawDebit = cell(cells, debitAt);
    // A line with neither date nor amount is a note or a total label, not a movement.
    if (rawDate === '' && rawCredit === '' && rawDebit === '') {
      skipped++;
      continue;
    }
    const postedOn = parseStatementDate(rawDate);
    if (!postedOn) throw badRequest(m.badDate(line, rawDate));
    const credit = parseStatementAmount(rawCredit, decimal);
    if (credit == null) throw badRequest(m.badAmount(line, rawCredit));
    if (debitAt >= 0 && parseStatementAmount(rawDebit, decimal) == null) throw badRequest(m.badAmount(line, rawDebit));
    if (credit <= 0) {
      skipped++;
      continue;
    }
    credits.push({
      line,
      postedOn,
      description: cell(cells, descriptionAt).slice(0, 500),
      reference: cell(cells, referenceAt).slice(0, 200) || null,
      creditCents: credit,
      // An unreadable balance only makes the movement's identity less precise; it refuses nothing.
      balanceCents: balanceAt < 0 ? null : cell(cells, balanceAt) === '' ? null : parseStatementAmount(cell(cells, balanceAt), decimal),
    });
  }
  if (credits.length === 0) throw badRequest(m.noCredits);
  return { credits, skipped };
}
