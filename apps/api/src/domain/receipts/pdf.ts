// PDF receipts and yearly statements (docs/product.md#receipts): the issuer's fiscal identity, the donor,
// the gift in figures and in words, the signer, the FEL block once certified (until then a "Constancia de
// donación" that says it is not certified), ANULADO once voided. Every value comes from the stored
// receipt, so a receipt downloaded twice is the same document.
import QRCode from 'qrcode';
import { CURRENCY } from '@donaciones/shared/constants';
import { formatCents, formatDate, formatDateTime, formatDay, formatLongDate, formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { amountInWords } from '@donaciones/shared/amount-in-words';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EmailAttachment, type ReceiptIssuer, receipts } from '../../db/schema';
import { receiptMessages } from '../../messages/receipts';
import type { MailAttachment } from '../../platform/mailer';
import { type ReceiptRow, receiptFilename, receiptLabel } from './receipts';
import { type StatementData, loadStatement, receiptQuetzalCents, receiptTaxId, statementThrough } from './statements';
import { loadPdfDocument } from '../../platform/libraries';

const t = receiptMessages.pdf;
const ACCENT = '#b45309';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const SOFT = '#fdf6ec';
const VOID = '#b91c1c';
const MARGIN = 56;

type Doc = PDFKit.PDFDocument;

/** A boxed line under the header: the document is not SAT's certified receipt. */
function notCertifiedNotice(doc: Doc, text: string) {
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(9);
  const height = doc.heightOfString(text, { width: width - 24 }) + 16;
  const top = doc.y;
  doc.roundedRect(MARGIN, top, width, height, 4).fill('#fef3c7');
  doc.fillColor('#78350f').text(text, MARGIN + 12, top + 8, { width: width - 24 });
  doc.x = MARGIN;
  doc.y = top + height + 12;
}

/** `createdAt` is the document's own date (the receipt's issue), which also fixes the file's id: same input, same bytes. */
async function render(title: string, createdAt: Date, draw: (doc: Doc) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfDocument();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: title, Author: 'Plataforma de Donaciones', CreationDate: createdAt, ModDate: createdAt },
    });
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

/** The issuer block on the left (legal name, NIT, address, registration, contact) and the title on the right. */
function header(doc: Doc, issuer: ReceiptIssuer, title: string, lines: string[] = []) {
  const width = doc.page.width - MARGIN * 2;
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  const top = MARGIN;
  const org = issuer.organization ?? {};
  const name = issuer.legalName || org.name || '';
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(name, MARGIN, top, { width: width * 0.58 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const details = [
    issuer.legalName && org.name && org.name !== issuer.legalName ? org.name : '',
    issuer.nit ? t.issuerNit(issuer.nit) : '',
    issuer.fiscalAddress || org.address || '',
    issuer.registration ?? '',
    [org.phone, org.email].filter(Boolean).join(' · '),
  ];
  for (const line of details.filter(Boolean)) doc.text(line, { width: width * 0.58 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(title, MARGIN + width * 0.6, top, { width: width * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, { width: width * 0.4, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 14;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(RULE).stroke();
  doc.x = MARGIN;
  doc.y = y + 16;
}

function field(doc: Doc, label: string, value: string) {
  const width = doc.page.width - MARGIN * 2;
  const y = doc.y;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN, y, { width: 150 });
  const labelBottom = doc.y;
  doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(value, MARGIN + 160, y, { width: width - 160 });
  doc.x = MARGIN;
  // A long label wraps: the next field starts below whichever of the two is taller.
  doc.y = Math.max(labelBottom, doc.y);
  doc.moveDown(0.35);
}

/** SAT's public verification of a certified document, as the QR code on the receipt points to it. */
export function satVerificationUrl(r: Pick<ReceiptRow, 'felUuid' | 'donorTaxId' | 'amountCents' | 'currency' | 'gtqCents'>, issuerNit: string): string {
  const params = new URLSearchParams({
    tipo: 'autorizacion',
    numero: r.felUuid ?? '',
    emisor: issuerNit.replace(/-/g, ''),
    receptor: r.donorTaxId.replace(/-/g, ''),
    monto: (receiptQuetzalCents(r) / 100).toFixed(2),
  });
  return `${SAT_VERIFICATION_URL}?${params.toString()}`;
}

const SAT_VERIFICATION_URL = 'https://felpub.c.sat.gob.gt/verificador-web/publico/vistas/verificacionDte.jsf';

/** The receipt as issued: everything printed comes from the stored row, so every download is the same document. */
// eslint-disable-next-line max-lines-per-function -- draws the receipt top to bottom: the order of the calls is the page's layout
export async function renderReceiptPdf(r: ReceiptRow): Promise<Buffer> {
  const label = receiptLabel(r);
  const issuer = r.issuer;
  const qr = r.felUuid ? await QRCode.toBuffer(satVerificationUrl(r, issuer.nit ?? ''), { margin: 1, width: 240 }) : null;
  const signature = issuer.signatureImage ? Buffer.from(issuer.signatureImage.base64, 'base64') : null;
  // Only SAT's certification (FEL) makes it the fiscal receipt; until then it says plainly what it is.
  const certified = Boolean(r.felUuid);
  const title = certified ? t.receiptTitle : t.uncertifiedTitle;
  // eslint-disable-next-line max-lines-per-function -- draws the receipt top to bottom: the order of the calls is the page's layout
  return render(`${title} ${label}`, r.issuedAt, (doc) => {
    const width = doc.page.width - MARGIN * 2;
    header(doc, issuer, title, [t.seriesNumber(r.series, formatReceiptNumber(r.number)), t.issuedOn(formatLongDate(r.issuedAt))]);
    if (!certified) notCertifiedNotice(doc, r.felStatus === 'not_required' ? t.notCertified.off : t.notCertified.pending);

    if (r.voidedAt) {
      // A refund voids the receipt: said at the top and across the page, with the date.
      const top = doc.y;
      const height = r.voidReason ? 46 : 32;
      doc.roundedRect(MARGIN, top, width, height, 4).fill('#fee2e2');
      doc.fillColor(VOID).font('Helvetica-Bold').fontSize(12).text(t.voided(formatLongDate(r.voidedAt)), MARGIN + 12, top + 10, { width: width - 24 });
      if (r.voidReason) doc.font('Helvetica').fontSize(9).text(t.voidReason(r.voidReason), MARGIN + 12, top + 27, { width: width - 24, height: 12, ellipsis: true });
      doc.x = MARGIN;
      doc.y = top + height + 14;
    }

    doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(t.donorSection, MARGIN, doc.y);
    doc.moveDown(0.3);
    field(doc, t.donor, r.donorName);
    field(doc, t.taxIdLabel[r.donorTaxIdKind], r.donorTaxIdKind === 'cf' ? t.cfValue : r.donorTaxId);
    if (r.donorAddress) field(doc, t.address, r.donorAddress);
    field(doc, t.email, r.donorEmail);

    doc.moveDown(0.3);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(t.giftSection, MARGIN, doc.y);
    doc.moveDown(0.3);
    field(doc, t.reference, r.referenceCode);
    field(doc, t.giftDate, formatLongDate(r.donatedAt));
    field(doc, t.type, t.typeLabels[r.donationType]);
    if (r.programName) field(doc, t.program, r.programName);
    if (r.description) field(doc, t.description, r.description);
    field(doc, t.currency, t.currencyNames[r.currency] ?? r.currency);

    // The amount, in figures and in words, in a tinted box.
    const boxTop = doc.y + 6;
    const words = amountInWords(r.amountCents, r.currency);
    doc.font('Helvetica').fontSize(11);
    const wordsHeight = doc.heightOfString(words, { width: width - 32 });
    const boxHeight = 66 + wordsHeight;
    doc.roundedRect(MARGIN, boxTop, width, boxHeight, 6).fill(SOFT);
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(t.amount, MARGIN + 16, boxTop + 12, { width: width - 32 });
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(formatCents(r.amountCents, r.currency), { width: width - 32 });
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(t.amountInWords, { width: width - 32 });
    doc.fillColor(INK).font('Helvetica').fontSize(11).text(words, { width: width - 32 });
    doc.x = MARGIN;
    doc.y = boxTop + boxHeight + 12;

    // What was charged and what the charity keeps, apart, when the donor covered the fee; a dollar gift
    // with its quetzal equivalent at the staff rate fixed when it was made (docs/product.md#receipts).
    if (r.coveredFeeCents > 0) {
      field(doc, t.grossCharged, formatCents(r.amountCents, r.currency));
      field(doc, t.coveredFee, formatCents(r.coveredFeeCents, r.currency));
      field(doc, t.netGift, formatCents(r.amountCents - r.coveredFeeCents, r.currency));
    }
    if (r.currency !== CURRENCY && r.gtqCents != null) {
      field(doc, t.quetzalEquivalent, formatCents(r.gtqCents));
      if (r.exchangeRate) {
        const day = r.exchangeRateDate ? formatDay(r.exchangeRateDate) : null;
        field(doc, t.exchangeRate, t.exchangeRateValue(formatMoney(r.exchangeRate), formatMoney(1, r.currency), day));
      }
    }

    if (certified && issuer.deductibilityText) {
      doc.moveDown(0.4);
      doc.font('Helvetica').fontSize(9).fillColor(INK).text(issuer.deductibilityText, MARGIN, doc.y, { width });
    }

    // The signer on the left (the signature image above the line when there is one) and, once certified,
    // the FEL block with SAT's QR code on the right.
    doc.moveDown(0.8);
    const top = doc.y;
    let bottom = top;
    if (issuer.signerName || signature) {
      const lineWidth = 190;
      if (signature) {
        try {
          doc.image(signature, MARGIN + 10, top, { fit: [lineWidth - 20, 48] });
        } catch {
          // An unreadable image leaves the space for a handwritten signature.
        }
      }
      const lineY = top + 52;
      doc.moveTo(MARGIN, lineY).lineTo(MARGIN + lineWidth, lineY).lineWidth(0.8).strokeColor(MUTED).stroke();
      doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(issuer.signerName ?? '', MARGIN, lineY + 4, { width: lineWidth, align: 'center' });
      if (issuer.signerTitle) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(issuer.signerTitle, MARGIN, doc.y, { width: lineWidth, align: 'center' });
      bottom = doc.y;
    }
    if (qr && r.felUuid) {
      const size = 76;
      const left = MARGIN + 205;
      const boxWidth = width - 205;
      doc.roundedRect(left, top, boxWidth, size + 16, 6).lineWidth(0.8).strokeColor(RULE).stroke();
      doc.image(qr, left + 8, top + 8, { width: size, height: size });
      const x = left + size + 18;
      const w = boxWidth - size - 26;
      doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(t.felTitle, x, top + 8, { width: w });
      doc.font('Helvetica').fontSize(7.5).fillColor(INK);
      doc.text(t.felUuid(r.felUuid), x, doc.y + 2, { width: w });
      doc.text(t.felSeriesNumber(r.felSeries ?? '', r.felNumber ?? ''), x, doc.y, { width: w });
      if (r.felCertifiedAt) doc.text(t.felCertifiedAt(formatDateTime(r.felCertifiedAt)), x, doc.y, { width: w });
      doc.fillColor(MUTED).text(t.felVerify, x, doc.y + 1, { width: w });
      bottom = Math.max(bottom, top + size + 16);
    }
    doc.x = MARGIN;
    doc.y = bottom;

    doc.moveDown(0.8);
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(t.thanks, MARGIN, doc.y, { width });
    doc.moveDown(0.6);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(certified ? t.keepNote : t.keepNoteUncertified, { width });

    if (r.voidedAt) {
      doc.save();
      doc.rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font('Helvetica-Bold').fontSize(96).fillColor(VOID).opacity(0.16);
      doc.text(t.voidedStamp, 0, doc.page.height / 2 - 50, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
      doc.opacity(1);
    }
  });
}

/**
 * The statement's closing note: the deductibility text only when SAT certified every receipt it lists
 * (FEL on); otherwise it says plainly that it is a constancia not certified by SAT, as the receipt does.
 */
function statementNote(data: StatementData): string | null {
  const certified = data.receipts.length > 0 && data.receipts.every((r) => r.felStatus === 'certified');
  return certified ? data.issuer.deductibilityText || null : t.statementNotCertified;
}

/** The height of what follows the statement's table (as drawn below): the total in words, the deductibility text, the thanks. */
function closingHeight(doc: Doc, data: StatementData, width: number): number {
  const line = (font: string, size: number, text: string) => doc.font(font).fontSize(size).heightOfString(text, { width });
  const gap = (lines: number, size: number) => doc.font('Helvetica').fontSize(size).currentLineHeight(true) * lines;
  let height = gap(1, 9.5) + line('Helvetica', 9, t.amountInWords) + line('Helvetica', 11, amountInWords(data.totalCents, CURRENCY));
  const note = statementNote(data);
  if (note) height += gap(0.8, 11) + line('Helvetica', 9, note);
  return height + gap(1.2, 9) + line('Helvetica', 11, t.thanks);
}

/**
 * The year's part per tax identity, when its receipts went to more than one (a NIT on some gifts, CF on
 * others): a donor deducts only what was issued to their NIT, so the statement never adds them under one.
 */
function statementSubtotals(data: StatementData): { label: string; count: number; cents: number }[] {
  if (data.donor.taxIds.length < 2) return [];
  return data.donor.taxIds.map((id) => {
    const mine = data.receipts.filter((r) => receiptTaxId(r) === id);
    return { label: t.statementSubtotal(t.taxIdLabel[mine[0].donorTaxIdKind], id), count: mine.length, cents: mine.reduce((sum, r) => sum + receiptQuetzalCents(r), 0) };
  });
}

/** A donor's yearly statement: every valid receipt of the year, with the total in quetzales. */
export function renderStatementPdf(data: StatementData, issuedAt = new Date()): Promise<Buffer> {
  return render(t.statementTitle(data.year), issuedAt, (doc) => {
    const width = doc.page.width - MARGIN * 2;
    header(doc, data.issuer, t.statementTitle(data.year), [t.issuedOn(formatLongDate(issuedAt))]);

    field(doc, t.donor, data.donor.name);
    field(doc, t.email, data.donor.email);
    const [only, ...others] = data.donor.taxIds;
    field(doc, t.taxId, others.length > 0 ? t.statementTaxIdMixed : only === 'CF' ? t.cfValue : only);
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(t.statementIntro(data.donor.name, data.year, statementThrough(data.year, issuedAt)), MARGIN, doc.y, { width });
    doc.moveDown(0.8);

    const mixed = others.length > 0;
    const columns = [
      { label: t.date, width: mixed ? 0.13 : 0.16, align: 'left' as const },
      { label: t.receiptNumber, width: mixed ? 0.13 : 0.17, align: 'left' as const },
      { label: t.reference, width: mixed ? 0.17 : 0.2, align: 'left' as const },
      { label: t.type, width: mixed ? 0.2 : 0.22, align: 'left' as const },
      ...(mixed ? [{ label: t.statementTaxIdColumn, width: 0.17, align: 'left' as const }] : []),
      { label: t.amount, width: mixed ? 0.2 : 0.25, align: 'right' as const },
    ];
    const subtotals = statementSubtotals(data);
    const labelSpan = mixed ? 4 : 3;
    const headings = columns.map((c) => c.label);
    const closing = closingHeight(doc, data, width);
    /** `spans`: how many columns each cell takes; `keep`: room needed below the row on the same page. */
    const row = (cells: string[], bold: boolean, fill?: string, spans: number[] = cells.map(() => 1), keep = 0) => {
      const height = 22;
      if (doc.y + height + keep > doc.page.height - MARGIN - 24) {
        doc.addPage();
        doc.y = MARGIN;
        // A long year continues on the next page under the same column headings.
        if (cells !== headings) row(headings, true, SOFT);
      }
      const y = doc.y;
      if (fill) doc.rect(MARGIN, y, width, height).fill(fill);
      let x = MARGIN + 6;
      let column = 0;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(INK);
      cells.forEach((cell, i) => {
        const taken = columns.slice(column, column + spans[i]);
        const w = taken.reduce((sum, c) => sum + c.width, 0) * (width - 12);
        doc.text(cell, x, y + 7, { width: w - 4, height, align: taken.at(-1)?.align ?? 'left', lineBreak: false, ellipsis: true });
        x += w;
        column += spans[i];
      });
      doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };

    row(headings, true, SOFT);
    data.receipts.forEach((r, i) => {
      // The last gift keeps the total and the closing lines with it, so they never open a page alone.
      const keep = i === data.receipts.length - 1 ? 22 * (1 + subtotals.length) + closing : 0;
      const taxId = mixed ? [receiptTaxId(r)] : [];
      const cells = [formatDate(r.donatedAt), receiptLabel(r), r.referenceCode, t.typeLabels[r.donationType], ...taxId, formatCents(r.amountCents, r.currency)];
      row(cells, false, undefined, undefined, keep);
    });
    // The label spans the columns before the count: in the date column alone it wrapped out of its row.
    row([t.statementTotal, t.statementCount(data.receipts.length), formatCents(data.totalCents)], true, SOFT, [labelSpan, 1, 1]);
    for (const part of subtotals) row([part.label, t.statementCount(part.count), formatCents(part.cents)], false, undefined, [labelSpan, 1, 1]);

    doc.moveDown(1);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t.amountInWords, MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(amountInWords(data.totalCents, CURRENCY), { width });
    const note = statementNote(data);
    if (note) {
      doc.moveDown(0.8);
      doc.font('Helvetica').fontSize(9).fillColor(INK).text(note, { width });
    }
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(t.thanks, { width });
  });
}

/** An email attachment rendered from its descriptor when the email is sent (docs/product.md#email). */
export async function renderEmailAttachment(db: Db, a: EmailAttachment): Promise<MailAttachment> {
  if (a.kind === 'receipt') {
    const [receipt] = await db.select().from(receipts).where(eq(receipts.id, a.receiptId)).limit(1);
    if (!receipt) throw new Error(`receipt ${a.receiptId} not found`);
    return { filename: receiptFilename(receipt), contentType: 'application/pdf', content: await renderReceiptPdf(receipt) };
  }
  const statement = await loadStatement(db, { email: a.email }, a.year);
  return { filename: `constancia-donaciones-${a.year}.pdf`, contentType: 'application/pdf', content: await renderStatementPdf(statement) };
}
