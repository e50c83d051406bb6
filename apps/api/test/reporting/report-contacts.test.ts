// Reports carry donors' contact details only for staff who may read them (docs/product.md#reports-and-exports):
// ADMIN and FINANCE (donors.read) get the top donors' emails; COMMUNICATIONS (reports.read alone) gets
// each name alone, in the answer and in the CSV, Excel and PDF files, with no email column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { createTestApp, inject, json, pdfText, type Caller, type TestContext } from '../support/helpers';
import { parseCsv } from '../support/csv';
import * as make from '../support/factory';

const r = adminMessages.reports;
let ctx: TestContext;
let admin: Caller;
let finance: Caller;
let communications: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, finance, communications] = await Promise.all(
    (['ADMIN', 'FINANCE', 'COMMUNICATIONS'] as const).map((role) => make.signIn(ctx.app, ctx.db, { roles: [role] })),
  );
  await make.donation(ctx.db, { amountCents: 50_000, donorName: 'Rosa Ajú Tzoc', donorEmail: 'rosa.aju@correo.gt' });
  await make.donation(ctx.db, { amountCents: 20_000, donorName: 'Pedro Xol', donorEmail: 'pedro.xol@correo.gt' });
});
afterAll(async () => ctx?.close());

const analytics = (who: Caller) => inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=year', token: who.token });
const exported = (who: Caller, format: 'csv' | 'xlsx' | 'pdf') =>
  inject(ctx.app, { method: 'GET', url: `/api/v1/admin/reports/export?period=year&format=${format}`, token: who.token });

describe('top donors by role', () => {
  it('gives ADMIN and FINANCE the emails', async () => {
    for (const who of [admin, finance]) {
      const res = await analytics(who);
      expect(res.statusCode).toBe(200);
      expect(json<Analytics>(res).top_donors.map((d) => d.email)).toEqual(['rosa.aju@correo.gt', 'pedro.xol@correo.gt']);
    }
  });

  it('gives COMMUNICATIONS the names alone', async () => {
    const res = await analytics(communications);
    expect(res.statusCode).toBe(200);
    const top = json<Analytics>(res).top_donors;
    expect(top.map((d) => d.name)).toEqual(['Rosa Ajú Tzoc', 'Pedro Xol']);
    for (const d of top) expect(d).not.toHaveProperty('email');
    expect(res.body).not.toContain('@correo.gt');
  });
});

describe('report files by role', () => {
  it('writes the email column for ADMIN', async () => {
    const csv = await exported(admin, 'csv');
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.rawPayload.toString('utf8').slice(1), ',');
    expect(rows).toContainEqual([r.donorName, r.donorEmail, `${r.totalDonated} (Q)`, r.donationsCount]);
    expect(rows).toContainEqual(['Rosa Ajú Tzoc', 'rosa.aju@correo.gt', '500.00', '1']);
    const pdf = await exported(admin, 'pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('rosa.aju@correo.gt');
  });

  it('leaves emails and their column out of the CSV, Excel and PDF of COMMUNICATIONS', async () => {
    const csv = await exported(communications, 'csv');
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text).not.toContain('@correo.gt');
    const rows = parseCsv(text.slice(1), ',');
    expect(rows).toContainEqual([r.donorName, `${r.totalDonated} (Q)`, r.donationsCount]);
    expect(rows).toContainEqual(['Rosa Ajú Tzoc', '500.00', '1']);
    expect(rows.flat()).not.toContain(r.donorEmail);

    const xlsx = await exported(communications, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(r.topDonors.slice(0, 31));
    expect(sheet?.getRow(1).values).toEqual([undefined, r.donorName, `${r.totalDonated} (Q)`, r.donationsCount]);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Rosa Ajú Tzoc', 500, 1]);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => cells.push(JSON.stringify(row.values))));
    expect(cells.join('\n')).not.toContain('@correo.gt');

    const pdf = await pdfText((await exported(communications, 'pdf')).rawPayload);
    expect(pdf).toContain('Rosa Ajú Tzoc');
    expect(pdf).not.toContain('@correo.gt');
    expect(pdf).not.toContain(r.donorEmail);
  });
});
