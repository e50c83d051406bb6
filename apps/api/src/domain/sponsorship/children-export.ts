// The children's list as a file (docs/product.md#sponsorship, decision 0053): CSV (UTF-8 with BOM) or
// Excel .xlsx. Its columns come from the one visibility declaration (childExportColumns): public,
// sponsor and operational fields for everyone with the staff screen, the other staff fields only with
// `sponsorship.export_staff_fields`, never a `never_exported` field nor a photo. Every export is
// audited with who asked, the columns and the row count.
import { sql } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import { childStatusLabels } from '@donaciones/shared/messages/sponsorship';
import { childColumnTitles, sponsorshipReportMessages as m, sponsorshipReportTexts as t } from '@donaciones/shared/messages/sponsorship-reports';
import { type StaffChild, sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { type ChildExportColumn, childExportColumns } from '@donaciones/shared/schemas/sponsorship-reports';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sponsoredChildren } from '../../db/schema';
import { ForbiddenError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { CONTENT_TYPES, csvCell } from '../reporting/exports';
import { childView, readChildren } from './views';
import { loadExcel } from '../../platform/libraries';

type Cell = string | number;
type ExportRow = StaffChild & { sponsorCount: number };

const DATE_COLUMNS: readonly string[] = ['waitingSince', 'sponsoredSince'];

/** One cell of a column: a date as its Guatemala day, a status by its Spanish label, yes/no in words. */
function cellOf(row: ExportRow, column: ChildExportColumn): Cell {
  const value = row[column];
  if (value == null) return '';
  if (column === 'status') return childStatusLabels[row.status];
  if (DATE_COLUMNS.includes(column)) return guatemalaDay(String(value));
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return typeof value === 'number' ? value : String(value);
}

async function exportRows(db: Db): Promise<ExportRow[]> {
  const order = [sql`${sponsoredChildren.status}`, sql`${sponsoredChildren.waitingSince}`, sql`${sponsoredChildren.id}`];
  const [reads, counts] = await Promise.all([
    readChildren(db, undefined, order),
    db.execute(sql`SELECT child_id, count(*)::int AS n FROM sponsorships WHERE status = 'active' GROUP BY child_id`),
  ]);
  const sponsors = new Map(rowsOf<{ child_id: number; n: number }>(counts).map((r) => [Number(r.child_id), r.n]));
  const today = sponsorshipToday();
  return reads.map((read) => ({ ...childView(read, today), sponsorCount: sponsors.get(read.row.id) ?? 0 }));
}

export interface ChildExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
  columns: ChildExportColumn[];
  rows: number;
}

async function toXlsx(header: string[], data: Cell[][]): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(t.sheetName);
  sheet.addRow(header).font = { bold: true };
  for (const line of data) sheet.addRow(line);
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function exportChildren(
  db: Db,
  input: { format: 'csv' | 'xlsx'; staffFields: boolean; mayExportStaffFields: boolean; actor: Actor; ip?: string | null },
): Promise<ChildExportFile> {
  if (input.staffFields && !input.mayExportStaffFields) throw new ForbiddenError(m.staffFieldsForbidden);
  const columns = childExportColumns(input.staffFields);
  const header = columns.map((c) => childColumnTitles[c] ?? c);
  const data = (await exportRows(db)).map((row) => columns.map((c) => cellOf(row, c)));
  const name = t.fileName(sponsorshipToday());
  const body =
    input.format === 'csv'
      ? Buffer.from('\uFEFF' + [header, ...data].map((line) => line.map((c) => csvCell(c, ',')).join(',')).join('\r\n') + '\r\n', 'utf8')
      : await toXlsx(header, data);
  await audit(db, {
    actor: input.actor,
    action: 'sponsorship.children_export',
    entityType: 'sponsored_children',
    details: { format: input.format, staffFields: input.staffFields, columns, rows: data.length },
    ip: input.ip,
  });
  return { body, contentType: CONTENT_TYPES[input.format], fileName: `${name}.${input.format}`, columns, rows: data.length };
}
