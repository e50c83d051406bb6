// PDF receipts and yearly statements (docs/product.md#receipts): organisation, donor, NIT when given, amount in
// words and figures, date, reference and the permanent receipt number.
import PDFDocument from 'pdfkit';
import { CURRENCY } from '@donaciones/shared/constants';
import { formatCents, formatDate, formatDay, formatLongDate, formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { receiptMessages } from '../messages/receipts';
import type { OrganizationSettings } from '@donaciones/shared/schemas/settings';
import { amountInWords } from '@donaciones/shared/amount-in-words';
import type { ReceiptData, StatementData } from './member-donations';

const t = receiptMessages.pdf;
const ACCENT = '#b45309';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const SOFT = '#fdf6ec';
const MARGIN = 56;

type Doc = PDFKit.PDFDocument;

function render(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true, info: { Title: title, Author: 'Plataforma de Donaciones' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // The footer sits in the bottom margin; without lifting the margin pdfkit would start a new page for it.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        const y = doc.page.height - MARGIN + 16;
        doc.font('Helvetica').fontSize(8).fillColor(MUTED);
        doc.text(t.page(i + 1, range.count), MARGIN, y, { width: doc.page.width - MARGIN * 2, align: 'right', lineBreak: false });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/** The organisation block on the left and the document's title and number on the right. */
function header(doc: Doc, org: OrganizationSettings, title: string, number?: string) {
  const width = doc.page.width - MARGIN * 2;
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  const top = MARGIN;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(org.name, MARGIN, top, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [org.address, org.phone, org.email].filter(Boolean)) doc.text(line, { width: width * 0.6 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(title, MARGIN + width * 0.55, top, { width: width * 0.45, align: 'right' });
  if (number) {
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(`${t.receiptNumber} ${number}`, { width: width * 0.45, align: 'right' });
  }
  const y = Math.max(leftBottom, doc.y) + 14;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(RULE).stroke();
  doc.x = MARGIN;
  doc.y = y + 16;
}

function field(doc: Doc, label: string, value: string) {
  const width = doc.page.width - MARGIN * 2;
  const y = doc.y;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN, y, { width: 140 });
  doc.font('Helvetica').fontSize(11).fillColor(INK).text(value, MARGIN + 150, y, { width: width - 150 });
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

export function renderReceiptPdf(data: ReceiptData, org: OrganizationSettings, issuedAt = new Date()): Promise<Buffer> {
  const d = data.donation;
  const number = formatReceiptNumber(d.receiptNumber as number);
  const completedAt = d.completedAt ?? d.updatedAt;
  return render(`${t.receiptTitle} ${number}`, (doc) => {
    const width = doc.page.width - MARGIN * 2;
    header(doc, org, t.receiptTitle, number);

    field(doc, t.date, formatLongDate(completedAt));
    field(doc, t.donor, d.donorName);
    field(doc, t.email, d.donorEmail);
    field(doc, t.nit, d.donorNit ? d.donorNit : t.nitNone);
    field(doc, t.reference, d.referenceCode);
    field(doc, t.type, t.typeLabels[d.donationType]);
    if (data.programName) field(doc, t.program, data.programName);
    if (d.description) field(doc, t.description, d.description);

    // The amount, in figures and in words, in a tinted box.
    const boxTop = doc.y + 8;
    const words = amountInWords(d.amountCents, d.currency);
    doc.font('Helvetica').fontSize(11);
    const wordsHeight = doc.heightOfString(words, { width: width - 32 });
    const boxHeight = 70 + wordsHeight;
    doc.roundedRect(MARGIN, boxTop, width, boxHeight, 6).fill(SOFT);
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(t.amount, MARGIN + 16, boxTop + 14, { width: width - 32 });
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text(formatCents(d.amountCents, d.currency), { width: width - 32 });
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(t.amountInWords, { width: width - 32 });
    doc.fillColor(INK).font('Helvetica').fontSize(11).text(words, { width: width - 32 });
    doc.x = MARGIN;
    doc.y = boxTop + boxHeight + 16;

    // What was charged and what the charity keeps, apart, when the donor covered the fee; a dollar gift
    // with its quetzal equivalent at the staff rate fixed when it was made (docs/product.md#receipts).
    if (d.coveredFeeCents > 0) {
      field(doc, t.grossCharged, formatCents(d.amountCents, d.currency));
      field(doc, t.coveredFee, formatCents(d.coveredFeeCents, d.currency));
      field(doc, t.netGift, formatCents(d.amountCents - d.coveredFeeCents, d.currency));
    }
    if (d.currency !== CURRENCY && d.gtqCents != null) {
      field(doc, t.quetzalEquivalent, formatCents(d.gtqCents));
      if (d.exchangeRate) {
        const day = d.exchangeRateDate ? formatDay(d.exchangeRateDate) : null;
        field(doc, t.exchangeRate, t.exchangeRateValue(formatMoney(d.exchangeRate), formatMoney(1, d.currency), day));
      }
    }
    doc.moveDown(0.6);

    doc.font('Helvetica').fontSize(11).fillColor(INK).text(t.thanks, { width });
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(t.keepNote, { width });
    doc.text(t.issuedAt(formatLongDate(issuedAt)), { width });
  });
}

export function renderStatementPdf(data: StatementData, org: OrganizationSettings, issuedAt = new Date()): Promise<Buffer> {
  return render(t.statementTitle(data.year), (doc) => {
    const width = doc.page.width - MARGIN * 2;
    header(doc, org, t.statementTitle(data.year));

    field(doc, t.donor, data.donor.name);
    field(doc, t.email, data.donor.email);
    field(doc, t.nit, data.donor.nit ?? t.nitNone);
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(t.statementIntro(data.donor.name, data.year), MARGIN, doc.y, { width });
    doc.moveDown(0.8);

    const columns = [
      { label: t.date, width: 0.18, align: 'left' as const },
      { label: t.receiptNumber, width: 0.16, align: 'left' as const },
      { label: t.reference, width: 0.22, align: 'left' as const },
      { label: t.type, width: 0.24, align: 'left' as const },
      { label: t.amount, width: 0.2, align: 'right' as const },
    ];
    const headings = columns.map((c) => c.label);
    const row = (cells: string[], bold: boolean, fill?: string) => {
      const height = 22;
      if (doc.y + height > doc.page.height - MARGIN - 24) {
        doc.addPage();
        doc.y = MARGIN;
        // A long year continues on the next page under the same column headings.
        if (cells !== headings) row(headings, true, SOFT);
      }
      const y = doc.y;
      if (fill) doc.rect(MARGIN, y, width, height).fill(fill);
      let x = MARGIN + 6;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(INK);
      cells.forEach((cell, i) => {
        const w = columns[i].width * (width - 12);
        doc.text(cell, x, y + 7, { width: w - 4, align: columns[i].align, lineBreak: false });
        x += w;
      });
      doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };

    row(headings, true, SOFT);
    for (const d of data.donations) {
      row(
        [
          formatDate(d.completedAt ?? d.updatedAt),
          formatReceiptNumber(d.receiptNumber as number),
          d.referenceCode,
          t.typeLabels[d.donationType],
          formatCents(d.amountCents, d.currency),
        ],
        false,
      );
    }
    row([t.statementTotal, '', t.statementCount(data.donations.length), '', formatCents(data.totalCents)], true, SOFT);

    doc.moveDown(1);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t.amountInWords, MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(amountInWords(data.totalCents, CURRENCY), { width });
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(t.thanks, { width });
    doc.moveDown(1);
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(t.issuedAt(formatLongDate(issuedAt)), { width });
  });
}
