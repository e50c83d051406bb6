// The yearly statement without FEL (docs/product.md#receipts): like the receipt PDF, it says plainly that
// it is a constancia not certified by SAT and never claims deductibility on its own; once SAT certified
// every receipt it lists, it carries the organisation's deductibility text.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../src/db/schema';
import { renderStatementPdf } from '../../src/domain/receipts/pdf';
import { loadStatement } from '../../src/domain/receipts/statements';
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
