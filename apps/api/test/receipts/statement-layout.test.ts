// The yearly statement's layout (docs/product.md#receipts): the total row's label stays inside its row, and
// the closing lines (the total in words, the thanks) never go alone onto a page of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderStatementPdf } from '../../src/domain/receipts/pdf';
import { loadStatement } from '../../src/domain/receipts/statements';
import { createTestApp, createUser, pdfPageCount, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const year = new Date().getUTCFullYear() - 1;

/** The text of each page apart, as pdf.js reads it. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await doc.destroy();
  return pages;
}

/** Where pdf.js places each piece of text: the total row's label must end before the next column starts. */
async function totalRowPieces(pdf: Buffer): Promise<{ str: string; x: number; right: number }[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const page = await doc.getPage(doc.numPages);
  const items = (await page.getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() ? [item] : []));
  const label = items.find((i) => i.str.includes('Total del año'));
  const row = label ? items.filter((i) => Math.abs(i.transform[5] - label.transform[5]) < 1) : [];
  await doc.destroy();
  return row.map((i) => ({ str: i.str, x: i.transform[4], right: i.transform[4] + i.width }));
}

describe('the yearly statement', () => {
  it('keeps the total row readable and the closing lines with the table, whatever the number of gifts', { timeout: 120_000 }, async () => {
    const donor = await createUser(ctx.db, { roles: ['DONOR'] });
    const shots = process.env.RECEIPT_SHOTS_DIR;
    for (let n = 1; n <= 30; n++) {
      await make.donation(ctx.db, { userId: donor.id, donorEmail: donor.email, amount: 100 + n, createdAt: new Date(Date.UTC(year, n % 12, 1 + (n % 27), 18)) });
      const pdf = await renderStatementPdf(await loadStatement(ctx.db, { userId: donor.id }, year), new Date(Date.UTC(year + 1, 0, 15)));
      const pages = await pageTexts(pdf);
      const last = pages.at(-1) ?? '';
      // The last page holds the total row with at least one gift above it, and the thanks after it.
      expect(last, `${n} donaciones`).toContain('Total del año (en quetzales)');
      expect(last, `${n} donaciones`).toContain('Gracias por tu generosidad');
      expect(last.split('Total del año')[0], `${n} donaciones`).toMatch(/#MG\d{8}/);
      if (n === 1) expect(await pdfPageCount(pdf)).toBe(1);

      const pieces = await totalRowPieces(pdf);
      // One line: wrapped, the label ran below its row.
      const label = pieces.find((p) => p.str.includes('Total del año'))!;
      expect(label.str, `${n} donaciones`).toContain('Total del año (en quetzales)');
      const next = pieces.filter((p) => p.x > label.x).sort((a, b) => a.x - b.x)[0];
      expect(next && label.right, `${n} donaciones`).toBeLessThanOrEqual(next?.x ?? Infinity);

      if (shots && (n === 1 || pages.length > 1)) {
        const dir = mkdtempSync(path.join(tmpdir(), 'constancia-'));
        writeFileSync(path.join(dir, 'c.pdf'), pdf);
        mkdirSync(shots, { recursive: true });
        execFileSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'c.pdf'), path.join(shots, `constancia-${n}`)]);
      }
    }
  });
});
