// The children's export (docs/product.md#sponsorship, decision 0053): its columns are walked against
// the one visibility declaration (CHILD_FIELDS), so a field added there is checked too: never a
// `never_exported` field, staff-level ones only with sponsorship.export_staff_fields, never a photo;
// every export audited with who asked and which columns.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { childColumnTitles } from '@donaciones/shared/messages/sponsorship-reports';
import { can, ROLE_PERMISSIONS } from '@donaciones/shared/permissions';
import { CHILD_FIELDS, type ChildField } from '@donaciones/shared/schemas/sponsorship';
import { childExportColumns, OPERATIONAL_CHILD_FIELDS } from '@donaciones/shared/schemas/sponsorship-reports';
import { auditLog } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import { parseCsv } from '../support/csv';
import * as make from '../support/factory';
import { aChild, aConsent, aPhoto, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let staff: Caller;
let admin: Caller;
const MARK = `EXP${Date.now().toString(36)}`;
/** A marker in every text field of a child that is not public, so a leak shows in the file's bytes. */
const marked = {
  fullName: `${MARK}-nombre`,
  community: `${MARK}-comunidad`,
  school: `${MARK}-escuela`,
  guardianName: `${MARK}-encargado`,
  familySituation: `${MARK}-familia`,
  notes: `${MARK}-notas`,
};
const fields = Object.keys(CHILD_FIELDS) as ChildField[];
const levelOf = (k: string) => (k in CHILD_FIELDS ? CHILD_FIELDS[k as ChildField].visibility : 'computed');
const title = (k: string) => childColumnTitles[k] ?? k;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  const child = await aChild(ctx.db, { firstName: 'Marisol', ...marked, birthDate: '2014-03-09', status: 'sponsored' });
  await aConsent(ctx.db, child.id, { givenBy: `${MARK}-firmante` });
  await aPhoto(ctx.db, child.id);
  const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  await anActiveSponsorship(ctx.db, child.id, sponsor.id);
  await aChild(ctx.db, { firstName: 'Kevin', department: 'Quiché' });
}, 60_000);

afterAll(() => ctx?.close());

const exportAs = (caller: Caller | undefined, payload: Record<string, unknown>) =>
  inject(ctx.app, { method: 'POST', url: '/api/v1/admin/sponsorship/children/export', payload, token: caller?.token });
const csvOf = (payload: Buffer) => parseCsv(payload.toString('utf8').replace(/^\uFEFF/, ''));

describe('the export columns, walked against the visibility declaration', () => {
  it('never has a never_exported field nor a photo, and staff-level ones only when asked for', () => {
    const plain = childExportColumns(false);
    const full = childExportColumns(true);
    for (const k of fields) {
      const level = CHILD_FIELDS[k].visibility;
      if (level === 'never_exported' || k === 'photoUrl') {
        expect(plain, k).not.toContain(k);
        expect(full, k).not.toContain(k);
      } else if (level === 'staff') {
        expect(full, k).toContain(k);
        expect(plain.includes(k), k).toBe(OPERATIONAL_CHILD_FIELDS.includes(k));
      } else {
        expect(plain, k).toContain(k);
      }
    }
    expect(fields.some((k) => CHILD_FIELDS[k].visibility === 'never_exported')).toBe(true);
    // The operational list names only staff-level fields: it cannot widen anything else.
    for (const k of OPERATIONAL_CHILD_FIELDS) expect(CHILD_FIELDS[k].visibility).toBe('staff');
    // Every column has a Spanish title.
    for (const k of full) expect(childColumnTitles[k], k).toBeTruthy();
  });

  it('gives the staff-fields permission to ADMIN only', () => {
    expect(can(['ADMIN'], 'sponsorship.export_staff_fields')).toBe(true);
    for (const role of Object.keys(ROLE_PERMISSIONS).filter((r) => r !== 'ADMIN')) expect(can([role], 'sponsorship.export_staff_fields'), role).toBe(false);
  });
});

describe('POST /admin/sponsorship/children/export', () => {
  it('gives sponsorship staff a CSV without any staff-only column or value, and refuses them the staff fields', async () => {
    const res = await exportAs(staff, { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="ninas-y-ninos-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvOf(res.rawPayload);
    expect(rows[0]).toEqual(childExportColumns(false).map(title));
    for (const k of fields.filter((f) => levelOf(f) === 'staff' && !OPERATIONAL_CHILD_FIELDS.includes(f))) expect(rows[0]).not.toContain(title(k));
    const text = res.rawPayload.toString('utf8');
    expect(text).not.toContain(MARK);
    expect(text).not.toContain('2014-03-09');
    expect(text).not.toContain('/sponsorship/photos/');
    const marisol = rows.find((r) => r.includes('Marisol'))!;
    const at = (k: string) => marisol[rows[0].indexOf(title(k))];
    expect(at('status')).toBe('Apadrinado');
    expect(at('sponsorCount')).toBe('1');
    expect(at('sponsorPlaces')).toBe('1');
    expect(rows).toHaveLength(3);

    const refused = await exportAs(staff, { format: 'csv', staffFields: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('No tienes permiso para exportar los datos personales');
  });

  it('gives ADMIN the staff fields on request, and never the never_exported ones, the photo or the consent signer', async () => {
    const res = await exportAs(admin, { format: 'xlsx', staffFields: true });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(childExportColumns(true).map(title));
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    const text = cells.join('\n');
    expect(text).toContain(marked.fullName);
    expect(text).toContain(marked.guardianName);
    expect(text).toContain('2014-03-09');
    for (const k of fields.filter((f) => levelOf(f) === 'never_exported')) {
      expect(header, k).not.toContain(title(k));
      if (k in marked) expect(text, k).not.toContain(marked[k as keyof typeof marked]);
    }
    expect(text).not.toContain(`${MARK}-firmante`);
    expect(text).not.toContain('/sponsorship/photos/');
    // Without asking, ADMIN gets the default columns too.
    const plain = await exportAs(admin, { format: 'csv' });
    expect(csvOf(plain.rawPayload)[0]).toEqual(childExportColumns(false).map(title));
  });

  it('audits every export with who asked, the format and the columns', async () => {
    await exportAs(staff, { format: 'xlsx' });
    const rows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'sponsorship.children_export'), eq(auditLog.actorUserId, staff.id)));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const xlsx = rows.find((r) => (r.details as { format: string }).format === 'xlsx')!;
    expect(xlsx.actorEmail).toBe(staff.email);
    expect(xlsx.details).toMatchObject({ format: 'xlsx', staffFields: false, columns: childExportColumns(false), rows: 2 });
    const adminRows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'sponsorship.children_export'), eq(auditLog.actorUserId, admin.id)));
    expect(adminRows.some((r) => (r.details as { staffFields: boolean }).staffFields)).toBe(true);
    // A refused export is not a file and leaves no export entry with staff fields for that person.
    expect(rows.some((r) => (r.details as { staffFields: boolean }).staffFields)).toBe(false);
  });

  it('refuses anonymous (401), donor and finance callers (403), and an unknown format (400, in Spanish)', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
    expect((await exportAs(undefined, { format: 'csv' })).statusCode).toBe(401);
    expect((await exportAs(donor, { format: 'csv' })).statusCode).toBe(403);
    expect((await exportAs(finance, { format: 'csv', staffFields: true })).statusCode).toBe(403);
    const bad = await exportAs(staff, { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Elige CSV o Excel');
    const typed = await exportAs(admin, { format: 'csv', staffFields: 'sí' });
    expect(typed.statusCode).toBe(400);
    expect(JSON.stringify(typed.json())).toContain('Indica sí o no');
  });
});
