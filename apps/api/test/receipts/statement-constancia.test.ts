// The yearly statement without FEL (docs/product.md#receipts): like the receipt PDF, it says plainly that
// it is a constancia not certified by SAT and never claims deductibility on its own; once SAT certified
// every receipt it lists, it carries the organisation's deductibility text.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../src/db/schema';
import { renderStatementPdf } from '../../src/domain/receipts/pdf';
import { loadStatement, statementThrough } from '../../src/domain/receipts/statements';
import { receiptMessages } from '../../src/messages/receipts';

const receiptPdfMessages = receiptMessages.pdf;
import { createTestApp, createUser, pdfText, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const year = new Date().getUTCFullYear() - 1;
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the yearly statement', () => {
  it('is a constancia not certified by SAT while its receipts are not certified, and claims deductibility only once they are', async () => {
    const donor = await createUser(ctx.db, { roles: ['DONOR'] });
    await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 250, createdAt: new Date(Date.UTC(year, 4, 10, 18)) });
    const statement = await loadStatement(ctx.db, { userId: donor.id }, year);
    expect(statement.receipts.map((r) => r.felStatus)).toEqual(['not_required']);
    const deductibility = statement.issuer.deductibilityText;
    expect(deductibility).toBeTruthy();

    const uncertified = flat(await pdfText(await renderStatementPdf(statement)));
    expect(uncertified).toContain(flat(receiptPdfMessages.statementTitle(year)));
    expect(uncertified).toContain(flat(receiptPdfMessages.statementNotCertified));
    expect(uncertified).not.toContain(flat(deductibility as string));

    await ctx.db.update(receipts).set({ felStatus: 'certified' }).where(eq(receipts.id, statement.receipts[0].id));
    const certified = flat(await pdfText(await renderStatementPdf(await loadStatement(ctx.db, { userId: donor.id }, year))));
    expect(certified).toContain(flat(deductibility as string));
    expect(certified).not.toContain(flat(receiptPdfMessages.statementNotCertified));
  });
});

describe('the yearly statement of gifts given with different NITs', () => {
  it('states no single NIT: each gift shows the NIT or CF of its receipt, and the total is split by them', async () => {
    const donor = await createUser(ctx.db, { roles: ['DONOR'] });
    const at = (month: number) => new Date(Date.UTC(year, month, 10, 18));
    const gift = { userId: donor.id, donorEmail: donor.email };
    await make.donation(ctx.db, { ...gift, amount: 100, donorNit: '1234567-9', donorTaxIdKind: 'nit', createdAt: at(1) });
    await make.donation(ctx.db, { ...gift, amount: 40, createdAt: at(2) });
    await make.donation(ctx.db, { ...gift, amount: 60, donorNit: '1234567-9', donorTaxIdKind: 'nit', createdAt: at(3) });

    const statement = await loadStatement(ctx.db, { userId: donor.id }, year);
    expect(statement.donor.taxIds).toEqual(['1234567-9', 'CF']);
    const text = flat(await pdfText(await renderStatementPdf(statement)));
    expect(text).toContain(`NIT / CUI ${receiptPdfMessages.statementTaxIdMixed}`);
    expect(text).toMatch(/Total del año \(en quetzales\) 3 donaciones Q\s?200\.00/);
    expect(text).toMatch(/Emitidas al NIT 1234567-9 2 donaciones Q\s?160\.00/);
    expect(text).toMatch(/Emitidas a consumidor final \(CF\) 1 donación Q\s?40\.00/);

    // One NIT for the whole year: the header states it, and the table has no NIT column or parts.
    const single = await createUser(ctx.db, { roles: ['DONOR'] });
    await make.donation(ctx.db, { userId: single.id, donorEmail: single.email, amount: 75, donorNit: '7654321-0', donorTaxIdKind: 'nit', createdAt: at(5) });
    const alone = flat(await pdfText(await renderStatementPdf(await loadStatement(ctx.db, { userId: single.id }, year))));
    expect(alone).toContain('NIT / CUI 7654321-0');
    expect(alone).not.toContain('Emitidas');
  });
});

// A statement of the year still under way (generated on 30 November) covers it up to that day, not
// "durante el año" as if the year were over; a past year's keeps the wording.
describe('the statement of the current year', () => {
  it('says up to which day it covers the year while the year lasts, in the PDF and in its email', async () => {
    const donor = await createUser(ctx.db, { roles: ['DONOR'] });
    await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 75, createdAt: new Date(Date.UTC(year, 4, 10, 18)) });
    const statement = await loadStatement(ctx.db, { userId: donor.id }, year);
    // Noon in Guatemala on 30 November of the statement's year, and on 15 January of the next.
    const during = flat(await pdfText(await renderStatementPdf(statement, new Date(Date.UTC(year, 10, 30, 18)))));
    expect(during).toContain(`donaciones completadas del 1 de enero al 30 de noviembre de ${year}:`);
    expect(during).not.toContain('durante el año');
    const after = flat(await pdfText(await renderStatementPdf(statement, new Date(Date.UTC(year + 1, 0, 15, 18)))));
    expect(after).toContain(`donaciones completadas durante el año ${year}:`);

    expect(statementThrough(year, new Date(Date.UTC(year, 10, 30, 18)))).toBe(`30 de noviembre de ${year}`);
    expect(statementThrough(year, new Date(Date.UTC(year + 1, 0, 15, 18)))).toBeNull();
    const email = receiptMessages.statementEmail;
    expect(email.text('Ana', year, 'enlace', statementThrough(year, new Date(Date.UTC(year, 10, 30, 18))))).toContain(
      `las donaciones que hiciste del 1 de enero al 30 de noviembre de ${year}, con su total.`,
    );
    expect(email.text('Ana', year, 'enlace', null)).toContain(`las donaciones que hiciste durante ${year}, con su total.`);
  });
});
