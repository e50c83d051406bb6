// The segment export (docs/product.md#donors): the donors of the list's filters, with the columns staff
// chose, as CSV (UTF-8 with BOM) or Excel .xlsx (exceljs). Only donor-record fields can be chosen: no
// card data, token or payment detail exists among them. Every export is audited with its filters,
// columns and row count.
import { and, asc, eq, gt, or } from 'drizzle-orm';
import { formatDate, formatDateTime, guatemalaDay } from '@donaciones/shared/format';
import { donorsMessages as m } from '@donaciones/shared/messages/donors';
import type { DonorExportColumn, DonorExportRequest } from '@donaciones/shared/schemas/donors';
import type { Db } from '../../db/client';
import { donors } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { donorConditions } from './search';
import type { DonorRow } from './views';
import { loadExcel } from '../../platform/libraries';

const CHUNK = 5000;

const cell: Record<DonorExportColumn, (r: DonorRow) => string | number> = {
  id: (r) => r.id,
  kind: (r) => m.kinds[r.kind],
  name: (r) => r.name,
  contactPerson: (r) => r.contactPerson ?? '',
  taxId: (r) => r.taxId ?? '',
  emails: (r) => r.emails.join(', '),
  phones: (r) => r.phones.join(', '),
  address: (r) => r.address ?? '',
  consentEmail: (r) => (r.consentEmail ? m.yes : m.no),
  consentWhatsapp: (r) => (r.consentWhatsapp ? m.yes : m.no),
  tags: (r) => r.tags.join(', '),
  giftCount: (r) => r.giftCount,
  lifetime: (r) => Number(r.lifetimeCents) / 100,
  // A day, as the list and the donor's page show it (a gift the office entered has no hour).
  firstGiftAt: (r) => (r.firstGiftAt ? formatDate(r.firstGiftAt) : ''),
  lastGiftAt: (r) => (r.lastGiftAt ? formatDate(r.lastGiftAt) : ''),
  createdAt: (r) => formatDateTime(r.createdAt),
};

/**
 * In Excel the first and last gift are date cells (sorted and filtered as dates, not as dd/mm/yyyy text), their
 * Guatemala day at midnight as the register writes its days; the CSV keeps the text above.
 */
const DAY_COLUMNS: Partial<Record<DonorExportColumn, (r: DonorRow) => Date | null>> = {
  firstGiftAt: (r) => r.firstGiftAt,
  lastGiftAt: (r) => r.lastGiftAt,
};
const DAY_FORMAT = 'dd/mm/yyyy';
const dayCell = (instant: Date | null) => (instant ? new Date(`${guatemalaDay(instant)}T00:00:00Z`) : null);

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* segment(db: Db, request: DonorExportRequest): AsyncGenerator<DonorRow[]> {
  const where = donorConditions(request);
  let after: DonorRow | undefined;
  for (;;) {
    const page = after ? [...where, or(gt(donors.name, after.name), and(eq(donors.name, after.name), gt(donors.id, after.id)))!] : where;
    const rows = await db.select().from(donors).where(and(...page)).orderBy(asc(donors.name), asc(donors.id)).limit(CHUNK);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1);
    if (rows.length < CHUNK) return;
  }
}

export interface DonorExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
  rows: number;
}

export async function exportDonors(db: Db, input: { request: DonorExportRequest; actor: Actor; ip?: string | null }): Promise<DonorExportFile> {
  const { format, columns, ...filters } = input.request;
  const header = columns.map((c) => m.columns[c]);
  const found: DonorRow[] = [];
  for await (const rows of segment(db, input.request)) found.push(...rows);
  const data = found.map((r) => columns.map((c) => cell[c](r)));
  const stamp = new Date().toISOString().slice(0, 10);
  let file: DonorExportFile;
  if (format === 'csv') {
    // Money with its two decimals (75.00), as the register's CSV writes it.
    const money = columns.indexOf('lifetime');
    const text = [header, ...data].map((line, row) => line.map((v, i) => csvCell(row > 0 && i === money ? Number(v).toFixed(2) : v)).join(',')).join('\r\n');
    file = { body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `donantes-${stamp}.csv`, rows: data.length };
  } else {
    const book = new (await loadExcel()).Workbook();
    const sheet = book.addWorksheet('Donantes');
    sheet.addRow(header).font = { bold: true };
    for (const r of found) sheet.addRow(columns.map((c) => (DAY_COLUMNS[c] ? dayCell(DAY_COLUMNS[c](r)) : cell[c](r))));
    const lifetime = columns.indexOf('lifetime');
    if (lifetime >= 0) sheet.getColumn(lifetime + 1).numFmt = '"Q"#,##0.00';
    columns.forEach((c, i) => DAY_COLUMNS[c] && (sheet.getColumn(i + 1).numFmt = DAY_FORMAT));
    file = {
      body: Buffer.from(await book.xlsx.writeBuffer()),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `donantes-${stamp}.xlsx`,
      rows: data.length,
    };
  }
  await audit(db, { actor: input.actor, action: 'donor.export', entityType: 'donor_segment', details: { format, columns, filters, rows: data.length }, ip: input.ip });
  return file;
}
